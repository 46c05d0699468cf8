/** Service requests in SQLite: writes, lookups, the public listing (radius search in radius-search.ts) and moderation lists. */
import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database';
import { prepareFollowWrites } from './follow';
import { gridCell } from './grid';
import { createRadiusSearch } from './radius-search';
import { filterClauses, placeholders } from './request-filters';
import { decodeRequest, encodeRequest, groupMedia, listingEntryColumns, listingEntryOf, requestColumns, type ListingEntryRow, type ServiceRequestRow } from '../request-rows';
import type {
  ListingEntry,
  ModerationListQuery,
  NewServiceRequest,
  RecipientMessage,
  ServiceRequestQuery,
  ServiceRequestRecord,
  ServiceRequestRepository,
  StoredMedia,
} from '../repositories/types';

/** SQLite's own column: the grid cell that keeps radius searches on a plain B-tree index. */
function toSqliteRow(request: NewServiceRequest): Record<string, unknown> {
  return {
    ...encodeRequest(request),
    grid_cell: request.lat !== null && request.long !== null ? gridCell(request.lat, request.long) : null,
  };
}

const columns = [...requestColumns, 'grid_cell'];

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
  const requestsVersion = db.prepare("SELECT version FROM change_versions WHERE name = 'service_requests'").pluck();

  const insertOne = (request: NewServiceRequest) => {
    insertRequest.run(toSqliteRow(request));
    for (const media of request.media) {
      insertMedia.run(request.service_request_id, media.position, media.file_name, media.content_type, media.byte_size);
    }
  };
  const insertAll = db.transaction((requests: NewServiceRequest[]) => requests.forEach(insertOne));
  const follow = prepareFollowWrites(db);
  const insertWithReceipt = db.transaction((request: NewServiceRequest, receipt: RecipientMessage) => {
    insertOne(request);
    if (request.email) follow.subscribeReporter(request.service_request_id, request.email, request.locale, request.requested_at, receipt);
  });
  const listNear = createRadiusSearch(db);

  /** Loads media for many requests with one query. */
  const attachMedia = (rows: ServiceRequestRow[]): ServiceRequestRecord[] => {
    if (rows.length === 0) return [];
    const mediaRows: (StoredMedia & { service_request_id: string })[] = [];
    const ids = rows.map((row) => row.service_request_id);
    // SQLite caps bound parameters; chunking keeps huge id lists safe.
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      mediaRows.push(
        ...(db
          .prepare(
            `SELECT * FROM request_media WHERE service_request_id IN (${placeholders(chunk.length)}) ORDER BY service_request_id, position`,
          )
          .all(...chunk) as (StoredMedia & { service_request_id: string })[]),
      );
    }
    const byRequest = groupMedia(mediaRows);
    return rows.map((row) => decodeRequest(row, byRequest.get(row.service_request_id) ?? []));
  };

  // The SQL differs only by which filters a listing uses, so a few statements serve every listing;
  // preparing one costs more than running it.
  const listStatements = new Map<string, Statement<unknown[]>>();
  const listStatement = (sql: string, raw: boolean) => {
    const key = raw ? `raw|${sql}` : sql;
    let statement = listStatements.get(key);
    if (!statement) {
      if (listStatements.size >= 100) listStatements.clear();
      statement = db.prepare(sql).raw(raw);
      listStatements.set(key, statement);
    }
    return statement;
  };
  /** Rows as objects, or with `raw` as arrays of the columns in order (no object built per row). */
  const listPlain = <Row = ServiceRequestRow>(query: ServiceRequestQuery, columns = '*', raw = false): Row[] => {
    const { where, params } = filterClauses(query);
    return listStatement(
      `SELECT ${columns} FROM service_requests WHERE ${where.join(' AND ')}
       ORDER BY requested_at DESC, service_request_id DESC LIMIT ?`,
      raw,
    ).all(...params, query.limit) as Row[];
  };
  const matchesNothing = (query: ServiceRequestQuery) =>
    query.ids?.length === 0 || query.serviceCodes?.length === 0 || query.statuses?.length === 0;
  const publicVersion = db.prepare("SELECT version FROM change_versions WHERE name = 'public_requests'").pluck();

  return {
    async create(request, receipt) {
      if (receipt) insertWithReceipt(request, receipt);
      else insertAll([request]);
    },
    async createMany(requests) {
      insertAll(requests);
    },
    async find(id) {
      const row = selectById.get(id) as ServiceRequestRow | undefined;
      return row ? decodeRequest(row, selectMedia.all(id) as StoredMedia[]) : undefined;
    },
    async query(query) {
      if (matchesNothing(query)) return [];
      return attachMedia(query.near ? listNear(query, query.near) : listPlain(query));
    },
    async listingEntries(query) {
      if (matchesNothing(query)) return [];
      if (!query.near) return listPlain<ListingEntry>(query, listingEntryColumns, true);
      return listNear<ListingEntryRow>(query, query.near, listingEntryColumns).map(listingEntryOf);
    },
    async count() {
      return (countAll.get() as { n: number }).n;
    },
    async changeToken() {
      // A version row that triggers move on every write to requests or their media, by any process.
      return String(requestsVersion.get() as number);
    },
    async publicChangeToken() {
      return String(publicVersion.get() as number);
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
