/** Shared, props-in views of a service request: the track page, map popups and moderation use them. */
export { RequestDetails, type RequestDetailsProps } from './request-details';
export { RequestSummary, type RequestSummaryProps } from './request-summary';
export { StatusBadge } from './status-badge';
export { DetailedStatusText, type DetailedStatusTextProps } from './detailed-status-text';
export { DetailedStatusSteps } from './detailed-status-steps';
export { PhotoGallery, type PhotoGalleryProps } from './photo-gallery';
export { RequestLocation } from './request-location';
export { DateTime } from './date-time';
export { headlineOf, detailedStatusesOf, mediaUrlsOf, coordinatesOf } from './request-fields';
export { RequestHistory } from './request-history';
