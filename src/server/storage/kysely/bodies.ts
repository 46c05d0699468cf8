/**
 * Bodies, written once: each area kept as its GeoJSON text with its box and size (square metres,
 * @turf/area), its service list in body_services. Reads come from one copy of every body, parsed
 * once and read again only when the bodies' version row moves (triggers move it on any write, by
 * any process; ../versioned-copy.ts keeps the copy). Which areas cover a point is the engine's
 * (engine.bodiesAt); the order, smallest area first, then id, is this file's.
 */
import { area as areaOf } from '@turf/area';
import { bbox } from '@turf/bbox';
import { storedSendSettings } from '../../forwarding/senders';
import type { BodyAreaEntry, Db, Engine } from './engine';
import type { BodiesTable } from './bodies.table';
import type { BodiesSnapshot, BodyArea, BodyAtPoint, BodyRecord, BodyRepository } from '../repositories/types';
import { createVersionedCopy } from '../versioned-copy';

/** Ids per IN list: within SQLite's cap on bound values. */
const ID_BATCH = 500;

/**
 * Every body at one version of the bodies' rows, shared by every caller: each record is frozen but
 * its area's coordinates (freezing ~600,000 arrays cost as much as parsing them), which no caller changes.
 */
interface Bodies {
  /** Every body, by id as the database orders them, with the version it was read at: what snapshot() answers. */
  snapshot: BodiesSnapshot;
  byId: ReadonlyMap<string, BodyAtPoint>;
  /** The position of each body in the lookup's order: smallest area first, then id. */
  rank: ReadonlyMap<string, number>;
  areas: readonly BodyAreaEntry[];
}

function recordOf(row: BodiesTable, services: string[]): BodyAtPoint {
  return Object.freeze({
    id: row.id,
    jurisdiction_id: row.jurisdiction_id,
    names: Object.freeze({ fi: row.name_fi, sv: row.name_sv, en: row.name_en }),
    area: Object.freeze(JSON.parse(row.area_geojson) as BodyArea),
    services: Object.freeze(services) as string[],
    send: Object.freeze(storedSendSettings(row.id, row.send_json)),
    areaSquareMeters: row.area_m2,
  });
}

/** A body's row: the area as GeoJSON (type and coordinates only), its box and size, plus the engine's own columns. */
function rowOf(engine: Engine, body: BodyRecord) {
  const area = { type: body.area.type, coordinates: body.area.coordinates } as BodyArea;
  const [minLong, minLat, maxLong, maxLat] = bbox(area);
  const areaGeoJson = JSON.stringify(area);
  return {
    id: body.id,
    jurisdiction_id: body.jurisdiction_id,
    name_fi: body.names.fi,
    name_sv: body.names.sv,
    name_en: body.names.en,
    area_geojson: areaGeoJson,
    area_m2: areaOf(area),
    min_lat: minLat,
    min_long: minLong,
    max_lat: maxLat,
    max_long: maxLong,
    send_json: JSON.stringify(body.send),
    ...engine.bodyAreaColumns(areaGeoJson),
  };
}

async function insertServices(trx: Db, bodyId: string, serviceCodes: readonly string[], firstPosition: number) {
  if (serviceCodes.length === 0) return;
  const rows = serviceCodes.map((service_code, index) => ({ body_id: bodyId, service_code, position: firstPosition + index }));
  for (let start = 0; start < rows.length; start += ID_BATCH) await trx.insertInto('body_services').values(rows.slice(start, start + ID_BATCH)).execute();
}

