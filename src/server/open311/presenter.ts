/**
 * Turns stored records into the canonical GeoReport structures (see document.ts). This is the
 * only place that decides which fields the public sees: personal fields (email, names, phone,
 * device and account ids) are never copied here. Services, requests, creations and errors are
 * built as the shared wire types (src/shared/georeport/types.ts), so what the server answers and
 * what clients read are one type, checked by the compiler.
 */
import { formatDetailedStatus } from '../../shared/georeport/detailed-status';
import { followSpecification } from '../../shared/georeport/follow';
import type { ExtensionStatus } from '../../shared/georeport/request-updates';
import type { CreatedServiceRequest, GeoReportErrorRecord, HistoryEntry, PostedRequestUpdate, RequestUpdate, ResidentUpdateEntry, ServiceRequest, ServiceType } from '../../shared/georeport/types';
import type { SupportedLocale } from '../../shared/locales';
import type { HistoryEvent, PublicChange, PublicResidentUpdate, ServiceAttribute, ServiceRequestRecord, ServiceTypeRecord, ServiceTypeTranslation } from '../storage/repositories/types';
import { formatW3cDateTime } from '../time/w3c';
import type { GeoReportDocument, ListDocument } from './document';
import { isWithheldRejection, publicStatusNotes, withheldNotice } from './public-notices';

export interface PresentOptions {
  locale: SupportedLocale;
  timeZone: string;
  baseUrl: string;
  /** Each request's stored public changes (with extensions); `received` is added from requested_at. */
  history?: ReadonlyMap<string, HistoryEvent[]>;
  /** Moderators only: a rejected request's own text, photos and place, which the public never sees. */
  revealWithheld?: boolean;
}

/**
 * A report a moderator rejected for abuse or personal data (or before reasons were chosen from a
 * list) still answers by id, but its resident's text, photos and exact place are withheld. Every
 * other reason keeps them: a duplicate points to its original, the others say their reason.
 */
export const isWithheld = (record: ServiceRequestRecord) => isWithheldRejection(record);

/**
 * What the rejection's status entry adds (a Kerro extension): the original of a duplicate, or the
 * reason. A rejection is final, so the entry that moved the request to REJECTED is its rejection.
 */
function rejectionOf(record: ServiceRequestRecord, event: HistoryEvent): Pick<HistoryEntry, 'duplicate_of' | 'reject_reason'> {
  if (record.moderation !== 'rejected' || event.kind !== 'status' || event.detailed_status[0] !== 'REJECTED') return {};
  if (record.duplicate_of) return { duplicate_of: record.duplicate_of };
  return record.reject_reason ? { reject_reason: record.reject_reason } : {};
}

/** The public, dated history: received, then every stored change, oldest first. */
export function presentHistory(record: ServiceRequestRecord, events: readonly HistoryEvent[], timeZone: string, baseUrl: string): HistoryEntry[] {
  const received: HistoryEntry = {
    kind: 'received',
    datetime: formatW3cDateTime(record.requested_at, timeZone),
    detailed_status: 'RECEIVED',
  };
  return [
    received,
    ...events.map((event): HistoryEntry => ({
      kind: event.kind,
      datetime: formatW3cDateTime(event.at, timeZone),
      detailed_status: formatDetailedStatus(event.detailed_status),
      note: event.note.trim() === '' ? undefined : event.note,
      update: event.resident_update ? presentResidentUpdate(event.resident_update, baseUrl) : undefined,
      ...rejectionOf(record, event),
    })),
  ];
}

/** A published resident update: its text, photo, the name only when shown; never its poster's address. */
function presentResidentUpdate(update: PublicResidentUpdate, baseUrl: string): ResidentUpdateEntry {
  return {
    text: update.text,
    photo_url: update.media_file ? `${baseUrl}/media/${update.media_file}` : undefined,
    name: update.shown_name ?? undefined,
    marked: update.state ?? undefined,
  };
}

/**
 * mySociety's servicerequestupdates listing: each public change with the status the service
 * mapped it to; a resident's update by its own id (the one POST servicerequestupdates answered,
 * so the system that posted it knows it again), its published text and photo, never its poster.
 */
