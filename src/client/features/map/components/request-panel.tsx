import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceRequest } from '@/shared/georeport/types';
import { RequestSummary } from '../../../components/request';
import { Button } from '../../../components/ui/button';

export interface RequestPanelProps {
  request: ServiceRequest;
  onClose: () => void;
  /** Move keyboard focus here when shown (a marker or list item was just chosen). */
  takeFocus: boolean;
}

/** The side panel of the chosen request: the shared summary plus a way to its track page. */
export function RequestPanel({ request, onClose, takeFocus }: RequestPanelProps) {
  const { t } = useTranslation('map');
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) panel.current?.focus({ preventScroll: false });
  }, [takeFocus, request.service_request_id]);
  return (
    <div className="map-panel" ref={panel} tabIndex={-1} data-request-id={request.service_request_id}>
      <div className="map-panel__bar">
        <p className="map-panel__kind">{t('panel.requestKind')}</p>
        <Button variant="secondary" className="map-panel__close" onClick={onClose}>
          {t('panel.close')}
        </Button>
      </div>
      <RequestSummary
        request={request}
        headingLevel={2}
        photoLimit={4}
        footer={
          <p className="map-panel__link">
            <Link to={`/requests/${encodeURIComponent(request.service_request_id)}`}>{t('panel.openTrackPage')}</Link>
          </p>
        }
      />
    </div>
  );
}
