import type { PostgresDatabase, Queryable } from './database';
import { coalescedRead } from './coalesced-read';
import { subscribeReporter } from './follow';
import { boxAround, earthRadiusMeters } from '../geo';
import { decodeRequest, encodeRequest, groupMedia, listingEntryColumns, listingEntryOf, requestColumns, type ListingEntryRow, type RequestColumn, type ServiceRequestRow } from '../request-rows';
import type {
  ListingEntry,
  ModerationListQuery,
  NewServiceRequest,
  ServiceRequestQuery,
  ServiceRequestRecord,
  ServiceRequestRepository,
  StoredMedia,
} from '../repositories/types';

/** The array type each column travels in for `unnest` inserts. */
const columnTypes: Record<RequestColumn, 'text' | 'float8' | 'int8'> = {
  service_request_id: 'text', service_code: 'text', title: 'text', description: 'text', lat: 'float8', long: 'float8',
  address_string: 'text', address_id: 'text', zip_code: 'text', service_object_type: 'text', service_object_id: 'text',
  email: 'text', first_name: 'text', last_name: 'text', phone: 'text', device_id: 'text', account_id: 'text',
  locale: 'text', status: 'text', detailed_status: 'text', status_notes: 'text', agency_responsible: 'text',
  service_notice: 'text', moderation: 'text', external_media_url: 'text', attributes_json: 'text',
  requested_at: 'int8', updated_at: 'int8', expected_at: 'int8',
};

/** Explicit columns: `*` would also ship each row's PostGIS location, which nothing reads. */
const selectColumns = requestColumns.join(', ');
const mediaColumns = 'service_request_id, position, file_name, content_type, byte_size';

/** Rows per INSERT … unnest: one statement per column array, far fewer round trips than one per row. */
const INSERT_BATCH = 2_000;
/** A createMany this big may change the table's statistics: see createMany. */
const ANALYZE_AFTER = 1_000;
/** Ids per media lookup; arrays have no parameter limit, this only keeps statements modest. */
const MEDIA_BATCH = 5_000;

const insertRequests = `INSERT INTO service_requests (${selectColumns})
  SELECT * FROM unnest(${requestColumns.map((column, index) => `$${index + 1}::${columnTypes[column]}[]`).join(', ')})`;
const insertMedia = `INSERT INTO request_media (${mediaColumns})
  SELECT * FROM unnest($1::text[], $2::int4[], $3::text[], $4::text[], $5::int4[])`;

/** SQLite stores NaN as NULL; the same here rather than a NaN PostgreSQL would keep. */
const sqliteNumber = (value: unknown) => (typeof value === 'number' && Number.isNaN(value) ? null : value);

/**
 * Integer columns against a bound: `x >= 1.5` is `x >= 2` and `x <= 1.5` is `x <= 1`, as SQLite
 * compares them; a bigint parameter could not take the fraction.
 */
const lowerBound = (value: number) => Math.ceil(value);
const upperBound = (value: number) => Math.floor(value);
/** SQLite's negative LIMIT means none; PostgreSQL's is LIMIT NULL. */
const limitOf = (limit: number) => (limit < 0 ? null : limit);
const matchesNothing = (query: ServiceRequestQuery) =>
  query.ids?.length === 0 || query.serviceCodes?.length === 0 || query.statuses?.length === 0;

/** WHERE clauses shared by the plain listing and the radius search (sqlite/service-requests.ts's twin). */
function filterClauses(query: ServiceRequestQuery, params: unknown[]): string[] {
  const add = (value: unknown) => `$${params.push(value)}`;
  // = ANY(array) rather than IN (…): one parameter however long the list, and an empty list is
  // valid. One moderation state is plain equality, which lets the listing index give the order.
  const where = [
    query.moderation.length === 1 ? `moderation = ${add(query.moderation[0])}` : `moderation = ANY(${add(query.moderation)}::text[])`,
  ];
  if (query.ids) where.push(`service_request_id = ANY(${add(query.ids)}::text[])`);
  if (query.serviceCodes) where.push(`service_code = ANY(${add(query.serviceCodes)}::text[])`);
  if (query.statuses) where.push(`status = ANY(${add(query.statuses)}::text[])`);
  if (query.requestedFrom !== undefined) where.push(`requested_at >= ${add(lowerBound(query.requestedFrom))}::int8`);
  if (query.requestedTo !== undefined) where.push(`requested_at <= ${add(upperBound(query.requestedTo))}::int8`);
  if (query.updatedFrom !== undefined) where.push(`updated_at >= ${add(lowerBound(query.updatedFrom))}::int8`);
  if (query.updatedTo !== undefined) where.push(`updated_at <= ${add(upperBound(query.updatedTo))}::int8`);
  if (query.serviceObject) {
    where.push(`service_object_type = ${add(query.serviceObject.type)}`);
    if (query.serviceObject.id !== undefined) where.push(`service_object_id = ${add(query.serviceObject.id)}`);
  }
  return where;
}


