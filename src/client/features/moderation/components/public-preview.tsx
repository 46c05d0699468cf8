import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestDetails, RequestSummary } from '../../../components/request';
import type { ModerationItem } from '../../../../shared/moderation/wire';

/**
 * The request exactly as the public will see it: the track page's own RequestDetails and the
 * map's RequestSummary, fed the GeoReport answer the public gets. Nothing here is console-made.
 */
export function PublicPreview({ item }: { item: ModerationItem }) {
  const { t } = useTranslation('moderation');
  const mapHeadingId = useId();
  return (
    <div className="public-preview">
      <p className="public-preview__hint">{t(`preview.hint.${item.moderation}`)}</p>
      <div className="public-preview__frame" data-testid="public-preview-track">
        <RequestDetails request={item.public} headingLevel={3} />
      </div>
      <section className="public-preview__map" aria-labelledby={mapHeadingId}>
        <h3 id={mapHeadingId} className="public-preview__map-title">
          {t('preview.onMap')}
        </h3>
        <div className="public-preview__frame public-preview__frame--summary" data-testid="public-preview-map">
          <RequestSummary request={item.public} headingLevel={4} />
        </div>
      </section>
    </div>
  );
}
