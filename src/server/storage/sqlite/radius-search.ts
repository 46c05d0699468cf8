/**
 * Radius search over service requests: the grid cells around the point narrow the rows on a plain
 * B-tree index, a bounding box and the haversine distance keep the ones inside the circle, and
 * recent time windows are tried first because the answer is the newest `limit` matches.
 */
import type { SqliteDatabase } from './database';
import { gridCellsAround } from './grid';
import { boxAround } from '../geo';
import { filterClauses, placeholders } from './request-filters';
import type { ServiceRequestRow } from '../request-rows';
import type { ServiceRequestQuery } from '../repositories/types';

/** Radius windows, newest first: 1/32 of the span (under 3 days of the default 90), 1/4, all. */
const WINDOW_FRACTIONS = [1 / 32, 1 / 4, 1];

type Near = NonNullable<ServiceRequestQuery['near']>;

/** `listNear(query, near, columns)`: the newest rows matching the query within the circle, newest first. */
export function createRadiusSearch(db: SqliteDatabase) {
  /** Row ids (SQLite's rowid, straight from the grid index) of the newest matches within the radius. */
  const rankNear = (query: ServiceRequestQuery, near: Near): number[] => {
    const { where, params } = filterClauses(query);
    const cells = gridCellsAround(near.lat, near.long, near.radiusMeters);
    if (cells) {
      where.push(`grid_cell IN (${placeholders(cells.length)})`);
      params.push(...cells);
    } else {
      where.push('lat IS NOT NULL');
    }
    const box = boxAround(near.lat, near.long, near.radiusMeters);
    where.push('lat BETWEEN ? AND ?');
    params.push(box.minLatitude, box.maxLatitude);
    // A box crossing ±180° longitude cannot be one BETWEEN; the grid cells and distance still bound it.
    if (box.longitudes) {
      where.push('long BETWEEN ? AND ?');
      params.push(box.longitudes.min, box.longitudes.max);
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
  const listNear = <Row = ServiceRequestRow>(query: ServiceRequestQuery, near: Near, columns = '*'): Row[] => {
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
      .prepare(`SELECT rowid AS row_id, ${columns} FROM service_requests WHERE rowid IN (${placeholders(rowIds.length)})`)
      .all(...rowIds) as (Row & { row_id: number })[];
    const byRowId = new Map(rows.map((row) => [row.row_id, row]));
    return rowIds.map((rowId) => byRowId.get(rowId)!);
  };

  return listNear;
}
