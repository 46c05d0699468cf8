import { sql } from 'kysely';
import { fromServiceObjectRow } from '../service-object-rows';
import { boxAround, distanceMeters } from '../geo';
import type { Engine } from './engine';
import type { ServiceObjectRepository } from '../repositories/types';

/** Candidates by name before the distance sort. */
const NEAR_CANDIDATES = 5000;
/** Rows per insert statement: within both engines' limits on bound values. */
const UPSERT_BATCH = 2_000;

/** SQLite stores NaN as NULL (which NOT NULL then refuses); PostgreSQL would keep a NaN. */
const storedNumber = (value: number) => (Number.isNaN(value) ? (null as unknown as number) : value);

export function createServiceObjectRepository(engine: Engine): ServiceObjectRepository {
  const { db } = engine;
  return {
    async find(type, id) {
      const row = await db.selectFrom('service_objects').selectAll().where('service_object_type', '=', type).where('service_object_id', '=', id).executeTakeFirst();
      return row ? fromServiceObjectRow(row) : undefined;
    },
    async search({ text, near, limit }) {
      let query = db.selectFrom('service_objects').selectAll();
      if (text !== undefined) {
        // Lower-cased in JavaScript, with % _ \ escaped to match themselves.
        const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or((['name_fi', 'name_sv', 'name_en'] as const).map((column) => sql<boolean>`${engine.asciiLower(column)} LIKE ${pattern} ESCAPE '\\'`)),
        );
      }
      if (near) {
        // One box for both engines (geo.ts), so both rank the same candidates.
        const box = boxAround(near.lat, near.long, near.radiusMeters);
        query = query.where('lat', '>=', box.minLatitude).where('lat', '<=', box.maxLatitude);
        if (box.longitudes) query = query.where('long', '>=', box.longitudes.min).where('long', '<=', box.longitudes.max);
        const circle = engine.nearLocation(near);
        if (circle) query = query.where(circle);
      }
      // The (type, id) tiebreak makes equal English names come in one order every time.
      const rows = await query.orderBy('name_en').orderBy('service_object_type').orderBy('service_object_id').limit(near ? NEAR_CANDIDATES : limit).execute();
      const objects = rows.map(fromServiceObjectRow);
      if (!near) return objects.map((object) => ({ object }));
      // The distance in JavaScript (geo.ts): the same numbers to the bit on both engines.
      return objects
        .map((object) => ({ object, distanceMeters: distanceMeters(near.lat, near.long, object.lat, object.long) }))
        .filter((found) => found.distanceMeters <= near.radiusMeters)
        .sort((a, b) => a.distanceMeters - b.distanceMeters)
        .slice(0, limit);
    },
    async upsertMany(objects) {
      if (objects.length === 0) return;
      // One statement may not update a row twice: the last of the same key wins, as one by one.
      const latest = [...new Map(objects.map((object) => [JSON.stringify([object.service_object_type, object.service_object_id]), object])).values()];
      await engine.write(async (trx) => {
        for (let start = 0; start < latest.length; start += UPSERT_BATCH) {
          const rows = latest.slice(start, start + UPSERT_BATCH).map((object) => ({
            service_object_type: object.service_object_type,
            service_object_id: object.service_object_id,
            kind: object.kind,
            lat: storedNumber(object.lat),
            long: storedNumber(object.long),
            name_fi: object.names.fi,
            name_sv: object.names.sv,
            name_en: object.names.en,
            address: object.address,
          }));
          await trx
            .insertInto('service_objects')
            .values(rows)
            .onConflict((conflict) =>
              conflict.columns(['service_object_type', 'service_object_id']).doUpdateSet((eb) => ({
                kind: eb.ref('excluded.kind'),
                lat: eb.ref('excluded.lat'),
                long: eb.ref('excluded.long'),
                name_fi: eb.ref('excluded.name_fi'),
                name_sv: eb.ref('excluded.name_sv'),
                name_en: eb.ref('excluded.name_en'),
                address: eb.ref('excluded.address'),
              })),
            )
            .execute();
        }
      });
    },
    async count() {
      const row = await db.selectFrom('service_objects').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return row.n;
    },
    async changeToken() {
      // A version row that triggers move on every write, by any process.
      const row = await db.selectFrom('change_versions').select('version').where('name', '=', 'service_objects').executeTakeFirstOrThrow();
      return String(row.version);
    },
  };
}
