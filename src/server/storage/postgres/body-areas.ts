/**
 * Bodies' areas on PostgreSQL: the PostGIS `area` column (a MultiPolygon in WGS 84, GiST-indexed)
 * made from the GeoJSON text the row keeps, and the lookup that asks it.
 */
import { sql } from 'kysely';
import type { Db } from '../kysely/engine';
import { compiledQueries } from '../kysely/compiled';

/** SQL around a GeoJSON text parameter that makes the `area` value; the store's import and `db copy` both use it. */
export const areaFromGeoJson = { before: 'ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(', after: '::text), 4326))' } as const;

export const areaColumn = (areaGeoJson: string) => ({ area: sql`${sql.raw(areaFromGeoJson.before)}${areaGeoJson}${sql.raw(areaFromGeoJson.after)}` });

/** The ids of the bodies whose area covers the point (ST_Covers: boundary included), through the GiST index. */
export function postgresBodiesAt(db: Db) {
  const run = compiledQueries();
  return async (point: { lat: number; long: number }): Promise<string[]> => {
    const rows = await run<{ id: string }>(db, 'bodies at', [point.long, point.lat], ([long, lat]) =>
      db.selectFrom('bodies').select('id').where(sql<boolean>`ST_Covers(area, ST_SetSRID(ST_MakePoint(${long}::float8, ${lat}::float8), 4326))`),
    );
    return rows.map((row) => row.id);
  };
}
