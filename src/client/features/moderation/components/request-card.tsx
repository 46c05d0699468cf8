import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RequestSummary, headlineOf } from '../../../components/request';
import type { ModerationItem } from '@/shared/moderation/wire';
import { consolePaths } from '../lib/console-paths';
import { DuplicateMarks } from './duplicate-marks';
import { FlagMarkers } from './flag-markers';
import { ModerationStateBadge } from './moderation-state-badge';
import { PrivateDetails } from './private-details';
import { RequestPlace } from './request-place';

/**
 * One request in the queue or a list: the public summary (the map's own component), where it
 * is, what needs attention (flags), the reporter's contact details under it, and the way into its
 * review page.
 */
export function RequestCard({
  item,
  showState = false,
  selection,
}: {
  item: ModerationItem;
  showState?: boolean;
  /** For bulk actions (issue 41, item 7): whether the card is selected, and how to change that. */
  selection?: { selected: boolean; onChange: (selected: boolean) => void };
}) {
  const { t } = useTranslation('moderation');
  const headline = headlineOf(item.public) || t('review.untitled');
  const body = item.public.agency_responsible?.trim();
  const footer = (
    <>
      <RequestPlace request={item.public} />
      {body ? <p className="moderation-card__body">{t('queue.body', { body })}</p> : null}
      <FlagMarkers flags={item.flags} />
      <DuplicateMarks duplicates={item.likely_duplicates} />
      <div className="moderation-card__private">
        {showState ? (
          <p className="moderation-card__state">
            <ModerationStateBadge state={item.moderation} />
          </p>
        ) : null}
        <p className="moderation-card__private-title">{t('private.heading')}</p>
        <PrivateDetails details={item.private} compact />
        {item.media.length > 0 ? <p className="moderation-card__photos">{t('queue.photos', { count: item.media.length })}</p> : null}
        {/* The name starts with the visible word (WCAG 2.5.3) and says which report, as links in a list must. */}
        <Link
          className="button button--primary moderation-card__review"
          to={consolePaths.request(item.service_request_id)}
          aria-label={t('queue.reviewLabel', { headline })}
        >
          {t('queue.review')}
        </Link>
      </div>
    </>
  );
  return (
    <li className="moderation-card">
      {selection ? (
        <label className="moderation-card__select">
          <input type="checkbox" checked={selection.selected} onChange={(event) => selection.onChange(event.target.checked)} />
          {/* Names the report, as every control in a list must. */}
          <span className="visually-hidden">{t('bulk.selectLabel', { headline })}</span>
        </label>
      ) : null}
      <RequestSummary request={item.public} headingLevel={2} photoLimit={1} footer={footer} />
    </li>
  );
}
