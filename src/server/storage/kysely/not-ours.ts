/**
 * "Not ours" areas, replaced as a whole by each import. Reads come from one copy of every area,
 * read again only when the version row moves (triggers move it on any write, by any process). The
 * point lookup is the bodies' in-memory one (a box index, then @turf/boolean-point-in-polygon) on
 * both engines: these areas are a handful per installation, so no SQL of its own.
 */
import { area as areaOf } from '@turf/area';
import { bbox } from '@turf/bbox';
import { bodiesCovering } from '../sqlite/body-areas';
import type { BodyAreaEntry, Engine } from './engine';
import type { NotOursAreasTable } from './not-ours.table';
import type { BodyArea, NotOursArea, NotOursRepository } from '../repositories/types';
import { createVersionedCopy } from '../versioned-copy';

interface NotOursCopy {
  list: readonly NotOursArea[];
  byId: ReadonlyMap<string, NotOursArea>;
  /** Smallest area first: the first covering a point is the most specific. */
  areas: readonly BodyAreaEntry[];
}

function recordOf(row: NotOursAreasTable): NotOursArea {
  return Object.freeze({
    id: row.id,
    name: row.name,
    messages: Object.freeze({ fi: row.message_fi, sv: row.message_sv, en: row.message_en }),
    url: row.url,
    allowedServiceCodes: Object.freeze(JSON.parse(row.allowed_codes_json) as string[]) as string[],
    area: JSON.parse(row.area_geojson) as BodyArea,
  });
}

function rowOf(record: NotOursArea): NotOursAreasTable {
  const area = { type: record.area.type, coordinates: record.area.coordinates } as BodyArea;
  const [minLong, minLat, maxLong, maxLat] = bbox(area);
  return {
    id: record.id,
    name: record.name,
    message_fi: record.messages.fi,
    message_sv: record.messages.sv,
    message_en: record.messages.en,
    url: record.url,
    allowed_codes_json: JSON.stringify([...new Set(record.allowedServiceCodes)]),
    area_geojson: JSON.stringify(area),
    area_m2: areaOf(area),
    min_lat: minLat,
    min_long: minLong,
    max_lat: maxLat,
    max_long: maxLong,
  };
}

export function createNotOursRepository(engine: Engine): NotOursRepository {
  const { db } = engine;
  const versionQuery = db.selectFrom('change_versions').select('version').where('name', '=', 'not_ours').compile();
  const readToken = async () => String((await db.executeQuery(versionQuery)).rows[0]!.version);
  const load = async (): Promise<NotOursCopy> => {
    const rows = await db.selectFrom('not_ours_areas').selectAll().orderBy('id').execute();
    const list = rows.map(recordOf);
    const bySize = rows
      .map((row, index) => ({ row, record: list[index]! }))
      .sort((a, b) => a.row.area_m2 - b.row.area_m2);
    return {
      list,
      byId: new Map(list.map((record) => [record.id, record])),
      areas: bySize.map(({ row, record }) => ({ id: record.id, area: record.area, box: [row.min_long, row.min_lat, row.max_long, row.max_lat] as const })),
    };
  };
  const copy = createVersionedCopy<NotOursCopy>();
  const current = async () => {
    const token = await readToken();
    return copy.at(token, load);
  };

  return {
    async list() {
      return [...(await current()).list];
    },
    async at(lat, long) {
      const { areas, byId } = await current();
      // The box index answers in its own order: the smallest covering area is the one to name.
      const covering = new Set(bodiesCovering({ lat, long }, areas));
      const first = areas.find((entry) => covering.has(entry.id));
      return first ? byId.get(first.id) : undefined;
    },
    async replaceAll(areas) {
      await engine.write(async (trx) => {
        await trx.deleteFrom('not_ours_areas').execute();
        for (const area of areas) await trx.insertInto('not_ours_areas').values(rowOf(area)).execute();
      });
    },
  };
}
