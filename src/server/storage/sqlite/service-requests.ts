import type { SqliteDatabase } from '../database';
import { gridCell, gridCellsAround } from '../grid';
import { statusOfDetailedStatus } from '../../../shared/georeport/detailed-status';
import type {
  ModerationListQuery,
  NewServiceRequest,
  ServiceRequestQuery,
  ServiceRequestRecord,
  ServiceRequestRepository,
  StoredMedia,
} from '../repositories/types';

/** A row as SQLite returns it: the record, with the list and map columns still as text. */
type ServiceRequestRow = Omit<ServiceRequestRecord, 'detailed_status' | 'attributes' | 'media'> & {
  detailed_status: string;
  attributes_json: string;
};

const columns = [
  'service_request_id', 'service_code', 'title', 'description', 'lat', 'long', 'grid_cell', 'address_string',
  'address_id', 'zip_code', 'service_object_type', 'service_object_id', 'email', 'first_name', 'last_name',
  'phone', 'device_id', 'account_id', 'locale', 'status', 'detailed_status', 'status_notes',
  'agency_responsible', 'service_notice', 'moderation', 'external_media_url', 'attributes_json',
  'requested_at', 'updated_at', 'expected_at',
] as const;

function toRow(request: NewServiceRequest): Record<(typeof columns)[number], unknown> {
  return {
    ...request,
    grid_cell: request.lat !== null && request.long !== null ? gridCell(request.lat, request.long) : null,
    status: statusOfDetailedStatus(request.detailed_status),
    detailed_status: request.detailed_status.join(','),
    attributes_json: JSON.stringify(request.attributes),
  };
}

function fromRow(row: ServiceRequestRow, media: StoredMedia[]): ServiceRequestRecord {
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
    detailed_status: row.detailed_status === '' ? [] : row.detailed_status.split(','),
    status_notes: row.status_notes,
    agency_responsible: row.agency_responsible,
    service_notice: row.service_notice,
    moderation: row.moderation,
    external_media_url: row.external_media_url,
    attributes: JSON.parse(row.attributes_json) as ServiceRequestRecord['attributes'],
    requested_at: row.requested_at,
    updated_at: row.updated_at,
    expected_at: row.expected_at,
    media,
  };
}

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/** WHERE clauses shared by the plain listing and the first phase of a radius search. */
function filterClauses(query: ServiceRequestQuery): { where: string[]; params: unknown[] } {
  const where: string[] = [`moderation IN (${placeholders(query.moderation.length)})`];
  const params: unknown[] = [...query.moderation];
  const addList = (column: string, values: readonly unknown[] | undefined) => {
    if (!values) return;
    where.push(`${column} IN (${placeholders(values.length)})`);
    params.push(...values);
  };
  const addBound = (clause: string, value: number | undefined) => {
    if (value === undefined) return;
    where.push(clause);
    params.push(value);
  };
  addList('service_request_id', query.ids);
  addList('service_code', query.serviceCodes);
  addList('status', query.statuses);
  addBound('requested_at >= ?', query.requestedFrom);
  addBound('requested_at <= ?', query.requestedTo);
  addBound('updated_at >= ?', query.updatedFrom);
  addBound('updated_at <= ?', query.updatedTo);
  if (query.serviceObject) {
    where.push('service_object_type = ?');
    params.push(query.serviceObject.type);
    if (query.serviceObject.id !== undefined) {
      where.push('service_object_id = ?');
      params.push(query.serviceObject.id);
    }
  }
  return { where, params };
}

/** Radius windows, newest first: 1/32 of the span (under 3 days of the default 90), 1/4, all. */
const WINDOW_FRACTIONS = [1 / 32, 1 / 4, 1];