export function createBodyRepository(engine: Engine): BodyRepository {
  const { db } = engine;
  // Compiled once: read on every lookup.
  const versionQuery = db.selectFrom('change_versions').select('version').where('name', '=', 'bodies').compile();
  const readToken = async () => String((await db.executeQuery(versionQuery)).rows[0]!.version);

  // Labelled with the version read before it: a write while it runs costs one more load, never a stale copy.
  const load = (token: string) =>
    engine.snapshot(async (trx): Promise<Bodies> => {
      const rows = await trx.selectFrom('bodies').selectAll().orderBy('id').execute();
      const services = await trx.selectFrom('body_services').select(['body_id', 'service_code']).orderBy('body_id').orderBy('position').execute();
      const servicesOf = new Map<string, string[]>();
      for (const { body_id, service_code } of services) servicesOf.set(body_id, [...(servicesOf.get(body_id) ?? []), service_code]);
      const byId = new Map(rows.map((row) => [row.id, recordOf(row, servicesOf.get(row.id) ?? [])]));
      // Equal areas keep the database's id order (a stable sort), as PostgreSQL's "C" collation and SQLite order ids alike.
      const bySize = [...byId.values()].sort((a, b) => a.areaSquareMeters - b.areaSquareMeters);
      const boxOf = new Map(rows.map((row) => [row.id, [row.min_long, row.min_lat, row.max_long, row.max_lat] as const]));
      return {
        snapshot: Object.freeze({ token, bodies: Object.freeze([...byId.values()]) }),
        byId,
        rank: new Map(bySize.map((body, position) => [body.id, position])),
        areas: Object.freeze(bySize.map((body) => ({ id: body.id, area: body.area, box: boxOf.get(body.id)! }))),
      };
    });

  const copy = createVersionedCopy<Bodies>();
  /** Every body as of now: the copy held, unless a body was written since it was read. */
  const current = async (): Promise<Bodies> => {
    const token = await readToken();
    return copy.at(token, () => load(token));
  };

  return {
    async list() {
      return [...(await current()).snapshot.bodies];
    },
    async snapshot() {
      return (await current()).snapshot;
    },
    async find(id) {
      return (await current()).byId.get(id);
    },
    async findByJurisdiction(jurisdictionId) {
      for (const body of (await current()).byId.values()) if (body.jurisdiction_id === jurisdictionId) return body;
      return undefined;
    },
    async at(lat, long) {
      const point = { lat, long };
      // The version check and the lookup at once (on PostgreSQL each is a round trip): the lookup
      // asked of the copy held is kept when that copy is still current, and asked again otherwise.
      const guess = copy.held;
      const [latest, guessed] = await Promise.all([current(), guess ? engine.bodiesAt(point, guess.areas) : undefined]);
      let bodies = latest;
      let ids = bodies === guess && guessed ? guessed : await engine.bodiesAt(point, bodies.areas);
      // PostgreSQL may answer with a body written after the copy was read: read it again, and ask again.
      if (ids.some((id) => !bodies.byId.has(id))) {
        bodies = await current();
        ids = await engine.bodiesAt({ lat, long }, bodies.areas);
      }
      const { byId, rank } = bodies;
      return ids
        .filter((id) => byId.has(id))
        .sort((a, b) => rank.get(a)! - rank.get(b)!)
        .map((id) => byId.get(id)!);
    },
    async importAll(bodies) {
      if (bodies.length === 0) return;
      await engine.write(async (trx) => {
        // Every replaced body goes first, so ids and jurisdiction ids may move between bodies in one file.
        const ids = bodies.map((body) => body.id);
        for (let start = 0; start < ids.length; start += ID_BATCH) {
          const batch = ids.slice(start, start + ID_BATCH);
          await trx.deleteFrom('body_services').where('body_id', 'in', batch).execute();
          await trx.deleteFrom('bodies').where('id', 'in', batch).execute();
        }
        for (const body of bodies) {
          await trx.insertInto('bodies').values(rowOf(engine, body)).execute();
          await insertServices(trx, body.id, [...new Set(body.services)], 0);
        }
      });
    },
    async addServices(id, serviceCodes) {
      return engine.write(async (trx) => {
        const body = await trx.selectFrom('bodies').select('id').where('id', '=', id).executeTakeFirst();
        if (!body) return false;
        const listed = await trx.selectFrom('body_services').select(['service_code', 'position']).where('body_id', '=', id).execute();
        const known = new Set(listed.map((row) => row.service_code));
        const added = [...new Set(serviceCodes)].filter((code) => !known.has(code));
        await insertServices(trx, id, added, Math.max(-1, ...listed.map((row) => row.position)) + 1);
        return true;
      });
    },
    async remove(id) {
      return engine.write(async (trx) => {
        await trx.deleteFrom('body_services').where('body_id', '=', id).execute();
        const result = await trx.deleteFrom('bodies').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },
    async count() {
      const row = await db.selectFrom('bodies').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async changeToken() {
      return readToken();
    },
  };
}
