/** Service requests, written once: writes, lookups, the public listing and moderation lists. Radius search is the engine's (engine.requestsNear). */
import { CompiledQuery } from 'kysely';
import { coalescedRead } from './coalesced-read';
import type { Db, Engine } from './engine';
import { subscribeReporter } from './follow';
import { queueForward } from './forwards';
import { completeKey } from './idempotency';
import { insertAuditEntry } from './moderation';
import { moderationFlagFilter, overdueStates, pastTarget } from './moderation-flags';
import { filterShape, filterValues, matchesNothing, requestFilters } from './request-filters';
import { decodeRequest, encodeRequest, groupMedia, listingEntryColumns, listingEntryOf, requestColumns, type ListingEntryRow, type ServiceRequestRow } from '../request-rows';
import type { ListingEntry, NewServiceRequest, ServiceRequestQuery, ServiceRequestRecord, ServiceRequestRepository } from '../repositories/types';

/** Rows per INSERT: 30 values each, within both engines' limits on bound values. */
const INSERT_BATCH = 1_000;
/** Ids per media lookup: within SQLite's cap on bound values. */
const MEDIA_BATCH = 500;
/** Distinct listing shapes whose SQL is kept; more only costs compiling again. */
const SHAPES_KEPT = 100;

/** SQLite stores NaN as NULL; the same on PostgreSQL rather than a NaN it would keep. */
const withoutNaN = (value: number | null) => (value !== null && Number.isNaN(value) ? null : value);

export async function insertRequests(engine: Engine, trx: Db, requests: readonly NewServiceRequest[]): Promise<void> {
  for (let start = 0; start < requests.length; start += INSERT_BATCH) {
    const batch = requests.slice(start, start + INSERT_BATCH);
    const rows = batch.map((request) => {
      const row = encodeRequest(request);
      return { ...row, lat: withoutNaN(row.lat), long: withoutNaN(row.long), api_key_id: request.api_key_id ?? null, ...engine.requestLocationColumns(row) };
    });
    await trx.insertInto('service_requests').values(rows).execute();
    const media = batch.flatMap((request) => request.media.map((item) => ({ service_request_id: request.service_request_id, ...item })));
    for (let at = 0; at < media.length; at += INSERT_BATCH) await trx.insertInto('request_media').values(media.slice(at, at + INSERT_BATCH)).execute();
  }
}

