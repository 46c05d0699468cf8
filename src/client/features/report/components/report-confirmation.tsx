import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import type { CreatedReport } from '../api/create-service-request';
import { trackPagePath } from './nearby-requests';

export interface ReportConfirmationProps {
  created: CreatedReport;
  gaveEmail: boolean;
  onReportAnother: () => void;
}

/** Sent: the request id, what happens next, where to follow it. Takes the focus when shown. */
export function ReportConfirmation({ created, gaveEmail, onReportAnother }: ReportConfirmationProps) {
  const { t } = useTranslation('report');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className="report-confirmation" aria-labelledby="report-confirmation-title">
      <h2 id="report-confirmation-title" ref={headingRef} tabIndex={-1}>
        {t('confirmation.title')}
      </h2>
      <p className="report-confirmation__id">
        {t('confirmation.idLabel')} <strong data-testid="report-id">{created.service_request_id}</strong>
      </p>
      {created.service_notice ? <p>{created.service_notice}</p> : null}
      <h3>{t('confirmation.nextTitle')}</h3>
      <ol className="report-confirmation__next">
        <li>{t('confirmation.nextModeration')}</li>
        <li>{t('confirmation.nextPublic')}</li>
        <li>{gaveEmail ? t('confirmation.nextEmail') : t('confirmation.nextNoEmail')}</li>
      </ol>
      <div className="report-confirmation__actions">
        <Link className="button button--primary" to={trackPagePath(created.service_request_id)}>
          {t('confirmation.track')}
        </Link>
        <Button variant="secondary" onClick={onReportAnother}>
          {t('confirmation.another')}
        </Button>
      </div>
    </section>
  );
}