export function presentRequestUpdates(
  changes: readonly { change: PublicChange; status: ExtensionStatus }[],
  timeZone: string,
  baseUrl: string,
): ListDocument<RequestUpdate> {
  return {
    root: 'service_request_updates',
    item: 'request_update',
    body: changes.map(({ change, status }): RequestUpdate => {
      const update = change.resident_update;
      return {
        update_id: update ? update.id : `h${change.history_id}`,
        service_request_id: change.service_request_id,
        status,
        external_status_code: formatDetailedStatus(change.detailed_status),
        description: update ? update.text : change.note,
        updated_datetime: formatW3cDateTime(change.at, timeZone),
        media_url: update?.media_file ? `${baseUrl}/media/${update.media_file}` : '',
      };
    }),
  };
}

/** The answer to POST servicerequestupdates: the update's id, as open311-adapter answers it. */
export function presentPostedRequestUpdate(updateId: string): ListDocument<PostedRequestUpdate> {
  return { root: 'service_request_updates', item: 'request_update', body: [{ update_id: updateId }] };
}

export function translationOf(record: ServiceTypeRecord, locale: SupportedLocale): ServiceTypeTranslation {
  return (
    record.translations[locale] ??
    record.translations.en ??
    Object.values(record.translations)[0] ?? { service_name: record.service_code, description: '', keywords: '', group: '' }
  );
}

export function presentServiceTypes(records: ServiceTypeRecord[], locale: SupportedLocale): ListDocument<ServiceType> {
  return {
    root: 'services',
    item: 'service',
    body: records.map((record): ServiceType => {
      const text = translationOf(record, locale);
      return {
        service_code: record.service_code,
        service_name: text.service_name,
        description: text.description,
        metadata: record.attributes.length > 0,
        type: record.type,
        keywords: text.keywords,
        group: text.group,
      };
    }),
  };
}

/** The attribute's question and value names in `locale` (English, then the stored default, when missing). */
export function localizedAttribute(attribute: ServiceAttribute, locale: SupportedLocale): ServiceAttribute {
  return {
    ...attribute,
    description: attribute.descriptions?.[locale] ?? attribute.descriptions?.en ?? attribute.description,
    values: attribute.values.map((value) => ({ key: value.key, name: value.names?.[locale] ?? value.names?.en ?? value.name })),
  };
}

export function presentServiceDefinition(record: ServiceTypeRecord, locale: SupportedLocale): GeoReportDocument {
  return {
    root: 'service_definition',
    body: {
      service_code: record.service_code,
      attributes: record.attributes.map((stored) => localizedAttribute(stored, locale)).map((attribute) => ({
        variable: attribute.variable,
        code: attribute.code,
        datatype: attribute.datatype,
        required: attribute.required,
        datatype_description: attribute.datatype_description,
        order: attribute.order,
        description: attribute.description,
        values: attribute.values.map((value) => ({ key: value.key, name: value.name })),
      })),
    },
  };
}

export function mediaUrlsOf(record: ServiceRequestRecord, baseUrl: string): string[] {
  const uploaded = record.media.map((media) => `${baseUrl}/media/${media.file_name}`);
  return record.external_media_url ? [record.external_media_url, ...uploaded] : uploaded;
}

export function presentServiceRequest(
  record: ServiceRequestRecord,
  serviceName: string,
  extensions: boolean,
  options: PresentOptions,
): ServiceRequest {
  if (isWithheld(record) && !options.revealWithheld) return presentWithheld(record, serviceName, extensions, options);
  const mediaUrls = mediaUrlsOf(record, options.baseUrl);
  const time = (epochMs: number) => formatW3cDateTime(epochMs, options.timeZone);
  const presented: ServiceRequest = {
    service_request_id: record.service_request_id,
    status_notes: publicStatusNotes(record, options.locale),
    status: record.status,
    service_code: record.service_code,
    service_name: serviceName,
    description: record.description,
    agency_responsible: record.agency_responsible,
    service_notice: record.service_notice,
    requested_datetime: time(record.requested_at),
    updated_datetime: time(record.updated_at),
    expected_datetime: record.expected_at === null ? undefined : time(record.expected_at),
    address: record.address_string ?? '',
    address_id: record.address_id ?? '',
    zip_code: record.zip_code ?? '',
    // Helsinki sends coordinates as strings; clients of the real service expect that.
    lat: record.lat === null ? undefined : String(record.lat),
    long: record.long === null ? undefined : String(record.long),
    media_url: mediaUrls[0],
  };
  if (extensions) {
    presented.extended_attributes = {
      title: record.title ?? '',
      service_object_type: record.service_object_type ?? undefined,
      service_object_id: record.service_object_id ?? undefined,
      detailed_status: formatDetailedStatus(record.detailed_status),
      media_urls: mediaUrls,
      history: options.history ? presentHistory(record, options.history.get(record.service_request_id) ?? [], options.timeZone, options.baseUrl) : undefined,
      duplicate_of: record.duplicate_of ?? undefined,
      reject_reason: record.moderation === 'rejected' ? (record.reject_reason ?? undefined) : undefined,
    };
  }
  return presented;
}

