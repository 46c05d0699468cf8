import type { SqliteDatabase } from './database';
import { boxAround, distanceMeters } from '../geo';
import { houseNumberKey, type AddressPoint, type AddressRecord, type AddressRepository, type StreetRecord } from '../repositories/addresses';

const columns = 'id, street_fi, street_sv, number, postal_code, municipality_fi, municipality_sv, lat, long, source';

/** Candidates read from the box before the distance sort; a reverse radius is at most a few km. */
const NEAR_CANDIDATES = 20_000;
/** Rows written between progress reports. */
const PROGRESS_EVERY = 10_000;

/** After every character a house number key can hold, so `prefix ≤ key < prefix + this` is a prefix range. */
const keyRangeEnd = '\uffff';

export function createSqliteAddressRepository(db: SqliteDatabase): AddressRepository {
  const insert = db.prepare(
    `INSERT INTO addresses (street_fi, street_sv, number, number_key, postal_code, municipality_fi, municipality_sv, lat, long, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const countAll = db.prepare('SELECT COUNT(*) AS n FROM addresses');
  const bySource = db.prepare('SELECT source, COUNT(*) AS n FROM addresses GROUP BY source ORDER BY source');
  const selectOne = db.prepare(`SELECT ${columns} FROM addresses WHERE id = ?`);
  const version = db.prepare("SELECT version FROM change_versions WHERE name = 'addresses'").pluck();
  const streets = db.prepare(
    `SELECT street_fi, street_sv, municipality_fi, municipality_sv, COUNT(*) AS points, AVG(lat) AS lat, AVG(long) AS long,
            CASE WHEN MIN(postal_code) = MAX(postal_code) THEN MIN(postal_code) ELSE '' END AS postal_code
     FROM addresses GROUP BY street_fi, street_sv, municipality_fi, municipality_sv
     ORDER BY municipality_fi, municipality_sv, street_fi, street_sv`,
  );
  const onStreet = db.prepare(
    `SELECT ${columns} FROM addresses
     WHERE street_fi = ? AND street_sv = ? AND municipality_fi = ? AND municipality_sv = ? AND number_key >= ? AND number_key < ?
     ORDER BY number_key, id LIMIT ?`,
  );
  const inBox = db.prepare(`SELECT ${columns} FROM addresses WHERE lat BETWEEN ? AND ? AND long BETWEEN ? AND ? LIMIT ?`);
  const inBand = db.prepare(`SELECT ${columns} FROM addresses WHERE lat BETWEEN ? AND ? LIMIT ?`);

  const replaceAll = db.transaction((sources: readonly string[], points: readonly AddressPoint[], progress?: (stored: number) => void) => {
    let removed = 0;
    for (const source of new Set(sources)) removed += db.prepare('DELETE FROM addresses WHERE source = ?').run(source).changes;
    for (const [index, point] of points.entries()) {
      insert.run(
        point.street_fi, point.street_sv, point.number, houseNumberKey(point.number), point.postal_code,
        point.municipality_fi, point.municipality_sv, point.lat, point.long, point.source,
      );
      if (progress && (index + 1) % PROGRESS_EVERY === 0) progress(index + 1);
    }
    return { removed, added: points.length };
  });

  return {
    async replace(sources, points, progress) {
      const report = replaceAll(sources, points, progress);
      if (progress && points.length % PROGRESS_EVERY !== 0) progress(points.length);
      return report;
    },
    async count() {
      return (countAll.get() as { n: number }).n;
    },
    async countBySource() {
      return Object.fromEntries((bySource.all() as { source: string; n: number }[]).map((row) => [row.source, row.n]));
    },
    async find(id) {
      return selectOne.get(id) as AddressRecord | undefined;
    },
    async streets() {
      return streets.all() as StreetRecord[];
    },
    async onStreet(street, { numberKeyPrefix = '', limit }) {
      return onStreet.all(
        street.street_fi, street.street_sv, street.municipality_fi, street.municipality_sv,
        numberKeyPrefix, `${numberKeyPrefix}${keyRangeEnd}`, limit,
      ) as AddressRecord[];
    },
    async nearest(near, limit) {
      const box = boxAround(near.lat, near.long, near.radiusMeters);
      const rows = (
        box.longitudes
          ? inBox.all(box.minLatitude, box.maxLatitude, box.longitudes.min, box.longitudes.max, NEAR_CANDIDATES)
          : inBand.all(box.minLatitude, box.maxLatitude, NEAR_CANDIDATES)
      ) as AddressRecord[];
      return rows
        .map((address) => ({ address, distanceMeters: distanceMeters(near.lat, near.long, address.lat, address.long) }))
        .filter((found) => found.distanceMeters <= near.radiusMeters)
        .sort((a, b) => a.distanceMeters - b.distanceMeters || a.address.id - b.address.id)
        .slice(0, limit);
    },
    async changeToken() {
      return String(version.get() as number);
    },
  };
}
