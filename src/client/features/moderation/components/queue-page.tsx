import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { currentLanguage } from '../../../lib/i18n';
import { isModerationFlag, isModerationState, type ModerationItem, type ModerationState } from '@/shared/moderation/wire';
import { useQueue, useRequestList } from '../api/request-lists';
import { describeError } from '../lib/describe-error';
import { FlagFilter } from './flag-filter';
import { LoadMore } from './load-more';
import { BulkToolbar } from './bulk-toolbar';
import { RequestCard } from './request-card';
import { headlineOf } from '../../../components/request';

/**
 * `/moderation`: the queue of requests waiting for a moderator, oldest first, with their count.
 * `?state=published|rejected` lists those instead, newest first, so published requests can be
 * handled later (status, notes) and rejected ones looked up. `?flag=` (issue 41) keeps only the
 * queue's or the published list's requests that need that attention.
 */
export function QueuePage() {
  const { t, i18n } = useTranslation('moderation');
  const locale = currentLanguage(i18n);
  const [params] = useSearchParams();
  const stateParam = params.get('state');
  const state: ModerationState = isModerationState(stateParam) ? stateParam : 'pending';
  const isQueue = state === 'pending';
  const filterable = state !== 'rejected';
  const flagParam = params.get('flag');
  const flag = filterable && isModerationFlag(flagParam) ? flagParam : undefined;
  const listTitle = t(`lists.${state}.title`);
  const flagLabel = flag ? t(`flags.${flag}`) : undefined;
  useDocumentTitle(flagLabel ? t('flags.title', { list: listTitle, flag: flagLabel }) : listTitle);
  const listRef = useRef<HTMLOListElement>(null);

  const queue = useQueue(locale, flag, isQueue);
  const list = useRequestList(state, locale, flag, !isQueue);
  const query = isQueue ? queue : list;
  const items: ModerationItem[] = isQueue
    ? (queue.data?.pages.flatMap((page) => page.items) ?? [])
    : (list.data?.pages.flatMap((page) => page.items) ?? []);
  const total = queue.data?.pages[0]?.total;
  // Bulk actions (issue 41, item 7) on the queue and the published list; rejected reports have none.
  const bulkable = state !== 'rejected';
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // Only what is still on the page: a report a refresh took away is no longer selected.
  const selected = items.filter((item) => chosen.has(item.service_request_id)).map((item) => item.service_request_id);
  const allSelected = items.length > 0 && selected.length === items.length;
  const choose = (id: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const headlineById = (id: string) => {
    const item = items.find((candidate) => candidate.service_request_id === id);
    return (item && headlineOf(item.public)) || id;
  };

  let content;
  if (query.isPending) {
    content = <LoadingNotice message={t('lists.loading')} />;
  } else if (query.isError && items.length === 0) {
    content = (
      <ErrorNotice message={describeError(query.error, t)} retryLabel={t('errors.retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  } else if (items.length === 0 && flagLabel) {
    content = <p className="notice">{t('flags.empty', { flag: flagLabel })}</p>;
  } else if (items.length === 0) {
    content = <p className="notice">{t(`lists.${state}.empty`)}</p>;
  } else {
    content = (
      <>
        {bulkable ? (
          <div className="bulk-select">
            <label>
              <input
                type="checkbox"
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = selected.length > 0 && !allSelected;
                }}
                onChange={(event) => setChosen(new Set(event.target.checked ? items.map((item) => item.service_request_id) : []))}
              />{' '}
              {t('bulk.selectAll')}
            </label>
          </div>
        ) : null}
        <ol className="moderation-cards" ref={listRef}>
          {items.map((item) => (
            <RequestCard
              key={item.service_request_id}
              item={item}
              showState={!isQueue}
              {...(bulkable
                ? { selection: { selected: chosen.has(item.service_request_id), onChange: (on: boolean) => choose(item.service_request_id, on) } }
                : {})}
            />
          ))}
        </ol>
        {query.isFetchNextPageError ? <ErrorNotice message={describeError(query.error, t)} /> : null}
        <LoadMore
          listRef={listRef}
          count={items.length}
          focusSelector=".moderation-card__review"
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoad={() => void query.fetchNextPage()}
          label={t('lists.more')}
          loadingLabel={t('lists.loadingMore')}
        />
      </>
    );
  }

  return (
    <div className="page moderation-queue">
      <div className="moderation-queue__head">
        <h1>{listTitle}</h1>
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching && !query.isPending ? t('lists.refreshing') : t('lists.refresh')}
        </Button>
      </div>
      <p className="moderation-queue__intro">{t(`lists.${state}.intro`)}</p>
      {filterable ? <FlagFilter state={state} current={flag} /> : null}
      {isQueue ? (
        <p className="moderation-queue__count" role="status">
          {total === undefined ? '' : t('queue.count', { count: total })}
        </p>
      ) : null}
      {bulkable ? (
        <BulkToolbar
          selected={selected}
          headlineOf={headlineById}
          onDone={(changed) => setChosen((previous) => new Set([...previous].filter((id) => !changed.includes(id))))}
        />
      ) : null}
      {content}
    </div>
  );
}
