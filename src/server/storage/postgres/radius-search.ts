/**
 * Radius search over service requests on PostgreSQL: the GiST index finds candidates (a circle a
 * little wider than the radius, within a time window); then exactly SQLite's filters: the
 * lat/long box (geo.ts) and its haversine, operation for operation.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { boxAround, earthRadiusMeters } from '../geo';
import type { Engine } from '../kysely/engine';
import { requestFilters, type Near } from '../kysely/request-filters';
import type { RequestColumn } from '../request-rows';
import type { ServiceRequestQuery } from '../repositories/types';

/** The first radius window, SQLite's: the newest 1/32 of the span. */
const FIRST_WINDOW = 1 / 32;

const isUnderflow = (error: unknown) =>
  (error as { code?: string }).code === '22003' && /underflow/i.test((error as Error).message);

/**
 * SQLite's haversine, operation for operation (libm's sin, cos, asin and pow on both sides), so
 * both backends draw the boundary in the same place. `safe` routes the operations PostgreSQL
 * checks for underflow through kerro_ieee_* (see migrations.ts), which answer 0 as IEEE does.
 */
function haversine(near: Near, safe: boolean): RawBuilder<number> {
  type Sql = RawBuilder<number>;
  const mul = (a: Sql, b: Sql) => (safe ? sql<number>`kerro_ieee_mul(${a}, ${b})` : sql<number>`${a} * ${b}`);
  const half = (a: Sql) => (safe ? sql<number>`kerro_ieee_div(${a}, 2)` : sql<number>`${a} / 2`);
  const squared = (a: Sql) => (safe ? sql<number>`kerro_ieee_pow(${a}, 2)` : sql<number>`power(${a}, 2)`);
  const lat = sql<number>`${near.lat}::float8`;
  const long = sql<number>`${near.long}::float8`;
  const toRadians = sql<number>`${Math.PI / 180}::float8`;
  const latTerm = squared(sql`sin(${half(mul(sql`(lat - ${lat})`, toRadians))})`);
  const longTerm = squared(sql`sin(${half(mul(sql`(long - ${long})`, toRadians))})`);
  const cosines = mul(sql`cos(${mul(lat, toRadians)})`, sql`cos(${mul(sql`lat`, toRadians)})`);
  return sql<number>`2 * ${sql.lit(earthRadiusMeters)}::float8 * asin(least(1, sqrt(${latTerm} + ${mul(cosines, longTerm)})))`;
}

type Columns = readonly (RequestColumn | 'revision')[];

/** One window's matches; `before` (exclusive) bounds its newer end. */
function listNear<Row>(engine: Engine, query: ServiceRequestQuery, near: Near, before: number | undefined, safe: boolean, columns: Columns) {
  const box = boxAround(near.lat, near.long, near.radiusMeters);
  return engine.db
    .selectFrom('service_requests')
    .select(columns)
    .where((eb) => {
      const where: Expression<SqlBool>[] = [requestFilters(eb, query), engine.nearLocation(near)!];
      if (before !== undefined) where.push(eb('requested_at', '<', before));
      where.push(eb.between('lat', box.minLatitude, box.maxLatitude));
      if (box.longitudes) where.push(eb.between('long', box.longitudes.min, box.longitudes.max));
      where.push(eb(haversine(near, safe), '<=', sql<number>`${near.radiusMeters}::float8`));
      return eb.and(where);
    })
    .orderBy('requested_at', 'desc')
    .orderBy('service_request_id', 'desc')
    .$if(query.limit >= 0, (qb) => qb.limit(query.limit))
    .execute() as Promise<Row[]>;
}

async function rankNear<Row>(engine: Engine, query: ServiceRequestQuery, near: Near, before: number | undefined, columns: Columns): Promise<Row[]> {
  try {
    return await listNear<Row>(engine, query, near, before, false, columns);
  } catch (error) {
    // Only coordinates a hair (under 1e-150 degrees) apart get here: slower, same answer.
    if (isUnderflow(error)) return listNear<Row>(engine, query, near, before, true, columns);
    throw error;
  }
}

/**
 * Newest first, in time windows like SQLite's (its first is 1/32 of the span): once windows
 * yield `limit` rows they hold the answer, as everything before them is older. Here each window
 * continues where the last ended, sized from the density seen so far, and the index (location,
 * requested_at) reads from the table only the rows inside it, not every request ever made near
 * a busy spot.
 */
export async function postgresRequestsNear<Row>(engine: Engine, query: ServiceRequestQuery, near: Near, columns: Columns): Promise<Row[]> {
  const from = query.requestedFrom;
  const to = query.requestedTo ?? Date.now();
  if (from === undefined || !(to > from)) return rankNear<Row>(engine, query, near, undefined, columns);
  const rows: Row[] = [];
  // Any first window gives the same answer when LIMIT is not negative: a wide circle starts
  // narrower in time, as it holds more requests a day (the growth below corrects a guess too small).
  let fraction = query.limit < 0 ? FIRST_WINDOW : FIRST_WINDOW * Math.min(1, Math.max(1 / 32, (500 / Math.max(near.radiusMeters, 1)) ** 2));
  let before: number | undefined;
  for (;;) {
    const windowFrom: number = fraction >= 1 ? from : Math.max(from, to - (to - from) * fraction);
    const wanted = query.limit < 0 ? query.limit : query.limit - rows.length;
    rows.push(...(await rankNear<Row>(engine, { ...query, requestedFrom: windowFrom, limit: wanted }, near, before, columns)));
    // SQLite stops after its first window when LIMIT is negative (none): so does this.
    if (query.limit < 0 || rows.length >= query.limit || windowFrom === from) return rows;
    before = Math.ceil(windowFrom);
    // Aim for half again the rows still missing, at the density seen so far.
    const estimate = rows.length === 0 ? fraction * 8 : fraction + ((query.limit - rows.length) / rows.length) * fraction * 1.5;
    fraction = Math.max(estimate, fraction * 1.25);
    if (fraction > 0.5) fraction = 1;
  }
}
