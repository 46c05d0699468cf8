import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FieldErrorText } from '../../../components/ui/form-field';
import { currentLanguage } from '../../../lib/i18n';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '../photos/photo-rules';
import type { DraftPhotos, PhotoRejection } from '../photos/use-draft-photos';
import { formatBytes } from '../lib/format';

export const PHOTOS_FOCUS_ID = 'report-photos-choose';

export interface PhotoStepProps {
  photos: DraftPhotos;
  /** An error from the API about the photos. */
  error?: string;
}

/** Choose or take photos; previews with remove buttons; problems with files said plainly. */
export function PhotoStep({ photos, error }: PhotoStepProps) {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const full = photos.items.length + photos.processing >= MAX_PHOTOS;

  const onFiles = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    input.value = ''; // choosing the same file again must fire change again
    if (files.length > 0) void photos.add(files);
  };

  const rejectionText = (rejection: PhotoRejection) => {
    switch (rejection.reason) {
      case 'notImage':
        return t('photos.notImage', { name: rejection.name });
      case 'tooLarge':
        return t('photos.tooLarge', { name: rejection.name, max: formatBytes(MAX_PHOTO_BYTES, locale) });
      case 'unreadable':
        return t('photos.unreadable', { name: rejection.name });
      case 'tooMany':
        return t('photos.tooMany', { name: rejection.name, max: MAX_PHOTOS });
    }
  };

  const remove = (id: string, position: number) => {
    void photos.remove(id);
    setAnnouncement(t('photos.removed', { number: position }));
    // After the re-render: the button may have been disabled while the list was full.
    setTimeout(() => chooseButton.current?.focus(), 0);
  };

  return (
    <div className="photo-step">
      <p className="form-field__hint">{t('photos.hint', { max: MAX_PHOTOS })}</p>
      {error ? <FieldErrorText id="report-photos-error" message={error} /> : null}
      <div className="photo-step__actions">
        {/* A plain button: focus comes back here after a photo is removed. */}
        <button
          ref={chooseButton}
          id={PHOTOS_FOCUS_ID}
          type="button"
          className="button button--secondary"
          onClick={() => fileInput.current?.click()}
          disabled={full}
          aria-describedby={error ? 'report-photos-error' : undefined}
        >
          {t('photos.choose')}
        </button>
        <Button variant="secondary" className="photo-step__camera" onClick={() => cameraInput.current?.click()} disabled={full}>
          {t('photos.takePhoto')}
        </Button>
        <input ref={fileInput} type="file" accept="image/*" multiple hidden data-testid="photo-input" onChange={(changeEvent) => onFiles(changeEvent.currentTarget)} />
        <input ref={cameraInput} type="file" accept="image/*" capture="environment" hidden onChange={(changeEvent) => onFiles(changeEvent.currentTarget)} />
      </div>
      <p className="photo-step__status" role="status">
        {photos.processing > 0
          ? t('photos.processing', { count: photos.processing })
          : announcement || (photos.items.length > 0 ? t('photos.count', { count: photos.items.length, max: MAX_PHOTOS }) : '')}
      </p>
      {photos.rejections.length > 0 ? (
        <div className="notice notice--error photo-step__rejections" role="alert">
          <ul>
            {photos.rejections.map((rejection, index) => (
              <li key={`${rejection.name}-${index}`}>{rejectionText(rejection)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {photos.items.length + photos.processing > 0 ? (
        <ul className="photo-list">
          {photos.items.map((item, index) => (
            <li key={item.id} className="photo-list__item">
              <img className="photo-list__image" src={item.url} alt={t('photos.previewAlt', { number: index + 1, name: item.name })} />
              <Button variant="secondary" className="photo-list__remove" onClick={() => remove(item.id, index + 1)}>
                {t('photos.remove', { number: index + 1 })}
              </Button>
            </li>
          ))}
          {/* A photo still being prepared keeps its place, the size it will have: nothing jumps when it arrives. */}
          {Array.from({ length: photos.processing }, (_, index) => {
            const number = photos.items.length + index + 1;
            return (
              <li key={`pending-${number}`} className="photo-list__item photo-list__item--pending" aria-hidden="true">
                <span className="photo-list__placeholder" />
                <span className="button button--secondary photo-list__remove photo-list__remove--pending">{t('photos.remove', { number })}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
