import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { currentLanguage } from '../../../lib/i18n';
import { formatCount } from '../lib/format';
import { csvPageUrl, CSV_PAGE_SIZE, fetchAllCountersCsv } from '../api/download-counters-csv';

/**
 * One CSV of every counter, built in the browser from the service's own CSV pages (format=csv,
 * 1,000 rows a page), plus the service's page links as they are for anyone who wants those.
 */
export function CountersCsvDownload({ total }: { total: number }) {
  const { t, i18n } = useTranslation('counters');
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  const pageCount = Math.max(1, Math.ceil(total / CSV_PAGE_SIZE));

  const download = async () => {
    setState('working');
    try {
      const csv = await fetchAllCountersCsv(total);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'counters.csv';
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked later: some browsers start reading the file only after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="counters-csv">
      <Button onClick={() => void download()} disabled={state === 'working'}>
        {state === 'working' ? t('csv.working') : t('csv.download', { count: total, formatted: formatCount(total, currentLanguage(i18n)) })}
      </Button>
      <p className="counters-csv__note" role="status">
        {state === 'failed' ? t('csv.failed') : null}
      </p>
      <details className="counters-csv__pages">
        <summary className="disclosure">{t('csv.pagesSummary')}</summary>
        <p>{t('csv.pagesHint', { size: CSV_PAGE_SIZE })}</p>
        <ul>
          {Array.from({ length: pageCount }, (_, index) => index + 1).map((page) => (
            <li key={page}>
              <a href={csvPageUrl(page)} download={`counters-page-${page}.csv`}>
                {t('csv.page', { page, count: pageCount })}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
