import { boxAround, distanceMeters } from '../geo';
import type { Engine } from './engine';
import { houseNumberKey, type AddressRepository } from '../repositories/addresses';

const columns = ['id', 'street_fi', 'street_sv', 'number', 'postal_code', 'municipality_fi', 'municipality_sv', 'lat', 'long', 'source'] as const;

/** Rows an insert statement writes: 10 values each, within both engines' limits on bound values. */
const BATCH = 2_000;
/** Rows written between progress reports (a multiple of BATCH). */
const PROGRESS_EVERY = 10_000;
/** Candidates read from the box before the distance sort; a reverse radius is at most a few km. */
const NEAR_CANDIDATES = 20_000;
/** After every character a house number key can hold: `prefix ≤ key < prefix + this` is a prefix range (bytes compared on both engines). */
const keyRangeEnd = '\uffff';

export function createAddressRepository(engine: Engine): AddressRepository {
  const { db } = engine;
  return {
    async replace(sources, points, progress) {
      return engine.write(async (trx) => {
        const distinct = [...new Set(sources)];
        const deleted = distinct.length === 0 ? undefined : await trx.deleteFrom('addresses').where('source', 'in', distinct).executeTakeFirst();
        for (let start = 0; start < points.length; start += BATCH) {
          const batch = points.slice(start, start + BATCH);
          await trx
            .insertInto('addresses')
            .values(
              batch.map((point) => ({
                street_fi: point.street_fi,
                street_sv: point.street_sv,
                number: point.number,
                number_key: houseNumberKey(point.number),
                postal_code: point.postal_code,
                municipality_fi: point.municipality_fi,
                municipality_sv: point.municipality_sv,
                lat: point.lat,
                long: point.long,
                source: point.source,
              })),
            )
            .execute();
          const stored = start + batch.length;
          if (progress && (stored % PROGRESS_EVERY === 0 || stored === points.length)) progress(stored);
        }
        return { removed: Number(deleted?.numDeletedRows ?? 0), added: points.length };
      });
    },
    async count() {
      const row = await db.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return row.n;
    },
    async countBySource() {
      const rows = await db.selectFrom('addresses').select((eb) => ['source', eb.fn.countAll<number>().as('n')]).groupBy('source').orderBy('source').execute();
      return Object.fromEntries(rows.map((row) => [row.source, row.n]));
    },
    async find(id) {
      // Beyond bigint no row exists; PostgreSQL would refuse the parameter instead of answering none.
      if (!Number.isSafeInteger(id)) return undefined;
      return db.selectFrom('addresses').select(columns).where('id', '=', id).executeTakeFirst();
    },
    async streets() {
      return db
        .selectFrom('addresses')
        .select((eb) => [
          'street_fi',
          'street_sv',
          'municipality_fi',
          'municipality_sv',
          eb.fn.countAll<number>().as('points'),
          eb.fn.avg<number>('lat').as('lat'),
          eb.fn.avg<number>('long').as('long'),
          eb.case().when(eb.fn.min('postal_code'), '=', eb.fn.max('postal_code')).then(eb.fn.min<string>('postal_code')).else('').end().as('postal_code'),
        ])
        .groupBy(['street_fi', 'street_sv', 'municipality_fi', 'municipality_sv'])
        .orderBy('municipality_fi')
        .orderBy('municipality_sv')
        .orderBy('street_fi')
        .orderBy('street_sv')
        .execute();
    },
    async onStreet(street, { numberKeyPrefix = '', limit }) {
      return db
        .selectFrom('addresses')
        .select(columns)
        .where('street_fi', '=', street.street_fi)
        .where('street_sv', '=', street.street_sv)
        .where('municipality_fi', '=', street.municipality_fi)
        .where('municipality_sv', '=', street.municipality_sv)
        .where('number_key', '>=', numberKeyPrefix)
        .where('number_key', '<', `${numberKeyPrefix}${keyRangeEnd}`)
        .orderBy('number_key')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async nearest(near, limit) {
      const box = boxAround(near.lat, near.long, near.radiusMeters);
      let query = db.selectFrom('addresses').select(columns).where('lat', '>=', box.minLatitude).where('lat', '<=', box.maxLatitude);
      if (box.longitudes) query = query.where('long', '>=', box.longitudes.min).where('long', '<=', box.longitudes.max);
      const circle = engine.nearLocation(near);
      if (circle) query = query.where(circle);
      const rows = await query.limit(NEAR_CANDIDATES).execute();
      return rows
        .map((address) => ({ address, distanceMeters: distanceMeters(near.lat, near.long, address.lat, address.long) }))
        .filter((found) => found.distanceMeters <= near.radiusMeters)
        .sort((a, b) => a.distanceMeters - b.distanceMeters || a.address.id - b.address.id)
        .slice(0, limit);
    },
    async changeToken() {
      // A version row that triggers move on every write, by any process.
      const row = await db.selectFrom('change_versions').select('version').where('name', '=', 'addresses').executeTakeFirstOrThrow();
      return String(row.version);
    },
  };
}
