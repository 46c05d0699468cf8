import type { RequestStatus } from './detailed-status';
import type { ExtensionStatus } from './request-updates';
import type { RejectReason } from '../moderation/reject-reasons';

/**
 * Wire shapes of the GeoReport v2 + CitySDK resources, as JSON clients receive them. The
 * server's presenter builds exactly these (src/server/open311/presenter.ts), and
 * service-request-schema.ts checks answers against them at run time. Object types rather than
 * interfaces, so they fit the document layer's plain-object type.
 */
export type ServiceType = {
  service_code: string;
  service_name: string;
  description: string;
  metadata: boolean;
  type: 'realtime' | 'batch' | 'blackbox';
  keywords: string;
  group: string;
};

export type ExtendedAttributes = {
  title?: string;
  service_object_type?: string;
  service_object_id?: string;
  detailed_status: string;
  media_urls: string[];
  /** Kerro extension: the public, dated history, oldest first. */
  history?: HistoryEntry[];
  /** Kerro extension: a moderator marked this request a duplicate of that one (its updates are there). */
  duplicate_of?: string;
  /** Kerro extension: rejected by a moderator; its text, photos and place are withheld, `description` says so. */
  content_withheld?: true;
  /** Kerro extension: why a moderator rejected it (issue 41, item 3); `status_notes` says it in words. Absent for rejections before the list. */
  reject_reason?: RejectReason;
};

/**
 * One public change of a request: received, published, a status change, a public note, sent
 * to the case system of the body named in agency_responsible (`forwarded`), or a resident's
 * update a moderator published (`resident_update`, with `update`), or the reporter's answer to
 * "was it fixed?" (`reopened`, `confirmed_fixed`).
 */
export type HistoryEntry = {
  kind: 'received' | 'published' | 'status' | 'note' | 'forwarded' | 'resident_update' | 'reopened' | 'confirmed_fixed';
  datetime: string;
  /** The detailed status after the change, as in extended_attributes.detailed_status. */
  detailed_status: string;
  /** The public note given with the change; absent when none. */
  note?: string;
  /** kind `resident_update`: what the resident wrote. */
  update?: ResidentUpdateEntry;
  /** Kerro extension, on the status entry of a rejection: the duplicate's original… */
  duplicate_of?: string;
  /** …or the reason it was rejected for. */
  reject_reason?: RejectReason;
};

/** A resident's published update as the public sees it: never their address, their name only when they chose to show it. */
export type ResidentUpdateEntry = {
  text: string;
  photo_url?: string;
  name?: string;
  /** The reporter marked the problem fixed, or still there. */
  marked?: 'fixed' | 'still_there';
};

/** Kerro extension: the answer to POST requests/{id}/updates.[format]: the update waits for a moderator. */
export type ResidentUpdateAnswer = {
  update_id: string;
  status: 'pending';
};

/** mySociety's servicerequestupdates extension: one public change of a request (GET servicerequestupdates.[format]). */
export type RequestUpdate = {
  update_id: string;
  service_request_id: string;
  status: ExtensionStatus;
  /** Kerro's own detailed status after the change (CitySDK's, comma separated). */
  external_status_code: string;
  /** The public note, or the resident's published text; '' when the change has none. */
  description: string;
  updated_datetime: string;
  /** A published resident update's photo; '' when none, as open311-adapter answers. */
  media_url: string;
};

/** mySociety's servicerequestupdates extension: the answer to POST servicerequestupdates.[format]. */
export type PostedRequestUpdate = {
  update_id: string;
};

/** Kerro extension: GET requests/{id}/followers.[format]. */
export type FollowerCount = {
  service_request_id: string;
  follower_count: number;
};

/** Kerro extension: the answer to POST requests/{id}/followers.[format], the same whether or not the address already follows. */
export type FollowAnswer = {
  service_request_id: string;
  status: 'confirmation_sent';
};

export type ServiceRequest = {
  service_request_id: string;
  status_notes: string;
  status: RequestStatus;
  service_code: string;
  service_name: string;
  description: string;
  agency_responsible: string;
  service_notice: string;
  requested_datetime: string;
  updated_datetime: string;
  expected_datetime?: string;
  address: string;
  address_id: string;
  zip_code: string;
  lat?: string;
  long?: string;
  media_url?: string;
  extended_attributes?: ExtendedAttributes;
};

export type CreatedServiceRequest = {
  service_request_id: string;
  service_notice: string;
};

/** GET tokens/{token}: the request a POST's token stands for (Kerro's token is the request's id). */
export type TokenAnswer = {
  service_request_id: string;
  token: string;
};

export type GeoReportErrorRecord = {
  code: number;
  description: string;
};

/** Kerro extension (issue 28): the answer to POST requests/{id}/abuse.[format]. */
export type AbuseAnswer = {
  service_request_id: string;
  status: 'received';
};