/**
 * SQLite's haversine, operation for operation (libm's sin, cos, asin and pow on both sides), so
 * both backends draw the boundary in the same place. `safe` routes the operations PostgreSQL
 * checks for underflow through kerro_ieee_* (see migrations.ts), which answer 0 as IEEE does.
 */
function haversineSql(lat: string, long: string, toRadians: string, safe: boolean): string {
  const mul = (a: string, b: string) => (safe ? `kerro_ieee_mul(${a}, ${b})` : `${a} * ${b}`);
  const half = (a: string) => (safe ? `kerro_ieee_div(${a}, 2)` : `${a} / 2`);
  const squared = (a: string) => (safe ? `kerro_ieee_pow(${a}, 2)` : `power(${a}, 2)`);
  const latTerm = squared(`sin(${half(mul(`(lat - ${lat})`, toRadians))})`);
  const longTerm = squared(`sin(${half(mul(`(long - ${long})`, toRadians))})`);
  const cosines = mul(`cos(${mul(lat, toRadians)})`, `cos(${mul('lat', toRadians)})`);
  return `2 * ${earthRadiusMeters}::float8 * asin(least(1, sqrt(${latTerm} + ${mul(cosines, longTerm)})))`;
}

/** The first radius window, SQLite's: the newest 1/32 of the span. */
const FIRST_WINDOW = 1 / 32;

type Near = NonNullable<ServiceRequestQuery['near']>;

const isUnderflow = (error: unknown) =>
  (error as { code?: string }).code === '22003' && /underflow/i.test((error as Error).message);

