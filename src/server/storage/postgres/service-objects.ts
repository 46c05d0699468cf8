import type { PostgresDatabase } from './database';
import { fromServiceObjectRow as fromRow, type ServiceObjectRow } from '../service-object-rows';
import { boxAround, distanceMeters } from '../geo';
import type { ServiceObjectRepository } from '../repositories/types';

const columns = 'service_object_type, service_object_id, kind, lat, long, name_fi, name_sv, name_en, address';

/**
 * SQLite's LOWER() and LIKE fold only A–Z: 'Ä' and 'ä' stay different there, so here too
 * (PostgreSQL's lower() and ILIKE would fold every letter).
 */
const asciiLower = (column: string) => `translate(${column}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;

/** SQLite stores NaN as NULL (which NOT NULL then refuses); PostgreSQL would keep a NaN. */
const sqliteNumber = (value: number) => (Number.isNaN(value) ? null : value);

/** Candidates by name before the distance sort, as SQLite takes them. */
const NEAR_CANDIDATES = 5000;

export function createPostgresServiceObjectRepository(db: PostgresDatabase): ServiceObjectRepository {
  return {
    async find(type, id) {
      const [row] = await db.query<ServiceObjectRow>(
        `SELECT ${columns} FROM service_objects WHERE service_object_type = $1 AND service_object_id = $2`,
        [type, id],
      );
      return row ? fromRow(row) : undefined;
    },
    async search({ text, near, limit }) {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (value: unknown) => `$${params.push(value)}`;
      if (text !== undefined) {
        // The pattern exactly as SQLite's: JavaScript-lowercased, with % _ \ escaped to match themselves.
        const pattern = add(`%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        where.push(
          `(${['name_fi', 'name_sv', 'name_en'].map((column) => `${asciiLower(column)} LIKE ${pattern} ESCAPE '\\'`).join(' OR ')})`,
        );
      }
      if (near) {
        // The same box as SQLite's (geo.ts), so both rank the same candidates; the GiST index
        // narrows to a circle a little wider than the radius, which holds every answer.
        const box = boxAround(near.lat, near.long, near.radiusMeters);
        where.push(`lat BETWEEN ${add(box.minLatitude)}::float8 AND ${add(box.maxLatitude)}::float8`);
        if (box.longitudes) where.push(`long BETWEEN ${add(box.longitudes.min)}::float8 AND ${add(box.longitudes.max)}::float8`);
        where.push(
          `ST_DWithin(location, ST_SetSRID(ST_MakePoint(${add(near.long)}::float8, ${add(near.lat)}::float8), 4326)::geography, ${add(near.radiusMeters * 1.01 + 10)}::float8, false)`,
        );
      }
      params.push(near ? NEAR_CANDIDATES : limit);
      // The (type, id) tiebreak makes equal English names come in one order every time.
      const rows = await db.query<ServiceObjectRow>(
        `SELECT ${columns} FROM service_objects ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY name_en, service_object_type, service_object_id LIMIT $${params.length}`,
        params,
      );
      const objects = rows.map(fromRow);
      if (!near) return objects.map((object) => ({ object }));
      // The distance in JavaScript with geo.ts, as SQLite's twin does: the same numbers to the bit.
      return objects
        .map((object) => ({ object, distanceMeters: distanceMeters(near.lat, near.long, object.lat, object.long) }))
        .filter((found) => found.distanceMeters <= near.radiusMeters)
        .sort((a, b) => a.distanceMeters - b.distanceMeters)
        .slice(0, limit);
    },
    async upsertMany(objects) {
      if (objects.length === 0) return;
      // One statement may not update a row twice; SQLite's one-by-one upserts leave the last one.
      const latest = [...new Map(objects.map((object) => [JSON.stringify([object.service_object_type, object.service_object_id]), object])).values()];
      await db.transaction(async (client) => {
        for (let start = 0; start < latest.length; start += 2_000) {
          const batch = latest.slice(start, start + 2_000);
          await client.query(
            `INSERT INTO service_objects (${columns})
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::text[], $7::text[], $8::text[], $9::text[])
             ON CONFLICT (service_object_type, service_object_id) DO UPDATE SET
               kind = excluded.kind, lat = excluded.lat, long = excluded.long, name_fi = excluded.name_fi,
               name_sv = excluded.name_sv, name_en = excluded.name_en, address = excluded.address`,
            [
              batch.map((object) => object.service_object_type),
              batch.map((object) => object.service_object_id),
              batch.map((object) => object.kind),
              batch.map((object) => sqliteNumber(object.lat)),
              batch.map((object) => sqliteNumber(object.long)),
              batch.map((object) => object.names.fi),
              batch.map((object) => object.names.sv),
              batch.map((object) => object.names.en),
              batch.map((object) => object.address),
            ],
          );
        }
      });
    },
    async count() {
      const [row] = await db.query<{ n: number }>('SELECT COUNT(*)::int8 AS n FROM service_objects');
      return row!.n;
    },
    async changeToken() {
      // Statement triggers move this row on every write, by any instance.
      const [row] = await db.query<{ version: number }>("SELECT version FROM change_versions WHERE name = 'service_objects'");
      return String(row!.version);
    },
  };
}
