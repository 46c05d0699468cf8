import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReportFlow } from '../../features/report/components/report-flow';
import { startPointFrom } from '../../features/report/lib/start-point';
import { reportTexts } from '../../features/report/texts';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLazyNamespace } from '../../lib/lazy-namespace';
import '../../styles/report.css';

/**
 * /report: the resident's reporting flow (the map inside it loads on its own). `?type=` chooses
 * the problem type, `?lat=&lon=` sets the pin; both are taken once and the pin leaves the address,
 * so a reload keeps where the person has moved it since (the draft has it).
 */
export function ReportRoute() {
  useLazyNamespace('report', reportTexts);
  const { t } = useTranslation('report');
  const [searchParams, setSearchParams] = useSearchParams();
  const [initialPoint] = useState(() => startPointFrom(searchParams));
  useDocumentTitle(t('title'));
  useEffect(() => {
    if (!searchParams.has('lat') && !searchParams.has('lon')) return;
    setSearchParams(
      (params) => {
        params.delete('lat');
        params.delete('lon');
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);
  return (
    <div className="page page--report">
      <div className="intro">
        <h1>{t('title')}</h1>
        <p className="intro__text">{t('intro')}</p>
      </div>
      <ReportFlow initialServiceCode={searchParams.get('type') ?? undefined} initialPoint={initialPoint} />
    </div>
  );
}