export function createPostgresServiceRequestRepository(db: PostgresDatabase): ServiceRequestRepository {
  const insertAll = async (client: Queryable, requests: readonly NewServiceRequest[]) => {
    for (let start = 0; start < requests.length; start += INSERT_BATCH) {
      const batch = requests.slice(start, start + INSERT_BATCH);
      const columns: unknown[][] = requestColumns.map(() => []);
      const media: unknown[][] = [[], [], [], [], []];
      for (const request of batch) {
        const row = encodeRequest(request);
        requestColumns.forEach((column, index) => columns[index]!.push(sqliteNumber(row[column])));
        for (const item of request.media) {
          media[0]!.push(request.service_request_id);
          media[1]!.push(item.position);
          media[2]!.push(item.file_name);
          media[3]!.push(item.content_type);
          media[4]!.push(item.byte_size);
        }
      }
      await client.query(insertRequests, columns);
      if (media[0]!.length > 0) await client.query(insertMedia, media);
    }
  };

  /** Loads media for many requests with one query per MEDIA_BATCH ids. */
  const attachMedia = async (rows: ServiceRequestRow[]): Promise<ServiceRequestRecord[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.service_request_id);
    const mediaRows: (StoredMedia & { service_request_id: string })[] = [];
    for (let start = 0; start < ids.length; start += MEDIA_BATCH) {
      mediaRows.push(
        ...(await db.query<StoredMedia & { service_request_id: string }>(
          `SELECT ${mediaColumns} FROM request_media WHERE service_request_id = ANY($1::text[]) ORDER BY service_request_id, position`,
          [ids.slice(start, start + MEDIA_BATCH)],
        )),
      );
    }
    const byRequest = groupMedia(mediaRows);
    return rows.map((row) => decodeRequest(row, byRequest.get(row.service_request_id) ?? []));
  };

  /** The plain listing's SQL and parameters, for rows as objects (`db.query`) or arrays (`db.queryArrays`). */
  const plainListing = (query: ServiceRequestQuery, columns: string): [string, unknown[]] => {
    const params: unknown[] = [];
    const where = filterClauses(query, params);
    params.push(limitOf(query.limit));
    const sql = `SELECT ${columns} FROM service_requests WHERE ${where.join(' AND ')}
       ORDER BY requested_at DESC, service_request_id DESC LIMIT $${params.length}`;
    return [sql, params];
  };
  const listPlain = (query: ServiceRequestQuery): Promise<ServiceRequestRow[]> => db.query<ServiceRequestRow>(...plainListing(query, selectColumns));

  /**
   * The GiST index finds candidates (a circle a little wider than the radius, within the time
   * window); then exactly the filters of SQLite's rankNear: the lat/long box (geo.ts) and
   * its haversine. `before` (exclusive) bounds a window's newer end.
   */
  const listNear = <Row extends object>(query: ServiceRequestQuery, near: Near, before: number | undefined, safe: boolean, columns: string) => {
    const params: unknown[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    const where = filterClauses(query, params);
    if (before !== undefined) where.push(`requested_at < ${add(before)}::int8`);
    const lat = `${add(near.lat)}::float8`;
    const long = `${add(near.long)}::float8`;
    // PostGIS's sphere (6371008.7714 m) and ours differ by parts per billion; 1% + 10 m is plenty.
    const candidateRadius = near.radiusMeters * 1.01 + 10;
    where.push(`ST_DWithin(location, ST_SetSRID(ST_MakePoint(${long}, ${lat}), 4326)::geography, ${add(candidateRadius)}::float8, false)`);
    const box = boxAround(near.lat, near.long, near.radiusMeters);
    where.push(`lat BETWEEN ${add(box.minLatitude)}::float8 AND ${add(box.maxLatitude)}::float8`);
    if (box.longitudes) where.push(`long BETWEEN ${add(box.longitudes.min)}::float8 AND ${add(box.longitudes.max)}::float8`);
    const toRadians = `${add(Math.PI / 180)}::float8`;
    where.push(`${haversineSql(lat, long, toRadians, safe)} <= ${add(near.radiusMeters)}::float8`);
    return db.query<Row>(
      `SELECT ${columns} FROM service_requests WHERE ${where.join(' AND ')}
       ORDER BY requested_at DESC, service_request_id DESC LIMIT ${add(limitOf(query.limit))}`,
      params,
    );
  };

  const rankNear = async <Row extends object>(query: ServiceRequestQuery, near: Near, before: number | undefined, columns: string) => {
    try {
      return await listNear<Row>(query, near, before, false, columns);
    } catch (error) {
      // Only coordinates a hair (under 1e-150 degrees) apart get here: slower, same answer.
      if (isUnderflow(error)) return listNear<Row>(query, near, before, true, columns);
      throw error;
    }
  };

  /**
   * Newest first, in time windows like SQLite's (its first is 1/32 of the span): once windows
   * yield `limit` rows they hold the answer, as everything before them is older. Here each window
   * continues where the last ended, sized from the density seen so far, and the index (location,
   * requested_at) reads from the table only the rows inside it, not every request ever made near
   * a busy spot.
   */
  const queryNear = async <Row extends object = ServiceRequestRow>(query: ServiceRequestQuery, near: Near, columns = selectColumns): Promise<Row[]> => {
    const from = query.requestedFrom;
    const to = query.requestedTo ?? Date.now();
    if (from === undefined || !(to > from)) return rankNear<Row>(query, near, undefined, columns);
    const rows: Row[] = [];
    // Any first window gives the same answer when LIMIT is not negative: a wide circle starts
    // narrower in time, as it holds more requests a day (the growth below corrects a guess too small).
    let fraction = query.limit < 0 ? FIRST_WINDOW : FIRST_WINDOW * Math.min(1, Math.max(1 / 32, (500 / Math.max(near.radiusMeters, 1)) ** 2));
    let before: number | undefined;
    for (;;) {
      const windowFrom: number = fraction >= 1 ? from : Math.max(from, to - (to - from) * fraction);
      const wanted = query.limit < 0 ? query.limit : query.limit - rows.length;
      rows.push(...(await rankNear<Row>({ ...query, requestedFrom: windowFrom, limit: wanted }, near, before, columns)));
      // SQLite stops after its first window when LIMIT is negative (none): so does this.
      if (query.limit < 0 || rows.length >= query.limit || windowFrom === from) return rows;
      before = lowerBound(windowFrom);
      // Aim for half again the rows still missing, at the density seen so far.
      const estimate = rows.length === 0 ? fraction * 8 : fraction + ((query.limit - rows.length) / rows.length) * fraction * 1.5;
      fraction = Math.max(estimate, fraction * 1.25);
      if (fraction > 0.5) fraction = 1;
    }
  };

  return {
    async create(request, receipt) {
      await db.transaction(async (client) => {
        await insertAll(client, [request]);
        if (request.email && receipt) {
          await subscribeReporter(client, request.service_request_id, request.email, request.locale, request.requested_at, receipt);
        }
      });
    },
    async createMany(requests) {
      if (requests.length === 0) return;
      await db.transaction((client) => insertAll(client, requests));
      if (requests.length >= ANALYZE_AFTER) {
        // A bulk load (demo data, benchmarks) queried at once: without statistics the planner
        // took 80 ms sorting the whole table for a listing its index answers in 2 ms. Autovacuum
        // would get there, up to a minute later; here only when the table has none yet or this
        // load grew it by half (an ANALYZE of a million rows takes about a second).
        const [table] = await db.query<{ reltuples: number }>("SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = 'service_requests'::regclass");
        if (table!.reltuples < 0 || requests.length * 2 >= table!.reltuples) await db.query('ANALYZE service_requests, request_media');
      }
    },
    async find(id) {
      const [rows, media] = await Promise.all([
        db.query<ServiceRequestRow>(`SELECT ${selectColumns} FROM service_requests WHERE service_request_id = $1`, [id]),
        // Every column, as SQLite's find answers them (its media items carry service_request_id too).
        db.query<StoredMedia>(`SELECT ${mediaColumns} FROM request_media WHERE service_request_id = $1 ORDER BY position`, [id]),
      ]);
      return rows[0] ? decodeRequest(rows[0], media) : undefined;
    },
    async query(query) {
      if (matchesNothing(query)) return [];
      return attachMedia(query.near ? await queryNear(query, query.near) : await listPlain(query));
    },
    async listingEntries(query) {
      if (matchesNothing(query)) return [];
      if (!query.near) return db.queryArrays<ListingEntry>(...plainListing(query, listingEntryColumns));
      return (await queryNear<ListingEntryRow>(query, query.near, listingEntryColumns)).map(listingEntryOf);
    },
    async count() {
      const [row] = await db.query<{ n: number }>('SELECT COUNT(*)::int8 AS n FROM service_requests');
      return row!.n;
    },
    async changeToken() {
      // Statement triggers move this row on every write to requests or their media, by any instance.
      const [row] = await db.query<{ version: number }>("SELECT version FROM change_versions WHERE name = 'service_requests'");
      return String(row!.version);
    },
    publicChangeToken: coalescedRead(async () => {
      const [row] = await db.query<{ version: number }>("SELECT version FROM change_versions WHERE name = 'public_requests'");
      return String(row!.version);
    }),
    async listByModeration(query: ModerationListQuery) {
      // Keyset paging on the (moderation, requested_at) index; the id breaks ties.
      const direction = query.order === 'oldest' ? 'ASC' : 'DESC';
      const beyond = query.order === 'oldest' ? '>' : '<';
      const params: unknown[] = [query.moderation];
      const where = ['moderation = $1'];
      if (query.after) {
        params.push(query.after.requested_at, query.after.service_request_id);
        where.push(`(requested_at ${beyond} $2::int8 OR (requested_at = $2::int8 AND service_request_id ${beyond} $3))`);
      }
      params.push(limitOf(query.limit));
      const rows = await db.query<ServiceRequestRow>(
        `SELECT ${selectColumns} FROM service_requests WHERE ${where.join(' AND ')}
         ORDER BY requested_at ${direction}, service_request_id ${direction} LIMIT $${params.length}`,
        params,
      );
      return attachMedia(rows);
    },
    async countByModeration(moderation) {
      const [row] = await db.query<{ n: number }>('SELECT COUNT(*)::int8 AS n FROM service_requests WHERE moderation = $1', [moderation]);
      return row!.n;
    },
  };
}
