import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { serviceObjectLookupOf, useServiceObjectName } from '../../../api/service-object-name';
import { RequestDetails, RequestSummary } from '../../../components/request';
import { RequestPlace } from '../../../components/request/request-place';
import { currentLanguage } from '../../../lib/i18n';
import type { ModerationItem } from '@/shared/moderation/wire';

/**
 * The request exactly as the public will see it: the track page's own RequestDetails and the
 * map's RequestSummary, fed the GeoReport answer the public gets. Nothing here is console-made.
 */
export function PublicPreview({ item }: { item: ModerationItem }) {
  const { t, i18n } = useTranslation('moderation');
  const mapHeadingId = useId();
  const objectName = useServiceObjectName(serviceObjectLookupOf(item.public, currentLanguage(i18n)));
  return (
    <div className="public-preview">
      <p className="public-preview__hint">{t(`preview.hint.${item.moderation}`)}</p>
      <div className="public-preview__frame" data-testid="public-preview-track">
        <RequestDetails
          request={item.public}
          headingLevel={3}
          objectName={objectName.data}
          place={<RequestPlace request={item.public} objectName={objectName.data} />}
        />
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
