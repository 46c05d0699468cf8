import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceRequest } from '../../../shared/georeport/types';
import { DateTime } from './date-time';
import { DetailedStatusText } from './detailed-status-text';
import { Heading, type HeadingLevel } from './heading';
import { PhotoGallery } from './photo-gallery';
import { detailedStatusesOf, headlineOf, mediaUrlsOf } from './request-fields';
import { StatusBadge } from './status-badge';

export interface RequestSummaryProps {
  request: ServiceRequest;
  headingLevel?: HeadingLevel;
  /** Thumbnails shown at most (the rest are on the track page). */
  photoLimit?: number;
  /** E.g. a router link to the track page; the component itself links nowhere. */
  footer?: ReactNode;
}

/** A compact view of one request for map popups, side panels and lists. */
export function RequestSummary({ request, headingLevel = 3, photoLimit = 2, footer }: RequestSummaryProps) {
  const { t } = useTranslation('requests');
  const titleId = useId();
  const title = request.extended_attributes?.title?.trim();
  const notes = request.status_notes.trim();
  return (
    <article className="request-summary" aria-labelledby={titleId}>
      {title && request.service_name ? <p className="request-summary__service">{request.service_name}</p> : null}
      <Heading level={headingLevel} id={titleId} className="request-summary__title">
        {headlineOf(request) || t('track.untitled')}
      </Heading>
      <p className="request-summary__status">
        <StatusBadge status={request.status} detailed={detailedStatusesOf(request)} />
        <DetailedStatusText values={detailedStatusesOf(request)} />
      </p>
      <p className="request-summary__description user-text">{request.description}</p>
      {notes ? (
        <p className="request-summary__notes user-text">
          <span className="request-summary__notes-label">{t('fields.statusNotes')}: </span>
          {notes}
        </p>
      ) : null}
      <PhotoGallery urls={mediaUrlsOf(request)} limit={photoLimit} />
      <dl className="request-summary__dates">
        <div>
          <dt>{t('fields.requested')}</dt>
          <dd>
            <DateTime value={request.requested_datetime} />
          </dd>
        </div>
        <div>
          <dt>{t('fields.updated')}</dt>
          <dd>
            <DateTime value={request.updated_datetime} />
          </dd>
        </div>
      </dl>
      {footer}
    </article>
  );
}