export function createSqliteServiceRequestRepository(db: SqliteDatabase): ServiceRequestRepository {
  const insertRequest = db.prepare(
    `INSERT INTO service_requests (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
  );
  const insertMedia = db.prepare(
    `INSERT INTO request_media (service_request_id, position, file_name, content_type, byte_size)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const selectById = db.prepare('SELECT * FROM service_requests WHERE service_request_id = ?');
  const selectMedia = db.prepare('SELECT * FROM request_media WHERE service_request_id = ? ORDER BY position');
  const countAll = db.prepare('SELECT COUNT(*) AS n FROM service_requests');
  const countModeration = db.prepare('SELECT COUNT(*) AS n FROM service_requests WHERE moderation = ?');
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const totalChanges = db.prepare('SELECT total_changes()').pluck();

  const insertOne = (request: NewServiceRequest) => {
    insertRequest.run(toRow(request));
    for (const media of request.media) {
      insertMedia.run(request.service_request_id, media.position, media.file_name, media.content_type, media.byte_size);
    }
  };
  const insertAll = db.transaction((requests: NewServiceRequest[]) => requests.forEach(insertOne));

  /** Loads media for many requests with one query. */
  const attachMedia = (rows: ServiceRequestRow[]): ServiceRequestRecord[] => {
    if (rows.length === 0) return [];
    const byRequest = new Map<string, StoredMedia[]>();
    const ids = rows.map((row) => row.service_request_id);
    // SQLite caps bound parameters; chunking keeps huge id lists safe.
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      const mediaRows = db
        .prepare(
          `SELECT * FROM request_media WHERE service_request_id IN (${placeholders(chunk.length)}) ORDER BY service_request_id, position`,
        )
        .all(...chunk) as (StoredMedia & { service_request_id: string })[];
      for (const { service_request_id, ...media } of mediaRows) {
        const list = byRequest.get(service_request_id) ?? [];
        list.push(media);
        byRequest.set(service_request_id, list);
      }
    }
    return rows.map((row) => fromRow(row, byRequest.get(row.service_request_id) ?? []));
  };

  const listPlain = (query: ServiceRequestQuery): ServiceRequestRow[] => {
    const { where, params } = filterClauses(query);
    return db
      .prepare(
        `SELECT * FROM service_requests WHERE ${where.join(' AND ')}
         ORDER BY requested_at DESC, service_request_id DESC LIMIT ?`,
      )
      .all(...params, query.limit) as ServiceRequestRow[];
  };

  /** Row ids (SQLite's rowid, straight from the grid index) of the newest matches within the radius. */
  const rankNear = (query: ServiceRequestQuery, near: NonNullable<ServiceRequestQuery['near']>): number[] => {
    const { where, params } = filterClauses(query);
    const cells = gridCellsAround(near.lat, near.long, near.radiusMeters);
    if (cells) {
      where.push(`grid_cell IN (${placeholders(cells.length)})`);
      params.push(...cells);
    } else {
      where.push('lat IS NOT NULL');
    }
    const latDelta = near.radiusMeters / 111_000;
    const longDelta = near.radiusMeters / (111_000 * Math.max(Math.cos((near.lat * Math.PI) / 180), 0.01));
    where.push('lat BETWEEN ? AND ?');
    params.push(near.lat - latDelta, near.lat + latDelta);
    // A box crossing ±180° longitude cannot be one BETWEEN; the grid cells and distance still bound it.
    if (Math.abs(near.long) + longDelta < 180) {
      where.push('long BETWEEN ? AND ?');
      params.push(near.long - longDelta, near.long + longDelta);
    }
    const toRadians = Math.PI / 180;
    return db
      .prepare(
        `WITH box AS MATERIALIZED (SELECT rowid AS row_id, service_request_id, lat, long, requested_at FROM service_requests WHERE ${where.join(' AND ')})
         SELECT row_id FROM box
         WHERE 2 * 6371008.8 * asin(min(1, sqrt(
           power(sin((lat - ?) * ? / 2), 2) + cos(? * ?) * cos(lat * ?) * power(sin((long - ?) * ? / 2), 2)
         ))) <= ?
         ORDER BY requested_at DESC, service_request_id DESC LIMIT ?`,
      )
      .pluck()
      .all(...params, near.lat, toRadians, near.lat, toRadians, toRadians, near.long, toRadians, near.radiusMeters, query.limit) as number[];
  };

  /**
   * Newest first, so a dense spot's newest `limit` usually lie in the last few days: try a short
   * recent window first. A window that yields `limit` rows holds the answer (everything outside
   * it is older); otherwise widen, ending with the whole span.
   */
  const listNear = (query: ServiceRequestQuery, near: NonNullable<ServiceRequestQuery['near']>): ServiceRequestRow[] => {
    const from = query.requestedFrom;
    const to = query.requestedTo ?? Date.now();
    const fractions = from !== undefined && to > from ? WINDOW_FRACTIONS : [1];
    let rowIds: number[] = [];
    for (const fraction of fractions) {
      const windowFrom = fraction === 1 ? from : Math.max(from!, to - (to - from!) * fraction);
      rowIds = rankNear({ ...query, requestedFrom: windowFrom }, near);
      if (rowIds.length >= query.limit) break;
    }
    if (rowIds.length === 0) return [];
    // By rowid: one B-tree seek per row, where the service_request_id key would take two.
    const rows = db
      .prepare(`SELECT rowid AS row_id, * FROM service_requests WHERE rowid IN (${placeholders(rowIds.length)})`)
      .all(...rowIds) as (ServiceRequestRow & { row_id: number })[];
    const byRowId = new Map(rows.map((row) => [row.row_id, row]));
    return rowIds.map((rowId) => byRowId.get(rowId)!);
  };

  return {
    async create(request) {
      insertAll([request]);
    },
    async createMany(requests) {
      insertAll(requests);
    },
    async find(id) {
      const row = selectById.get(id) as ServiceRequestRow | undefined;
      return row ? fromRow(row, selectMedia.all(id) as StoredMedia[]) : undefined;
    },
    async query(query) {
      if (query.ids?.length === 0 || query.serviceCodes?.length === 0 || query.statuses?.length === 0) return [];
      return attachMedia(query.near ? listNear(query, query.near) : listPlain(query));
    },
    async count() {
      return (countAll.get() as { n: number }).n;
    },
    async changeToken() {
      // data_version moves when another connection commits; total_changes when this one writes.
      return `${dataVersion.get() as number}:${totalChanges.get() as number}`;
    },
    async listByModeration(query: ModerationListQuery) {
      // Keyset paging on the (moderation, requested_at) index; the id breaks ties.
      const direction = query.order === 'oldest' ? 'ASC' : 'DESC';
      const beyond = query.order === 'oldest' ? '>' : '<';
      const where = ['moderation = ?'];
      const params: unknown[] = [query.moderation];
      if (query.after) {
        where.push(`(requested_at ${beyond} ? OR (requested_at = ? AND service_request_id ${beyond} ?))`);
        params.push(query.after.requested_at, query.after.requested_at, query.after.service_request_id);
      }
      const rows = db
        .prepare(
          `SELECT * FROM service_requests WHERE ${where.join(' AND ')}
           ORDER BY requested_at ${direction}, service_request_id ${direction} LIMIT ?`,
        )
        .all(...params, query.limit) as ServiceRequestRow[];
      return attachMedia(rows);
    },
    async countByModeration(moderation) {
      return (countModeration.get(moderation) as { n: number }).n;
    },
  };
}
