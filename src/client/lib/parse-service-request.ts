import type { ExtendedAttributes, HistoryEntry, ResidentUpdateEntry, ServiceRequest } from '../../shared/georeport/types';
import { isRejectReason } from '../../shared/moderation/reject-reasons';
import { ApiError } from './http-client';

// Hand-written rather than zod: the map on the first page reads these, and zod is about 25 KiB
// (gzip) that page need not download.

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string as it is, a number as a string (cities send both), anything else as ''. */
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Like `text`, but undefined when there is nothing. */
const optionalText = (value: unknown): string | undefined => text(value) || undefined;

function extendedAttributesOf(value: unknown): ExtendedAttributes | undefined {
  if (!isObject(value)) return undefined;
  return {
    title: optionalText(value.title),
    service_object_type: optionalText(value.service_object_type),
    service_object_id: optionalText(value.service_object_id),
    detailed_status: text(value.detailed_status),
    media_urls: Array.isArray(value.media_urls) ? value.media_urls.filter((url): url is string => typeof url === 'string') : [],
    history: Array.isArray(value.history) ? value.history.map(historyEntryOf).filter((entry) => entry !== undefined) : undefined,
    duplicate_of: optionalText(value.duplicate_of),
    content_withheld: value.content_withheld === true || value.content_withheld === 'true' ? true : undefined,
    reject_reason: isRejectReason(value.reject_reason) ? value.reject_reason : undefined,
  };
}

/** Every kind the server writes; a Record, so a kind added to HistoryEntry fails to compile until it is read here. */
const historyKinds: Record<HistoryEntry['kind'], true> = {
  received: true,
  published: true,
  status: true,
  note: true,
  forwarded: true,
  resident_update: true,
  reopened: true,
  confirmed_fixed: true,
};
const isHistoryKind = (kind: unknown): kind is HistoryEntry['kind'] => typeof kind === 'string' && Object.hasOwn(historyKinds, kind);

/** One dated entry of a request's history (Kerro's extension); one without a known kind or a date is skipped. */
function historyEntryOf(value: unknown): HistoryEntry | undefined {
  if (!isObject(value) || !isHistoryKind(value.kind) || !text(value.datetime)) return undefined;
  const update = isObject(value.update) && text(value.update.text) ? residentUpdateOf(value.update) : undefined;
  // A resident's update with nothing to show is no entry.
  if (value.kind === 'resident_update' && !update) return undefined;
  return {
    kind: value.kind,
    datetime: text(value.datetime),
    detailed_status: text(value.detailed_status),
    note: optionalText(value.note),
    update,
    duplicate_of: optionalText(value.duplicate_of),
    reject_reason: isRejectReason(value.reject_reason) ? value.reject_reason : undefined,
  };
}

function residentUpdateOf(value: Fields): ResidentUpdateEntry {
  const marked = value.marked === 'fixed' || value.marked === 'still_there' ? value.marked : undefined;
  return { text: text(value.text), photo_url: optionalText(value.photo_url), name: optionalText(value.name), marked };
}

/**
 * One GeoReport request as the public pages show it. A real city's answers are not always tidy
 * (nulls, numbers for strings, missing fields): keep what is usable rather than failing the
 * page. Only the id is indispensable: without one, null.
 */
export function parseServiceRequest(value: unknown): ServiceRequest | null {
  if (!isObject(value)) return null;
  const id = value.service_request_id;
  if (!((typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id)))) return null;
  return {
    service_request_id: String(id),
    status_notes: text(value.status_notes),
    status: value.status === 'closed' ? 'closed' : 'open',
    service_code: text(value.service_code),
    service_name: text(value.service_name),
    description: text(value.description),
    agency_responsible: text(value.agency_responsible),
    service_notice: text(value.service_notice),
    requested_datetime: text(value.requested_datetime),
    updated_datetime: text(value.updated_datetime),
    expected_datetime: optionalText(value.expected_datetime),
    address: text(value.address),
    address_id: text(value.address_id),
    zip_code: text(value.zip_code),
    lat: optionalText(value.lat),
    long: optionalText(value.long),
    media_url: typeof value.media_url === 'string' && value.media_url !== '' ? value.media_url : undefined,
    extended_attributes: extendedAttributesOf(value.extended_attributes),
  };
}

/** A GeoReport list answer: an array, or the answer is broken; entries without an id are left out. */
export function parseServiceRequestList(body: unknown, url: string): ServiceRequest[] {
  if (!Array.isArray(body)) {
    throw new ApiError({ kind: 'invalid-response', status: 200, url, message: `requests from ${url}: not a JSON array` });
  }
  return body.flatMap((item) => parseServiceRequest(item) ?? []);
}
