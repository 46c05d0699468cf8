import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/ui/form-field';

interface UpdatePhotoFieldProps {
  id: string;
  photo: File | undefined;
  onChange: (photo: File | undefined) => void;
}

/**
 * The update's one optional photo: the file input, then what was chosen as a small preview with
 * its name and a button to take it off again (a bare file input shows only a name, or nothing on
 * some phones, and cannot be emptied).
 */
export function UpdatePhotoField({ id, photo, onChange }: UpdatePhotoFieldProps) {
  const { t } = useTranslation('resident-updates');
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreviewUrl(photo);

  const remove = () => {
    onChange(undefined);
    if (input.current) {
      input.current.value = '';
      input.current.focus();
    }
  };

  return (
    <FormField id={id} label={t('photoLabel')} hint={t('photoHint')}>
      {(control) => (
        <>
          <input {...control} ref={input} className="input" type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={(event) => onChange(event.target.files?.[0])} />
          {photo ? (
            <div className="resident-update__photo">
              {preview ? <img src={preview} alt="" width={96} height={96} /> : null}
              <span className="resident-update__photo-name">{t('photoChosen', { name: photo.name })}</span>
              <button type="button" className="button button--secondary" onClick={remove}>
                {t('photoRemove')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </FormField>
  );
}

/** An object URL for the chosen file while it is shown, released when it changes or goes. */
function usePreviewUrl(photo: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    // Without object URLs (jsdom), the name alone is shown.
    if (!photo || typeof URL.createObjectURL !== 'function') return setUrl(undefined);
    const created = URL.createObjectURL(photo);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [photo]);
  return url;
}
