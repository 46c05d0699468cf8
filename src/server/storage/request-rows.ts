/**
 * How a service request is laid out in a table row, for every backend: the detailed status as a
 * comma list, attributes as JSON text, `status` always derived from the detailed status. The one
 * place that encodes and decodes it, for inserts, reads and moderation's changes alike.
 */
import { statusOfDetailedStatus } from '../../shared/georeport/detailed-status';
import { isRejectReason } from '../../shared/moderation/reject-reasons';
import type { ListingEntry } from './repositories/core';
import type { NewServiceRequest, RequestFieldChanges, ServiceRequestRecord, StoredMedia } from './repositories/types';

/** A row as a database returns it: the record, with the list and map columns still as text. */
export type ServiceRequestRow = Omit<ServiceRequestRecord, 'detailed_status' | 'attributes' | 'media' | 'reject_reason'> & {
  detailed_status: string;
  /** A code of the reject reasons' list; decoded through it, so a code this version does not know reads as an old rejection (withheld). */
  reject_reason: string | null;
  attributes_json: string;
};

export const requestColumns = [
  'service_request_id', 'service_code', 'title', 'description', 'lat', 'long', 'address_string',
  'address_id', 'zip_code', 'service_object_type', 'service_object_id', 'email', 'first_name', 'last_name',
  'phone', 'device_id', 'account_id', 'locale', 'status', 'detailed_status', 'status_notes',
  'agency_responsible', 'service_notice', 'moderation', 'external_media_url', 'attributes_json',
  'requested_at', 'updated_at', 'expected_at', 'duplicate_of', 'body_id', 'reject_reason', 'reject_where',
] as const;

export type RequestColumn = (typeof requestColumns)[number];

/** A listing's entries: read as arrays in this order, so the order is ListingEntry's. */
export const listingEntryColumns = ['service_request_id', 'service_code', 'revision'] as const;

/** The same columns read as an object (the radius search's rows). */
export interface ListingEntryRow {
  service_request_id: string;
  service_code: string;
  revision: number;
}

export const listingEntryOf = (row: ListingEntryRow): ListingEntry => [
  row.service_request_id,
  row.service_code,
  row.revision,
];

export function encodeDetailedStatus(detailed: readonly string[]): string {
  return detailed.join(',');
}

export function decodeDetailedStatus(text: string): string[] {
  return text === '' ? [] : text.split(',');
}

/** A new row: duplicate_of and the reject reason are left to their default (none). */
export type NewServiceRequestRow = Omit<ServiceRequestRow, 'duplicate_of' | 'reject_reason' | 'reject_where'>;

export function encodeRequest(request: NewServiceRequest): NewServiceRequestRow {
  return {
    service_request_id: request.service_request_id,
    service_code: request.service_code,
    title: request.title,
    description: request.description,
    lat: request.lat,
    long: request.long,
    address_string: request.address_string,
    address_id: request.address_id,
    zip_code: request.zip_code,
    service_object_type: request.service_object_type,
    service_object_id: request.service_object_id,
    email: request.email,
    first_name: request.first_name,
    last_name: request.last_name,
    phone: request.phone,
    device_id: request.device_id,
    account_id: request.account_id,
    locale: request.locale,
    status: statusOfDetailedStatus(request.detailed_status),
    detailed_status: encodeDetailedStatus(request.detailed_status),
    status_notes: request.status_notes,
    agency_responsible: request.agency_responsible,
    service_notice: request.service_notice,
    moderation: request.moderation,
    external_media_url: request.external_media_url,
    attributes_json: JSON.stringify(request.attributes),
    requested_at: request.requested_at,
    updated_at: request.updated_at,
    expected_at: request.expected_at,
    body_id: request.body_id ?? null,
  };
}

const changeableColumns = [
  'title', 'description', 'moderation', 'detailed_status', 'status_notes', 'external_media_url', 'updated_at',
  'service_code', 'lat', 'long', 'duplicate_of', 'body_id', 'agency_responsible', 'reject_reason', 'reject_where',
] as const satisfies readonly (keyof RequestFieldChanges)[];

/** Column values of a change; `status` always follows the detailed status. */
export function encodeRequestChanges(set: RequestFieldChanges): Partial<ServiceRequestRow> {
  const values: Partial<Record<RequestColumn, unknown>> = {};
  for (const column of changeableColumns) {
    if (set[column] !== undefined) values[column] = set[column];
  }
  if (set.detailed_status) {
    values.detailed_status = encodeDetailedStatus(set.detailed_status);
    values.status = statusOfDetailedStatus(set.detailed_status);
  }
  return values as Partial<ServiceRequestRow>;
}

export function decodeRequest(row: ServiceRequestRow, media: StoredMedia[]): ServiceRequestRecord {
  // Field by field: object rest/spread over ~30 columns costs V8 a slow runtime copy per row.
  return {
    service_request_id: row.service_request_id,
    service_code: row.service_code,
    title: row.title,
    description: row.description,
    lat: row.lat,
    long: row.long,
    address_string: row.address_string,
    address_id: row.address_id,
    zip_code: row.zip_code,
    service_object_type: row.service_object_type,
    service_object_id: row.service_object_id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    device_id: row.device_id,
    account_id: row.account_id,
    locale: row.locale,
    status: row.status,
    detailed_status: decodeDetailedStatus(row.detailed_status),
    status_notes: row.status_notes,
    agency_responsible: row.agency_responsible,
    service_notice: row.service_notice,
    moderation: row.moderation,
    external_media_url: row.external_media_url,
    attributes: JSON.parse(row.attributes_json) as ServiceRequestRecord['attributes'],
    requested_at: row.requested_at,
    updated_at: row.updated_at,
    expected_at: row.expected_at,
    duplicate_of: row.duplicate_of,
    body_id: row.body_id,
    reject_reason: isRejectReason(row.reject_reason) ? row.reject_reason : null,
    reject_where: row.reject_where,
    media,
  };
}

/** Media rows of many requests, grouped by request in position order. */
export function groupMedia(rows: readonly (StoredMedia & { service_request_id: string })[]): Map<string, StoredMedia[]> {
  const byRequest = new Map<string, StoredMedia[]>();
  for (const { service_request_id, position, file_name, content_type, byte_size } of rows) {
    const list = byRequest.get(service_request_id) ?? [];
    list.push({ position, file_name, content_type, byte_size });
    byRequest.set(service_request_id, list);
  }
  return byRequest;
}
