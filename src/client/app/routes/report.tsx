import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReportFlow } from '../../features/report/components/report-flow';
import { reportTexts } from '../../features/report/texts';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLazyNamespace } from '../../lib/lazy-namespace';
import '../../styles/report.css';

/** /report: the resident's reporting flow (the map inside it loads on its own). */
export function ReportRoute() {
  useLazyNamespace('report', reportTexts);
  const { t } = useTranslation('report');
  const [searchParams] = useSearchParams();
  useDocumentTitle(t('title'));
  return (
    <div className="page page--report">
      <div className="intro">
        <h1>{t('title')}</h1>
        <p className="intro__text">{t('intro')}</p>
      </div>
      <ReportFlow initialServiceCode={searchParams.get('type') ?? undefined} />
    </div>
  );
}
