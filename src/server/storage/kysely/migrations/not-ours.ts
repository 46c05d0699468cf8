import { addChangeVersions, columnTypes, type SchemaStep } from './column-types';
import { versionTriggers } from './change-tokens';

/**
 * "Not ours" areas (issue 42, item 3): places someone else maintains, whom to contact there, and
 * the service codes still taken. Each area is kept as GeoJSON text with its box and size; the
 * lookup is the bodies' in-memory one (turf + a box index) on both engines, as these areas are few,
 * so PostgreSQL needs no geometry column. A version row moves on every write, for the cached copy.
 */
export const notOursStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('not_ours_areas')
    .addColumn('id', t.key, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('message_fi', 'text', (c) => c.notNull())
    .addColumn('message_sv', 'text', (c) => c.notNull())
    .addColumn('message_en', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('allowed_codes_json', 'text', (c) => c.notNull())
    .addColumn('area_geojson', 'text', (c) => c.notNull())
    .addColumn('area_m2', t.real, (c) => c.notNull())
    .addColumn('min_lat', t.real, (c) => c.notNull())
    .addColumn('min_long', t.real, (c) => c.notNull())
    .addColumn('max_lat', t.real, (c) => c.notNull())
    .addColumn('max_long', t.real, (c) => c.notNull())
    .execute();
  await addChangeVersions(db, 'not_ours');
  await versionTriggers(db, kind, 'not_ours_areas', 'not_ours', ['insert', 'update', 'delete']);
};
