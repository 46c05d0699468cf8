import { sql } from 'kysely';
import { addChangeVersions, columnTypes, type SchemaStep } from './column-types';
import { versionTriggers } from './change-tokens';

/**
 * Bodies (a region's municipalities and departments), the service types each handles, the body a
 * request was assigned to, and the bodies a moderator works for (none: an administrator, who sees
 * all). Each area is kept as its GeoJSON text with its bounding box and size; PostgreSQL also keeps
 * it as PostGIS geometry with a GiST index for `ST_Covers`, SQLite indexes the boxes in memory.
 */
export const bodiesStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  const postgres = kind === 'postgres';
  await db.schema
    .createTable('bodies')
    .addColumn('id', t.key, (c) => c.primaryKey())
    .addColumn('jurisdiction_id', t.key, (c) => c.notNull().unique())
    .addColumn('name_fi', 'text', (c) => c.notNull())
    .addColumn('name_sv', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('area_geojson', 'text', (c) => c.notNull())
    .addColumn('area_m2', t.real, (c) => c.notNull())
    .addColumn('min_lat', t.real, (c) => c.notNull())
    .addColumn('min_long', t.real, (c) => c.notNull())
    .addColumn('max_lat', t.real, (c) => c.notNull())
    .addColumn('max_long', t.real, (c) => c.notNull())
    .addColumn('send_json', 'text', (c) => c.notNull())
    .$call((table) => (postgres ? table.addColumn('area', sql`geometry(MultiPolygon, 4326)`, (c) => c.notNull()) : table))
    .execute();
  if (postgres) await sql`CREATE INDEX bodies_area ON bodies USING gist (area)`.execute(db);
  await db.schema
    .createTable('body_services')
    .addColumn('body_id', t.key, (c) => c.notNull().references('bodies.id').onDelete('cascade'))
    .addColumn('service_code', t.key, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('body_services_pkey', ['body_id', 'service_code'])
    .execute();
  await db.schema.createIndex('body_services_by_code').on('body_services').column('service_code').execute();
  await db.schema
    .createTable('moderator_bodies')
    .addColumn('moderator_name', t.key, (c) => c.notNull())
    .addColumn('body_id', t.key, (c) => c.notNull())
    .addPrimaryKeyConstraint('moderator_bodies_pkey', ['moderator_name', 'body_id'])
    .execute();
  // No foreign key: a body removed later leaves its requests' assignment as it was.
  await db.schema.alterTable('service_requests').addColumn('body_id', t.key).execute();
  await db.schema.createIndex('service_requests_by_body').on('service_requests').columns(['body_id', 'requested_at']).execute();
  await addChangeVersions(db, 'bodies');
  await versionTriggers(db, kind, 'bodies', 'bodies', ['insert', 'update', 'delete']);
  await versionTriggers(db, kind, 'body_services', 'bodies', ['insert', 'update', 'delete']);
};
