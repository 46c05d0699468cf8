import type { PostgresDatabase } from './database';
import { boxAround, distanceMeters } from '../geo';
import { houseNumberKey, type AddressRecord, type AddressRepository, type StreetRecord } from '../repositories/addresses';

const columns = 'id, street_fi, street_sv, number, postal_code, municipality_fi, municipality_sv, lat, long, source';

/** Rows a statement inserts (unnest of arrays); also how often progress is reported. */
const BATCH = 10_000;
/** Candidates read before the distance sort, as SQLite takes them. */
const NEAR_CANDIDATES = 20_000;
/** After every character a house number key can hold: `prefix ≤ key < prefix + this` is a prefix range ("C" collation compares bytes, as SQLite does). */
const keyRangeEnd = '\uffff';

export function createPostgresAddressRepository(db: PostgresDatabase): AddressRepository {
  return {
    async replace(sources, points, progress) {
      return db.transaction(async (client) => {
        const [deleted] = await client.query<{ n: number }>(
          'WITH gone AS (DELETE FROM addresses WHERE source = ANY($1::text[]) RETURNING 1) SELECT COUNT(*)::int8 AS n FROM gone',
          [[...new Set(sources)]],
        );
        for (let start = 0; start < points.length; start += BATCH) {
          const batch = points.slice(start, start + BATCH);
          await client.query(
            `INSERT INTO addresses (street_fi, street_sv, number, number_key, postal_code, municipality_fi, municipality_sv, lat, long, source)
             SELECT street_fi, street_sv, number, number_key, postal_code, municipality_fi, municipality_sv, lat, long, source FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::float8[], $10::text[])
             WITH ORDINALITY AS point(street_fi, street_sv, number, number_key, postal_code, municipality_fi, municipality_sv, lat, long, source, position)
             ORDER BY position`,
            [
              batch.map((point) => point.street_fi),
              batch.map((point) => point.street_sv),
              batch.map((point) => point.number),
              batch.map((point) => houseNumberKey(point.number)),
              batch.map((point) => point.postal_code),
              batch.map((point) => point.municipality_fi),
              batch.map((point) => point.municipality_sv),
              batch.map((point) => point.lat),
              batch.map((point) => point.long),
              batch.map((point) => point.source),
            ],
          );
          progress?.(start + batch.length);
        }
        return { removed: deleted!.n, added: points.length };
      });
    },
    async count() {
      const [row] = await db.query<{ n: number }>('SELECT COUNT(*)::int8 AS n FROM addresses');
      return row!.n;
    },
    async countBySource() {
      const rows = await db.query<{ source: string; n: number }>('SELECT source, COUNT(*)::int8 AS n FROM addresses GROUP BY source ORDER BY source');
      return Object.fromEntries(rows.map((row) => [row.source, row.n]));
    },
    async find(id) {
      // Beyond bigint no row exists; PostgreSQL would refuse the parameter instead of answering none.
      if (!Number.isSafeInteger(id)) return undefined;
      const [row] = await db.query<AddressRecord>(`SELECT ${columns} FROM addresses WHERE id = $1`, [id]);
      return row;
    },
    async streets() {
      return db.query<StreetRecord>(
        `SELECT street_fi, street_sv, municipality_fi, municipality_sv, COUNT(*)::int8 AS points, AVG(lat) AS lat, AVG(long) AS long,
                CASE WHEN MIN(postal_code) = MAX(postal_code) THEN MIN(postal_code) ELSE '' END AS postal_code
         FROM addresses GROUP BY street_fi, street_sv, municipality_fi, municipality_sv
         ORDER BY municipality_fi, municipality_sv, street_fi, street_sv`,
      );
    },
    async onStreet(street, { numberKeyPrefix = '', limit }) {
      return db.query<AddressRecord>(
        `SELECT ${columns} FROM addresses
         WHERE street_fi = $1 AND street_sv = $2 AND municipality_fi = $3 AND municipality_sv = $4 AND number_key >= $5 AND number_key < $6
         ORDER BY number_key, id LIMIT $7`,
        [street.street_fi, street.street_sv, street.municipality_fi, street.municipality_sv, numberKeyPrefix, `${numberKeyPrefix}${keyRangeEnd}`, limit],
      );
    },
    async nearest(near, limit) {
      // The same box as SQLite's (geo.ts), narrowed by the GiST index to a circle a little wider
      // than the radius; the distance itself in JavaScript, so both backends agree to the bit.
      const box = boxAround(near.lat, near.long, near.radiusMeters);
      const params: unknown[] = [box.minLatitude, box.maxLatitude];
      let where = 'lat BETWEEN $1::float8 AND $2::float8';
      if (box.longitudes) {
        params.push(box.longitudes.min, box.longitudes.max);
        where += ' AND long BETWEEN $3::float8 AND $4::float8';
      }
      params.push(near.long, near.lat, near.radiusMeters * 1.01 + 10, NEAR_CANDIDATES);
      const n = params.length;
      const rows = await db.query<AddressRecord>(
        `SELECT ${columns} FROM addresses
         WHERE ${where} AND ST_DWithin(location, ST_SetSRID(ST_MakePoint($${n - 3}::float8, $${n - 2}::float8), 4326)::geography, $${n - 1}::float8, false)
         LIMIT $${n}`,
        params,
      );
      return rows
        .map((address) => ({ address, distanceMeters: distanceMeters(near.lat, near.long, address.lat, address.long) }))
        .filter((found) => found.distanceMeters <= near.radiusMeters)
        .sort((a, b) => a.distanceMeters - b.distanceMeters || a.address.id - b.address.id)
        .slice(0, limit);
    },
    async changeToken() {
      const [row] = await db.query<{ version: number }>("SELECT version FROM change_versions WHERE name = 'addresses'");
      return String(row!.version);
    },
  };
}
