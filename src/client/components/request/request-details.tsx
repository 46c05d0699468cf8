import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceRequest } from '../../../shared/georeport/types';
import { DateTime } from './date-time';
import { DetailedStatusSteps } from './detailed-status-steps';
import { DetailedStatusText } from './detailed-status-text';
import { Heading, nextLevel, type HeadingLevel } from './heading';
import { PhotoGallery } from './photo-gallery';
import { RequestLocation } from './request-location';
import { detailedStatusesOf, headlineOf, mediaUrlsOf } from './request-fields';
import { StatusBadge } from './status-badge';
import { useAgencyName } from '../../hooks/use-agency-name';

export interface RequestDetailsProps {
  request: ServiceRequest;
  /** The level of the request's own heading; sections use the next one. */
  headingLevel?: HeadingLevel;
  /** Shown right under the heading, e.g. the "waiting for moderation" notice. */
  notice?: ReactNode;
  /** What a visitor can do with the request (the track page's "Share"), under its status. */
  actions?: ReactNode;
  /** Used when the request has neither a title nor a service name. */
  fallbackHeadline?: string;
  /** The name of the service object the request points at, when the page looked it up (it has no address). */
  objectName?: string | null;
  /**
   * The place shown as its own section at the top of the side column (the track page's map and
   * address, request-place.tsx); the details then leave the location out.
   */
  place?: ReactNode;
  /**
   * Sections of their own (the track page's history and following): under the main column on wide
   * screens, after everything on phones, so their late arrival moves nothing above them.
   */
  more?: ReactNode;
}

/**
 * Everything the public may see of one request. Pure: the page fetches and passes the data,
 * so the track page and the moderator's public-view preview show exactly the same thing.
 * All texts people wrote are rendered as text nodes, never as HTML.
 */
export function RequestDetails({ request, headingLevel = 1, notice, actions, fallbackHeadline, objectName, place, more }: RequestDetailsProps) {
  const { t } = useTranslation('requests');
  const titleId = useId();
  const sectionLevel = nextLevel(headingLevel);
  const title = request.extended_attributes?.title?.trim();
  const headline = headlineOf(request) || fallbackHeadline || t('track.untitled');
  const detailed = detailedStatusesOf(request);
  const photos = mediaUrlsOf(request);
  const notes = request.status_notes.trim();
  const agency = useAgencyName(request.agency_responsible);

  return (
    <article className="request-details" aria-labelledby={titleId}>
      <header className="request-details__header">
        {title && request.service_name ? <p className="request-details__service">{request.service_name}</p> : null}
        <Heading level={headingLevel} id={titleId} className="request-details__title">
          {headline}
        </Heading>
        <p className="request-details__status">
          <StatusBadge status={request.status} detailed={detailed} />
          {/* Read as "Status: Closed, Rejected", not "ClosedRejected". */}
          <span className="visually-hidden">, </span>
          <RejectionText request={request} fallback={<DetailedStatusText values={detailed} />} />
        </p>
        {actions}
      </header>
      {notice}
      <div className="request-details__body">
        <div className="request-details__main">
          {/* The city's answer is the news a returning resident looks for: it comes first. */}
          {notes ? (
            <RequestSection level={sectionLevel} title={t('fields.statusNotes')} className="request-details__notes">
              <p className="user-text">{notes}</p>
            </RequestSection>
          ) : null}
          {/* A withheld report's description is the service's notice, which the page's own notice says already. */}
          {request.extended_attributes?.content_withheld ? null : (
            <RequestSection level={sectionLevel} title={t('fields.description')}>
              <p className="user-text">{request.description}</p>
            </RequestSection>
          )}
          {photos.length > 0 ? (
            <RequestSection level={sectionLevel} title={t('photos.heading')}>
              <PhotoGallery urls={photos} />
            </RequestSection>
          ) : null}
        </div>
        <div className="request-details__side">
          {place ? (
            <RequestSection level={sectionLevel} title={t('fields.location')}>
              {place}
            </RequestSection>
          ) : null}
          {detailed.length > 0 ? (
            <RequestSection level={sectionLevel} title={t('detailedStatus.heading')}>
              {/* A duplicate's progress is its original's: REJECTED here would say it was turned down. */}
              {request.extended_attributes?.duplicate_of ? (
                <RejectionText request={request} fallback={null} />
              ) : (
                <>
                  <DetailedStatusSteps values={detailed} />
                  <DetailedStatusText values={detailed} variant="full" />
                </>
              )}
            </RequestSection>
          ) : null}
          <RequestSection level={sectionLevel} title={t('fields.details')}>
            <dl className="request-facts">
              {request.service_name ? <Fact term={t('fields.serviceName')}>{request.service_name}</Fact> : null}
              <Fact term={t('fields.requested')}>
                <DateTime value={request.requested_datetime} />
              </Fact>
              <Fact term={t('fields.updated')}>
                <DateTime value={request.updated_datetime} />
              </Fact>
              {request.expected_datetime ? (
                <Fact term={t('fields.expected')}>
                  <DateTime value={request.expected_datetime} />
                </Fact>
              ) : null}
              {place ? null : (
                <Fact term={t('fields.location')}>
                  <RequestLocation request={request} objectName={objectName} />
                </Fact>
              )}
              {agency ? <Fact term={t('fields.agency')}>{agency}</Fact> : null}
              <Fact term={t('fields.id')}>
                <span className="request-facts__id">{request.service_request_id}</span>
              </Fact>
            </dl>
          </RequestSection>
        </div>
        {more ? <div className="request-details__more">{more}</div> : null}
      </div>
    </article>
  );
}

/**
 * A rejection as the public reads it (issue 41, item 3): "Duplicate of #id", linked to the
 * original, or "Rejected · its reason"; any other state as its detailed status.
 */
function RejectionText({ request, fallback }: { request: ServiceRequest; fallback: ReactNode }) {
  const { t } = useTranslation('requests');
  const originalId = request.extended_attributes?.duplicate_of;
  const reason = request.extended_attributes?.reject_reason;
  if (originalId) {
    return (
      <span className="detailed-status-text">
        <Link to={`/requests/${encodeURIComponent(originalId)}`}>{t('duplicateOf', { id: originalId })}</Link>
      </span>
    );
  }
  if (!reason) return fallback;
  return <span className="detailed-status-text">{`${t('detailedStatus.REJECTED.label')} · ${t(`rejectReason.${reason}`)}`}</span>;
}

function RequestSection({
  level,
  title,
  className,
  children,
}: {
  level: HeadingLevel;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={['request-section', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <Heading level={level} id={headingId} className="request-section__title">
        {title}
      </Heading>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="request-facts__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