/**
 * A withheld request: every field a single request must have (spec: id, status, status notes,
 * service code and name, description, requested and updated times), the resident's description
 * replaced by the notice, and no title, address, point, service object or photos.
 */
function presentWithheld(record: ServiceRequestRecord, serviceName: string, extensions: boolean, options: PresentOptions): ServiceRequest {
  const time = (epochMs: number) => formatW3cDateTime(epochMs, options.timeZone);
  return {
    service_request_id: record.service_request_id,
    status_notes: publicStatusNotes(record, options.locale),
    status: record.status,
    service_code: record.service_code,
    service_name: serviceName,
    description: withheldNotice(options.locale, record.reject_reason),
    agency_responsible: record.agency_responsible,
    service_notice: record.service_notice,
    requested_datetime: time(record.requested_at),
    updated_datetime: time(record.updated_at),
    address: '',
    address_id: '',
    zip_code: '',
    extended_attributes: extensions
      ? {
          title: '',
          detailed_status: formatDetailedStatus(record.detailed_status),
          media_urls: [],
          history: options.history ? presentHistory(record, options.history.get(record.service_request_id) ?? [], options.timeZone, options.baseUrl) : undefined,
          content_withheld: true,
          reject_reason: record.reject_reason ?? undefined,
        }
      : undefined,
  };
}

export function presentServiceRequests(
  records: ServiceRequestRecord[],
  serviceTypes: ServiceTypeRecord[],
  extensions: boolean,
  options: PresentOptions,
): ListDocument<ServiceRequest> {
  const names = new Map(serviceTypes.map((type) => [type.service_code, translationOf(type, options.locale).service_name]));
  return {
    root: 'service_requests',
    item: 'request',
    body: records.map((record) =>
      presentServiceRequest(record, names.get(record.service_code) ?? '', extensions, options),
    ),
  };
}

export function presentCreated(serviceRequestId: string, serviceNotice: string): ListDocument<CreatedServiceRequest> {
  return {
    root: 'service_requests',
    item: 'request',
    body: [{ service_request_id: serviceRequestId, service_notice: serviceNotice }],
  };
}

export function presentErrors(records: GeoReportErrorRecord[]): ListDocument<GeoReportErrorRecord> {
  return { root: 'errors', item: 'error', body: records.map((record) => ({ ...record })) };
}

/** A jurisdiction in discovery (a Kerro extension): a body's jurisdiction_id and its name in the locale asked for. */
export interface DiscoveredJurisdiction {
  jurisdiction_id: string;
  name: string;
}

/**
 * `jurisdictions` (a Kerro extension beside the standard fields) lists the bodies the installation
 * serves; with none, the document is the standard one alone.
 */
export function presentDiscovery(baseUrl: string, changeset: string, contact: string, jurisdictions: DiscoveredJurisdiction[] = []): GeoReportDocument {
  return {
    root: 'discovery',
    body: {
      changeset,
      contact,
      key_service: `${baseUrl}/#api-keys`,
      endpoints: [
        {
          specification: 'http://wiki.open311.org/GeoReport_v2',
          url: `${baseUrl}/open311/v1`,
          changeset,
          type: 'production',
          formats: ['text/xml', 'application/json'],
        },
        {
          // Kerro's extension: requests/{id}/followers (README, "Following a report").
          specification: followSpecification,
          url: `${baseUrl}/open311/v1`,
          changeset,
          type: 'production',
          formats: ['text/xml', 'application/json'],
        },
      ],
      ...(jurisdictions.length > 0 ? { jurisdictions: jurisdictions.map((jurisdiction) => ({ ...jurisdiction })) } : {}),
    },
  };
}
