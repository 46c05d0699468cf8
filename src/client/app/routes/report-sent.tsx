import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ReportConfirmation } from '../../features/report/components/report-confirmation';
import { sentStateFrom } from '../../features/report/lib/sent-report';
import { useDocumentTitle } from '../../hooks/use-document-title';
import '../../styles/report.css';

/** /report/sent/{id}: the confirmation after sending, at its own address so a reload keeps it. */
export function ReportSentRoute() {
  const { t } = useTranslation('report');
  const { id = '' } = useParams();
  const { gaveEmail, notice } = sentStateFrom(useLocation().state);
  useDocumentTitle(t('confirmation.title'));
  return (
    <div className="page page--report">
      <ReportConfirmation id={id} notice={notice} gaveEmail={gaveEmail} />
    </div>
  );
}
