import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { currentLanguage } from '../../../lib/i18n';
import { formatCount } from '../lib/format';
import { countersCsv } from '../lib/counters-csv';
import { municipalityName } from '../lib/municipalities';
import { saveFile } from '../lib/save-file';
import { csvPageUrl, CSV_PAGE_SIZE, fetchAllCountersCsv } from '../api/download-counters-csv';

export interface CountersCsvDownloadProps {
  /** Every counter the service has. */
  total: number;
  /** The ids of the counters the table shows, in its order; null when no filter is on (all are shown). */
  shownIds: readonly number[] | null;
}

/**
 * The counters as one CSV file: the ones the table shows (its filters and order) or all of them,
 * built in the browser from the service's own CSV pages (format=csv, 1,000 rows a page), with the
 * municipality's name beside its code. The service's page links are there as they are too.
 */
export function CountersCsvDownload({ total, shownIds }: CountersCsvDownloadProps) {
  const { t: tp, i18n } = useTranslation('counters-table');
  const language = currentLanguage(i18n);
  const [working, setWorking] = useState<'shown' | 'all' | null>(null);
  const [failed, setFailed] = useState(false);
  const pageCount = Math.max(1, Math.ceil(total / CSV_PAGE_SIZE));
  const filtered = shownIds !== null && shownIds.length > 0;

  const download = async (ids: readonly number[] | undefined) => {
    setWorking(ids ? 'shown' : 'all');
    setFailed(false);
    try {
      const serviceCsv = await fetchAllCountersCsv(total);
      saveFile(countersCsv(serviceCsv, { ids, municipalityName: (code) => municipalityName(code, language) }), ids ? 'counters-shown.csv' : 'counters.csv');
    } catch {
      setFailed(true);
    } finally {
      setWorking(null);
    }
  };

  return (
    <div className="counters-csv">
      <div className="counters-csv__buttons">
        {filtered ? (
          <Button onClick={() => void download(shownIds)} disabled={working !== null}>
            {working === 'shown' ? tp('csv.working') : tp('csv.downloadShown', { count: shownIds.length, formatted: formatCount(shownIds.length, language) })}
          </Button>
        ) : null}
        {/* With filters on, all counters are still a click away, apart from the rows shown. */}
        <Button variant={filtered ? 'secondary' : 'primary'} onClick={() => void download(undefined)} disabled={working !== null}>
          {working === 'all' ? tp('csv.working') : tp('csv.download', { count: total, formatted: formatCount(total, language) })}
        </Button>
      </div>
      <p className="counters-csv__note" role="status">
        {failed ? tp('csv.failed') : null}
      </p>
      <details className="counters-csv__pages">
        <summary className="disclosure">{tp('csv.pagesSummary')}</summary>
        <p>{tp('csv.pagesHint', { size: CSV_PAGE_SIZE })}</p>
        <ul>
          {Array.from({ length: pageCount }, (_, index) => index + 1).map((page) => (
            <li key={page}>
              <a href={csvPageUrl(page)} download={`counters-page-${page}.csv`}>
                {tp('csv.page', { page, count: pageCount })}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
