import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isSafeMediaUrl } from './request-fields';

export interface PhotoGalleryProps {
  urls: readonly string[];
  /** At most this many thumbnails (popups show one or two); the rest are left out. */
  limit?: number;
}

/** A plain click opens the viewer; a click meant for a new tab or a download keeps the link's own way. */
const opensInPage = (clickEvent: MouseEvent) =>
  clickEvent.button === 0 && !clickEvent.ctrlKey && !clickEvent.metaKey && !clickEvent.shiftKey && !clickEvent.altKey;

/**
 * Thumbnails that open an enlarged view in the page: a modal <dialog>, so the browser keeps the
 * focus inside it and Escape closes it; the focus starts on its close button and goes back to
 * the thumbnail afterwards. Each thumbnail is still a link to the image, for a new tab and for a
 * browser without showModal. The service stores one size per photo, so the thumbnail is the same
 * file scaled by CSS; lazy loading keeps photos below the fold unloaded.
 */
export function PhotoGallery({ urls, limit }: PhotoGalleryProps) {
  const { t } = useTranslation('requests');
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [shownIndex, setShownIndex] = useState<number>();
  const titleId = useId();
  const safe = urls.filter(isSafeMediaUrl);
  const shown = limit === undefined ? safe : safe.slice(0, limit);
  const count = safe.length;

  useEffect(() => {
    const element = dialog.current;
    if (shownIndex !== undefined && element && !element.open) element.showModal();
  }, [shownIndex]);

  if (shown.length === 0) return null;
  const open = (index: number) => (clickEvent: MouseEvent<HTMLAnchorElement>) => {
    if (!opensInPage(clickEvent) || typeof dialog.current?.showModal !== 'function') return;
    clickEvent.preventDefault();
    opener.current = clickEvent.currentTarget;
    setShownIndex(index);
  };
  const shownUrl = shownIndex === undefined ? undefined : shown[shownIndex];
  const words = (index: number) => ({ number: index + 1, count });

  return (
    <>
      <ul className="photo-gallery">
        {shown.map((url, index) => (
          <li key={url} className="photo-gallery__item">
            <a className="photo-gallery__link" href={url} aria-label={t('photos.open', words(index))} onClick={open(index)}>
              <img
                className="photo-gallery__image"
                src={url}
                alt={t('photos.alt', words(index))}
                loading="lazy"
                decoding="async"
                width={240}
                height={180}
              />
            </a>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className="photo-viewer"
        aria-labelledby={titleId}
        onClose={() => {
          setShownIndex(undefined);
          opener.current?.focus();
        }}
        // A click on the dimmed backdrop (the dialog element itself, outside its box) closes it.
        onClick={(clickEvent) => {
          if (clickEvent.target === clickEvent.currentTarget) dialog.current?.close();
        }}
      >
        {shownUrl !== undefined && shownIndex !== undefined ? (
          <div className="photo-viewer__box">
            <div className="photo-viewer__bar">
              <h2 id={titleId} className="photo-viewer__title">
                {t('photos.viewer', words(shownIndex))}
              </h2>
              <button type="button" className="button button--secondary photo-viewer__close" autoFocus onClick={() => dialog.current?.close()}>
                {t('photos.close')}
              </button>
            </div>
            <img className="photo-viewer__image" src={shownUrl} alt={t('photos.alt', words(shownIndex))} />
            <p className="photo-viewer__original">
              <a href={shownUrl}>{t('photos.original')}</a>
            </p>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
