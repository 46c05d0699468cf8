import { useEffect, useRef, useState } from 'react';
import { FormField } from './form-field';
import '../../styles/forms.css';

export interface PhotoFieldTexts {
  label: string;
  hint: string;
  /** What is said beside a chosen photo's preview. */
  chosen: (name: string) => string;
  /** The name of the button that takes a chosen photo off again. */
  remove: (name: string) => string;
}

interface PhotoFieldProps {
  id: string;
  photos: readonly File[];
  /** How many may be chosen: one makes a single-photo field. */
  max: number;
  onChange: (photos: File[]) => void;
  texts: PhotoFieldTexts;
  error?: string | undefined;
}

const accepted = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * Optional photos: the file input, then each chosen one as a small preview with its name and a
 * button to take it off again (a bare file input shows only a name, or nothing on some phones,
 * and cannot be emptied). Choosing again adds to what is chosen, up to `max`.
 */
export function PhotoField({ id, photos, max, onChange, texts, error }: PhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);

  const choose = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    onChange(max === 1 ? chosen.slice(0, 1) : [...photos, ...chosen].slice(0, max));
    // Emptied, so the same file can be chosen again after it was taken off.
    if (max > 1 && input.current) input.current.value = '';
  };
  const remove = (index: number) => {
    onChange(photos.filter((_, position) => position !== index));
    if (input.current) {
      input.current.value = '';
      input.current.focus();
    }
  };

  return (
    <FormField id={id} label={texts.label} hint={texts.hint} error={error}>
      {(control) => (
        <>
          <input {...control} ref={input} className="input" type="file" accept={accepted} multiple={max > 1} disabled={max > 1 && photos.length >= max} onChange={(event) => choose(event.target.files)} />
          {photos.length > 0 ? (
            <ul className="photo-field__photos">
              {photos.map((photo, index) => (
                <ChosenPhoto key={`${index}-${photo.name}`} photo={photo} texts={texts} onRemove={() => remove(index)} />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </FormField>
  );
}

function ChosenPhoto({ photo, texts, onRemove }: { photo: File; texts: PhotoFieldTexts; onRemove: () => void }) {
  const preview = usePreviewUrl(photo);
  return (
    <li className="photo-field__photo">
      {preview ? <img src={preview} alt="" width={96} height={96} /> : null}
      <span className="photo-field__name">{texts.chosen(photo.name)}</span>
      <button type="button" className="button button--secondary" onClick={onRemove}>
        {texts.remove(photo.name)}
      </button>
    </li>
  );
}

/** An object URL for the chosen file while it is shown, released when it changes or goes. */
function usePreviewUrl(photo: File): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    // Without object URLs (jsdom), the name alone is shown.
    if (typeof URL.createObjectURL !== 'function') return setUrl(undefined);
    const created = URL.createObjectURL(photo);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [photo]);
  return url;
}
