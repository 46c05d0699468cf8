import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ReportConfirmation } from '../../features/report/components/report-confirmation';
import { sentStateFrom } from '../../features/report/lib/sent-report';
import { useRequest } from '../../features/requests/api/get-request';
import { currentLanguage } from '../../lib/i18n';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAgencyName } from '../../hooks/use-agency-name';
import '../../styles/report.css';

/** /report/sent/{id}: the confirmation after sending, at its own address so a reload keeps it. */
export function ReportSentRoute() {
  const { t, i18n } = useTranslation('report');
  const { id = '' } = useParams();
  // Whom it goes to, as the service names the body at its place; nothing while offline.
  const agency = useAgencyName(useRequest({ id, locale: currentLanguage(i18n) }).data?.agency_responsible);
  const { gaveEmail, notice } = sentStateFrom(useLocation().state);
  useDocumentTitle(t('confirmation.title'));
  return (
    <div className="page page--report">
      <ReportConfirmation id={id} notice={notice} gaveEmail={gaveEmail} agency={agency} />
    </div>
  );
}
