/**
 * Radius search over service requests on SQLite: the grid cells around the point narrow the rows
 * on a plain B-tree index, a bounding box and the haversine distance keep the ones inside the
 * circle, and recent time windows are tried first because the answer is the newest `limit` matches.
 */
import { sql } from 'kysely';
import { gridCellsAround } from './grid';
import { boxAround, earthRadiusMeters } from '../geo';
import type { Db } from '../kysely/engine';
import { requestFilters, type Near } from '../kysely/request-filters';
import type { RequestColumn } from '../request-rows';
import type { ServiceRequestQuery } from '../repositories/types';

/** Radius windows, newest first: 1/32 of the span (under 3 days of the default 90), 1/4, all. */
const WINDOW_FRACTIONS = [1 / 32, 1 / 4, 1];

const rowid = sql<number>`rowid`;

/** Row ids (SQLite's rowid, straight from the grid index) of the newest matches within the radius. */
async function rankNear(db: Db, query: ServiceRequestQuery, near: Near): Promise<number[]> {
  const cells = gridCellsAround(near.lat, near.long, near.radiusMeters);
  const box = boxAround(near.lat, near.long, near.radiusMeters);
  const toRadians = Math.PI / 180;
  const rows = await db
    .with(
      (cte) => cte('box').materialized(),
      (db) =>
        db
          .selectFrom('service_requests')
          .select([rowid.as('row_id'), 'service_request_id', 'lat', 'long', 'requested_at'])
          .where((eb) => {
            const where = [requestFilters(eb, query), cells ? eb(sql<number>`grid_cell`, 'in', cells) : eb('lat', 'is not', null)];
            where.push(eb.between('lat', box.minLatitude, box.maxLatitude));
            // A box crossing ±180° longitude cannot be one BETWEEN; the grid cells and distance still bound it.
            if (box.longitudes) where.push(eb.between('long', box.longitudes.min, box.longitudes.max));
            return eb.and(where);
          }),
    )
    .selectFrom('box')
    .select('row_id')
    .where(
      sql<number>`2 * ${sql.lit(earthRadiusMeters)} * asin(min(1, sqrt(
        power(sin((lat - ${near.lat}) * ${toRadians} / 2), 2) + cos(${near.lat} * ${toRadians}) * cos(lat * ${toRadians}) * power(sin((long - ${near.long}) * ${toRadians} / 2), 2)
      )))`,
      '<=',
      near.radiusMeters,
    )
    .orderBy('requested_at', 'desc')
    .orderBy('service_request_id', 'desc')
    // A negative limit means none.
    .limit(query.limit)
    .execute();
  return rows.map((row) => row.row_id);
}

/**
 * Newest first, so a dense spot's newest `limit` usually lie in the last few days: try a short
 * recent window first. A window that yields `limit` rows holds the answer (everything outside
 * it is older); otherwise widen, ending with the whole span.
 */
export async function sqliteRequestsNear<Row>(db: Db, query: ServiceRequestQuery, near: Near, columns: readonly (RequestColumn | 'revision')[]): Promise<Row[]> {
  const from = query.requestedFrom;
  const to = query.requestedTo ?? Date.now();
  const fractions = from !== undefined && to > from ? WINDOW_FRACTIONS : [1];
  let rowIds: number[] = [];
  for (const fraction of fractions) {
    const windowFrom = fraction === 1 ? from : Math.max(from!, to - (to - from!) * fraction);
    rowIds = await rankNear(db, { ...query, requestedFrom: windowFrom }, near);
    if (rowIds.length >= query.limit) break;
  }
  if (rowIds.length === 0) return [];
  // By rowid: one B-tree seek per row, where the service_request_id key would take two.
  const rows = await db.selectFrom('service_requests').select([rowid.as('row_id'), ...columns]).where(rowid, 'in', rowIds).execute();
  const byRowId = new Map(rows.map((row) => [row.row_id, row]));
  return rowIds.map((id) => byRowId.get(id) as Row);
}
