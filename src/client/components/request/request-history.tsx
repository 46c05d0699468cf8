import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseDetailedStatus } from '../../../shared/georeport/detailed-status';
import type { HistoryEntry, ResidentUpdateEntry } from '../../../shared/georeport/types';
import '../../styles/request-updates.css';
import { DateTime } from './date-time';
import { useDetailedStatusWords } from './use-detailed-status-words';
import { useAgencyName } from '../../hooks/use-agency-name';

/**
 * The request's public, dated history, oldest first: every status and every note as it was given.
 * `agency`: the body responsible (agency_responsible), named in the entry of its forwarding.
 */
export function RequestHistory({
  entries,
  agency,
  withHeading = true,
}: {
  entries: readonly HistoryEntry[] | undefined;
  agency?: string;
  withHeading?: boolean;
}) {
  const { t } = useTranslation('updates');
  const { t: requestWords } = useTranslation('requests');
  const statusWords = useDetailedStatusWords();
  const headingId = useId();
  const body = useAgencyName(agency);
  const describe = (entry: HistoryEntry, status: string) => {
    // A rejection's entry says what it was (issue 41, item 3): the original of a duplicate, linked, or the reason.
    if (entry.duplicate_of) {
      return <Link to={`/requests/${encodeURIComponent(entry.duplicate_of)}`}>{t('history.duplicateOf', { id: entry.duplicate_of })}</Link>;
    }
    if (entry.reject_reason) return t('history.rejectedFor', { reason: requestWords(`rejectReason.${entry.reject_reason}`) });
    if (entry.kind === 'status') return t('history.status', { status });
    if (entry.kind === 'forwarded' && body) return t('history.forwardedTo', { body });
    if (entry.kind === 'resident_update' && entry.update?.name) return t('history.resident_update_by', { name: entry.update.name });
    return t(`history.${entry.kind}`);
  };
  if (!entries || entries.length === 0) return null;
  const list = (
      <ol className="request-history__list">
        {entries.map((entry, index) => {
          const status = parseDetailedStatus(entry.detailed_status).map((value) => statusWords(value).label).join(', ');
          return (
            <li key={`${entry.datetime}-${index}`} className="request-history__entry">
              <DateTime value={entry.datetime} />
              <span className="request-history__what">
                {describe(entry, status)}
              </span>
              {entry.note ? <blockquote className="request-history__note">{entry.note}</blockquote> : null}
              {entry.update ? <ResidentUpdate update={entry.update} /> : null}
            </li>
          );
        })}
      </ol>
  );
  // Inside a panel that has its own heading (the moderator's view), the list alone.
  if (!withHeading) return list;
  return (
    <section className="request-history request-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="request-section__title">{t('history.heading')}</h2>
      {list}
    </section>
  );
}

/** A resident's published update: their words, the reporter's fixed / still there, a photo to open. */
function ResidentUpdate({ update }: { update: ResidentUpdateEntry }) {
  const { t } = useTranslation('updates');
  return (
    <div className="request-history__update">
      {update.marked ? <p className="request-history__marked">{t(`history.marked_${update.marked}`)}</p> : null}
      <blockquote className="request-history__note">{update.text}</blockquote>
      {update.photo_url ? (
        <a href={update.photo_url} className="request-history__photo">
          <img src={update.photo_url} alt={t('history.update_photo')} width={160} height={120} loading="lazy" />
        </a>
      ) : null}
    </div>
  );
}
