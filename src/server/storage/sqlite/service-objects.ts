import type { SqliteDatabase } from './database';
import { fromServiceObjectRow, type ServiceObjectRow } from '../service-object-rows';
import { boxAround, distanceMeters } from '../geo';
import type { ServiceObjectRecord, ServiceObjectRepository } from '../repositories/types';

export function createSqliteServiceObjectRepository(db: SqliteDatabase): ServiceObjectRepository {
  const select = db.prepare('SELECT * FROM service_objects WHERE service_object_type = ? AND service_object_id = ?');
  const countAll = db.prepare('SELECT COUNT(*) AS n FROM service_objects');
  const version = db.prepare("SELECT version FROM change_versions WHERE name = 'service_objects'").pluck();
  const upsert = db.prepare(
    `INSERT INTO service_objects (service_object_type, service_object_id, kind, lat, long, name_fi, name_sv, name_en, address)
     VALUES (@service_object_type, @service_object_id, @kind, @lat, @long, @name_fi, @name_sv, @name_en, @address)
     ON CONFLICT (service_object_type, service_object_id) DO UPDATE SET
       kind = excluded.kind, lat = excluded.lat, long = excluded.long, name_fi = excluded.name_fi,
       name_sv = excluded.name_sv, name_en = excluded.name_en, address = excluded.address`,
  );
  const upsertAll = db.transaction((objects: ServiceObjectRecord[]) => {
    for (const object of objects) {
      upsert.run({
        service_object_type: object.service_object_type,
        service_object_id: object.service_object_id,
        kind: object.kind,
        lat: object.lat,
        long: object.long,
        name_fi: object.names.fi,
        name_sv: object.names.sv,
        name_en: object.names.en,
        address: object.address,
      });
    }
  });
  return {
    async find(type, id) {
      const row = select.get(type, id) as ServiceObjectRow | undefined;
      return row ? fromServiceObjectRow(row) : undefined;
    },
    async search({ text, near, limit }) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (text !== undefined) {
        // LIKE with an escape so % and _ in the search text match themselves.
        const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push("(LOWER(name_fi) LIKE ? ESCAPE '\\' OR LOWER(name_sv) LIKE ? ESCAPE '\\' OR LOWER(name_en) LIKE ? ESCAPE '\\')");
        params.push(pattern, pattern, pattern);
      }
      if (near) {
        const box = boxAround(near.lat, near.long, near.radiusMeters);
        where.push('lat BETWEEN ? AND ?');
        params.push(box.minLatitude, box.maxLatitude);
        if (box.longitudes) {
          where.push('long BETWEEN ? AND ?');
          params.push(box.longitudes.min, box.longitudes.max);
        }
      }
      const rows = db
        .prepare(`SELECT * FROM service_objects ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY name_en, service_object_type, service_object_id LIMIT ?`)
        .all(...params, near ? 5000 : limit) as ServiceObjectRow[];
      const objects = rows.map(fromServiceObjectRow);
      if (!near) return objects.map((object) => ({ object }));
      return objects
        .map((object) => ({ object, distanceMeters: distanceMeters(near.lat, near.long, object.lat, object.long) }))
        .filter((found) => found.distanceMeters <= near.radiusMeters)
        .sort((a, b) => a.distanceMeters - b.distanceMeters)
        .slice(0, limit);
    },
    async upsertMany(objects) {
      upsertAll(objects);
    },
    async count() {
      return (countAll.get() as { n: number }).n;
    },
    async changeToken() {
      // A version row that triggers move on every write, by any process.
      return String(version.get() as number);
    },
  };
}
