import { useTranslation } from 'react-i18next';
import { isSafeMediaUrl } from './request-fields';

export interface PhotoGalleryProps {
  urls: readonly string[];
  /** At most this many thumbnails (popups show one or two); the rest are left out. */
  limit?: number;
}

/**
 * Thumbnails that open the full image. The service stores one size per photo, so the
 * thumbnail is the same file scaled by CSS; lazy loading keeps photos below the fold unloaded.
 */
export function PhotoGallery({ urls, limit }: PhotoGalleryProps) {
  const { t } = useTranslation('requests');
  const safe = urls.filter(isSafeMediaUrl);
  const shown = limit === undefined ? safe : safe.slice(0, limit);
  if (shown.length === 0) return null;
  const count = safe.length;
  return (
    <ul className="photo-gallery">
      {shown.map((url, index) => (
        <li key={url} className="photo-gallery__item">
          <a className="photo-gallery__link" href={url} aria-label={t('photos.open', { number: index + 1, count })}>
            <img
              className="photo-gallery__image"
              src={url}
              alt={t('photos.alt', { number: index + 1, count })}
              loading="lazy"
              decoding="async"
              width={240}
              height={180}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