export function createServiceRequestRepository(engine: Engine): ServiceRequestRepository {
  const { db } = engine;

  /** Loads media for many requests, one query per MEDIA_BATCH ids. */
  const attachMedia = async (rows: readonly ServiceRequestRow[]): Promise<ServiceRequestRecord[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.service_request_id);
    const media = [];
    for (let start = 0; start < ids.length; start += MEDIA_BATCH) {
      media.push(
        ...(await db
          .selectFrom('request_media')
          .select(['service_request_id', 'position', 'file_name', 'content_type', 'byte_size'])
          .where('service_request_id', 'in', ids.slice(start, start + MEDIA_BATCH))
          .orderBy('service_request_id')
          .orderBy('position')
          .execute()),
      );
    }
    const byRequest = groupMedia(media);
    return rows.map((row) => decodeRequest(row, byRequest.get(row.service_request_id) ?? []));
  };

  /** The plain listing, newest first; a negative limit means none, as SQLite reads it. */
  const plainListing = (query: ServiceRequestQuery) =>
    db
      .selectFrom('service_requests')
      .where((eb) => requestFilters(eb, query))
      .orderBy('requested_at', 'desc')
      .orderBy('service_request_id', 'desc')
      .$if(query.limit >= 0, (qb) => qb.limit(query.limit));

  // The listing's entries are read on every uncached listing: their SQL is compiled once per
  // shape, as building the query each time would cost more than running it.
  const entrySql = new Map<string, string>();
  const compiledEntries = (query: ServiceRequestQuery): CompiledQuery => {
    const key = `${filterShape(query)}|${query.limit >= 0}`;
    const values = filterValues(query);
    if (query.limit >= 0) values.push(query.limit);
    const known = entrySql.get(key);
    if (known !== undefined) return CompiledQuery.raw(known, values);
    const compiled = plainListing(query).select(listingEntryColumns).compile();
    if (compiled.parameters.length !== values.length || compiled.parameters.some((value, index) => value !== values[index])) {
      throw new Error('filterValues does not bind in requestFilters order');
    }
    if (entrySql.size >= SHAPES_KEPT) entrySql.clear();
    entrySql.set(key, compiled.sql);
    return compiled;
  };

  // Compiled once: a change token is read on every listing, cached or not, and building the
  // query cost twice what running it does.
  const versionOf = (name: string) => db.selectFrom('change_versions').select('version').where('name', '=', name).compile();
  const requestsVersion = versionOf('service_requests');
  const publicVersion = versionOf('public_requests');
  const readVersion = async (query: typeof publicVersion) => String((await db.executeQuery(query)).rows[0]!.version);
  // Read on every listing: concurrent readers share the query, each still seeing every write before it asked.
  const publicChangeToken = coalescedRead(() => readVersion(publicVersion));

  return {
    async create(request, receipt, options) {
      await engine.write(async (trx) => {
        await insertRequests(engine, trx, [request]);
        if (request.email && receipt) await subscribeReporter(trx, request.service_request_id, request.email, request.locale, request.requested_at, receipt);
        if (options?.forward) await queueForward(trx, request.service_request_id, options.forward, request.requested_at);
        if (options?.idempotencyKey) await completeKey(trx, options.idempotencyKey);
        if (options?.audit) await insertAuditEntry(trx, options.audit);
      });
    },
    async createMany(requests) {
      if (requests.length === 0) return;
      await engine.write((trx) => insertRequests(engine, trx, requests));
      await engine.afterBulkLoad(requests.length);
    },
    async find(id) {
      const [row, media] = await Promise.all([
        db.selectFrom('service_requests').select(requestColumns).where('service_request_id', '=', id).executeTakeFirst(),
        // Every column, as find always answered them (its media items carry service_request_id too).
        db.selectFrom('request_media').selectAll().where('service_request_id', '=', id).orderBy('position').execute(),
      ]);
      return row ? decodeRequest(row, media) : undefined;
    },
    async query(query) {
      if (matchesNothing(query)) return [];
      const rows = query.near
        ? await engine.requestsNear<ServiceRequestRow>(query, query.near, requestColumns)
        : await plainListing(query).select(requestColumns).execute();
      return attachMedia(rows);
    },
    async listingEntries(query) {
      if (matchesNothing(query)) return [];
      if (query.near) return (await engine.requestsNear<ListingEntryRow>(query, query.near, listingEntryColumns)).map(listingEntryOf);
      return engine.arrays<ListingEntry>(compiledEntries(query));
    },
    async count() {
      const row = await db.selectFrom('service_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    // A version row that triggers move on every write to requests or their media, by any process.
    changeToken: () => readVersion(requestsVersion),
    publicChangeToken,
    async listByModeration(query) {
      if (query.bodyIds?.length === 0) return [];
      // Keyset paging on the (moderation, requested_at) index; the id breaks ties.
      const direction = query.order === 'oldest' ? 'asc' : 'desc';
      const beyond = query.order === 'oldest' ? '>' : '<';
      const { after } = query;
      const rows = await db
        .selectFrom('service_requests')
        .select(requestColumns)
        .where('moderation', '=', query.moderation)
        .$if(query.bodyIds !== undefined, (qb) => qb.where('body_id', 'in', query.bodyIds!))
        .$if(query.flag !== undefined, (qb) => qb.where((eb) => moderationFlagFilter(eb, query.flag!, query.now, query.moderator)))
        .$if(after !== undefined, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('requested_at', beyond, after!.requested_at),
              eb.and([eb('requested_at', '=', after!.requested_at), eb('service_request_id', beyond, after!.service_request_id)]),
            ]),
          ),
        )
        .orderBy('requested_at', direction)
        .orderBy('service_request_id', direction)
        .$if(query.limit >= 0, (qb) => qb.limit(query.limit))
        .execute();
      return attachMedia(rows);
    },
    async countByModeration(moderation, bodyIds) {
      if (bodyIds?.length === 0) return 0;
      const row = await db
        .selectFrom('service_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('moderation', '=', moderation)
        .$if(bodyIds !== undefined, (qb) => qb.where('body_id', 'in', bodyIds!))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async countOverdueByBody(now) {
      // Per type with a target, its open published requests older than the target: a range of
      // the overdue index (moderation, status, service_code, requested_at, body_id), no table reads.
      // CROSS JOIN keeps the types outside on SQLite, which otherwise may walk every open request.
      const rows = await db
        .selectFrom('service_types')
        .crossJoin('service_requests')
        .select((eb) => ['service_requests.body_id', eb.fn.countAll<number>().as('n')])
        .whereRef('service_requests.service_code', '=', 'service_types.service_code')
        .where('service_types.target_days', 'is not', null)
        .where('service_requests.moderation', '=', overdueStates.moderation)
        .where('service_requests.status', '=', overdueStates.status)
        .where(pastTarget(now))
        .groupBy('service_requests.body_id')
        .execute();
      return new Map(rows.map((row) => [row.body_id ?? '', Number(row.n)]));
    },
  };
}
