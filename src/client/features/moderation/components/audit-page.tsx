import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DateTime } from '../../../components/request';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAuditLog } from '../api/audit-log';
import { auditFiltersOf, auditPath, hasAuditFilters } from '../lib/audit-filters';
import { consolePaths } from '../lib/console-paths';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { useAuditWords } from '../lib/use-audit-words';
import { AuditFilterForm } from './audit-filter-form';
import { LoadMore } from './load-more';

/**
 * `/moderation/audit`: who did what and when, newest first, across all requests, each entry a
 * sentence; filtered by who, action and days from the address (issue 41, item 10).
 */
export function AuditPage() {
  const { t } = useTranslation('moderation');
  useDocumentTitle(t('audit.title'));
  const words = useAuditWords();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = auditFiltersOf(params);
  const filtered = hasAuditFilters(filters);
  const log = useAuditLog(filters);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const captionId = useId();
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  // The server's refusal of the address's filters, shown at each field it names.
  const refused = log.isError && entries.length === 0 ? serverFieldErrors(log.error, t) : {};
  const refusedReasons = Object.values(refused);

  let content;
  let count = '';
  if (log.isPending) {
    content = <LoadingNotice message={t('audit.loading')} />;
  } else if (refusedReasons.length > 0) {
    content = <p className="notice notice--error">{t('audit.filters.refused', { reasons: refusedReasons.join(' ') })}</p>;
  } else if (log.isError && entries.length === 0) {
    content = <ErrorNotice message={describeError(log.error, t)} retryLabel={t('errors.retry')} onRetry={() => void log.refetch()} retrying={log.isFetching} />;
  } else if (entries.length === 0) {
    content = <p className="notice">{filtered ? t('audit.filters.emptyFiltered') : t('audit.empty')}</p>;
  } else {
    count = log.hasNextPage ? t('audit.filters.countMore', { count: entries.length }) : t('audit.filters.count', { count: entries.length });
    content = (
      <>
        <div className="console-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="console-audit-table">
            <caption id={captionId} className="visually-hidden">
              {t('audit.caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.columns.when')}</th>
                <th scope="col">{t('audit.columns.who')}</th>
                <th scope="col">{t('audit.columns.what')}</th>
                <th scope="col">{t('audit.columns.request')}</th>
              </tr>
            </thead>
            <tbody ref={bodyRef}>
              {entries.map((entry) => (
                // Focusable from code only: "Show more" moves focus to the first new row.
                <tr key={entry.id} tabIndex={-1}>
                  <td>
                    <DateTime value={entry.at} />
                  </td>
                  <td>{words.actor(entry)}</td>
                  <td>{words.sentence(entry)}</td>
                  <td>
                    {entry.service_request_id ? (
                      <Link className="console-audit-table__request" to={consolePaths.request(entry.service_request_id)}>
                        {entry.service_request_id}
                      </Link>
                    ) : (
                      <span className="console-audit-table__none">{t('audit.noRequest')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {log.isFetchNextPageError ? <ErrorNotice message={describeError(log.error, t)} /> : null}
        <LoadMore
          listRef={bodyRef}
          count={entries.length}
          focusSelector="tr"
          hasMore={log.hasNextPage}
          loading={log.isFetchingNextPage}
          onLoad={() => void log.fetchNextPage()}
          label={t('audit.more')}
          loadingLabel={t('lists.loadingMore')}
        />
      </>
    );
  }

  return (
    <div className="page moderation-audit">
      <h1>{t('audit.title')}</h1>
      <p>{t('audit.intro')}</p>
      <AuditFilterForm key={auditPath(filters)} filters={filters} errors={refused} onApply={(next) => void navigate(auditPath(next))} />
      <p className="audit-count" role="status">
        {count}
      </p>
      {content}
    </div>
  );
}
