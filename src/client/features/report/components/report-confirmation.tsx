import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { referenceGroups } from '../lib/sent-report';
import { trackPagePath } from '../lib/track-page';

export interface ReportConfirmationProps {
  id: string;
  /** The service's own note on the new request, if it gave one. */
  notice: string;
  gaveEmail: boolean;
  /** The body it goes to (agency_responsible, in the reader's language), once the service says. */
  agency?: string;
}

/**
 * Sent: the reference, what happens next, where to follow it. The page's heading takes the focus
 * as any page's does after a route change. The reference shows in groups of four to read aloud;
 * the groups are spaced by style, not by spaces, so a copy gives the id itself.
 */
export function ReportConfirmation({ id, notice, gaveEmail, agency }: ReportConfirmationProps) {
  const { t } = useTranslation('report');
  return (
    <section className="report-confirmation" aria-labelledby="report-confirmation-title">
      <h1 id="report-confirmation-title" tabIndex={-1}>
        {t('confirmation.title')}
      </h1>
      <p className="report-confirmation__id">
        {t('confirmation.idLabel')}{' '}
        <strong className="report-reference" data-testid="report-id">
          {referenceGroups(id).map((group, index) => (
            <span key={index} className="report-reference__group">
              {group}
            </span>
          ))}
        </strong>
      </p>
      {notice ? <p>{notice}</p> : null}
      {agency ? <p className="report-confirmation__body">{t('confirmation.goesTo', { body: agency })}</p> : null}
      <h2>{t('confirmation.nextTitle')}</h2>
      <ol className="report-confirmation__next">
        <li>{t('confirmation.nextModeration')}</li>
        <li>{t('confirmation.nextPublic')}</li>
        <li>{gaveEmail ? t('confirmation.nextEmail') : t('confirmation.nextNoEmail')}</li>
      </ol>
      <div className="report-confirmation__actions">
        <Link className="button button--primary" to={trackPagePath(id)}>
          {t('confirmation.track')}
        </Link>
        <Link className="button button--secondary" to="/report">
          {t('confirmation.another')}
        </Link>
      </div>
    </section>
  );
}
