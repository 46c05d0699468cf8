import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReportFlowPlaceholder } from '../../features/report/components/report-flow-placeholder';
import { startPointFrom } from '../../features/report/lib/start-point';
import { useDocumentTitle } from '../../hooks/use-document-title';
import '../../styles/report.css';

// Asked for the moment this module runs: the flow's code (most of the page's) downloads while the
// heading and intro, the page's largest paint, render without waiting for it.
const reportFlowModule = import('../../features/report/components/report-flow');
const ReportFlow = lazy(async () => ({ default: (await reportFlowModule).ReportFlow }));

/**
 * /report: the resident's reporting flow (the map inside it loads on its own). `?type=` chooses
 * the problem type, `?lat=&lon=` sets the pin; both are taken once and the pin leaves the address,
 * so a reload keeps where the person has moved it since (the draft has it). The flow's code comes
 * in a chunk of its own, its first step's room held until it arrives.
 */
export function ReportRoute() {
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
      <Suspense fallback={<ReportFlowPlaceholder />}>
        <ReportFlow initialServiceCode={searchParams.get('type') ?? undefined} initialPoint={initialPoint} />
      </Suspense>
    </div>
  );
}
