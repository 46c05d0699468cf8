import { sql } from 'kysely';
import { columnTypes, geography, geographyOf, withId, type SchemaStep } from './column-types';

/**
 * Service types with their translations and questions, service requests and their photos, API
 * keys, service objects and settings.
 */
export const requestsStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  const postgres = kind === 'postgres';
  await db.schema
    .createTable('service_types')
    .addColumn('service_code', t.key, (c) => c.primaryKey())
    .addColumn('metadata_type', 'text', (c) => c.notNull().defaultTo('realtime'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('service_type_translations')
    .addColumn('service_code', t.key, (c) => c.notNull().references('service_types.service_code').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('service_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('group_name', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('service_type_translations_pkey', ['service_code', 'locale'])
    .execute();
  await db.schema
    .createTable('service_attributes')
    .addColumn('service_code', t.key, (c) => c.notNull().references('service_types.service_code').onDelete('cascade'))
    .addColumn('code', t.key, (c) => c.notNull())
    .addColumn('variable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('datatype', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('datatype_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('values_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('service_attributes_pkey', ['service_code', 'code'])
    .execute();
  await db.schema
    .createTable('service_requests')
    .addColumn('service_request_id', t.key, (c) => c.primaryKey())
    .addColumn('service_code', t.key, (c) => c.notNull().references('service_types.service_code'))
    .addColumn('title', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('lat', t.real)
    .addColumn('long', t.real)
    // SQLite's radius search narrows by a grid cell (sqlite/grid.ts), PostgreSQL's by PostGIS.
    .$call((table) =>
      postgres
        ? table.addColumn('location', geography, (c) =>
            c.generatedAlwaysAs(sql`CASE WHEN lat IS NULL OR long IS NULL THEN NULL ELSE ${geographyOf('long', 'lat')} END`).stored(),
          )
        : table.addColumn('grid_cell', 'integer'),
    )
    .addColumn('address_string', 'text')
    .addColumn('address_id', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('service_object_type', t.key)
    .addColumn('service_object_id', t.key)
    .addColumn('email', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('device_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('detailed_status', 'text', (c) => c.notNull())
    .addColumn('status_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('agency_responsible', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('service_notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('moderation', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('external_media_url', 'text')
    .addColumn('attributes_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('requested_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .addColumn('expected_at', t.bigint)
    .execute();
  // On PostgreSQL the id too, so a listing's ORDER BY requested_at DESC, service_request_id DESC
  // LIMIT n is a backward walk of this index that stops after n rows, never a sort of every match.
  await db.schema
    .createIndex('service_requests_listing')
    .on('service_requests')
    .columns(postgres ? ['moderation', 'requested_at', 'service_request_id'] : ['moderation', 'requested_at'])
    .execute();
  await db.schema.createIndex('service_requests_updated').on('service_requests').columns(['moderation', 'updated_at']).execute();
  await (postgres
    ? // The place and the time (btree_gist), so a search over a recent window reads from the
      // table only the rows inside it, not every request ever made near a busy spot.
      db.schema.createIndex('service_requests_location').on('service_requests').using('gist').columns(['location', 'requested_at'])
    : // Covers the first phase of a radius search (candidates by cell): no table reads.
      db.schema
        .createIndex('service_requests_grid')
        .on('service_requests')
        .columns(['grid_cell', 'moderation', 'requested_at', 'lat', 'long', 'service_request_id'])
  ).execute();
  await db.schema.createIndex('service_requests_object').on('service_requests').columns(['service_object_type', 'service_object_id']).execute();
  await db.schema
    .createTable('request_media')
    .addColumn('service_request_id', t.key, (c) => c.notNull().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_media_pkey', ['service_request_id', 'position'])
    .execute();
  if (postgres) {
    // Photos kept in the database when no shared MEDIA_DIR is configured.
    await db.schema
      .createTable('media_blobs')
      .addColumn('file_name', 'text', (c) => c.primaryKey())
      .addColumn('content', 'bytea', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  }
  await db.schema
    .createTable('api_keys')
    .$call(withId(kind))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('revoked_at', t.bigint)
    .execute();
  await db.schema
    .createTable('service_objects')
    .addColumn('service_object_type', t.key, (c) => c.notNull())
    .addColumn('service_object_id', t.key, (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('lat', t.real, (c) => c.notNull())
    .addColumn('long', t.real, (c) => c.notNull())
    .$call((table) => (postgres ? table.addColumn('location', geography, (c) => c.generatedAlwaysAs(geographyOf('long', 'lat')).stored()) : table))
    .addColumn('name_fi', t.key, (c) => c.notNull())
    .addColumn('name_sv', t.key, (c) => c.notNull())
    .addColumn('name_en', t.key, (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('service_objects_pkey', ['service_object_type', 'service_object_id'])
    .execute();
  if (postgres) await db.schema.createIndex('service_objects_location').on('service_objects').using('gist').column('location').execute();
  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  // Radius searches compute the haversine in SQL exactly as SQLite does. PostgreSQL raises "value
  // out of range: underflow" where IEEE arithmetic (SQLite's) quietly gives 0, e.g. for coordinates
  // 1e-200 degrees apart; a search that hits that reruns with these, which give 0.
  if (postgres) {
    for (const [name, body] of [['mul', 'a * b'], ['div', 'a / b'], ['pow', 'power(a, b)']] as const) {
      await sql`CREATE FUNCTION ${sql.raw(`kerro_ieee_${name}`)}(a double precision, b double precision) RETURNS double precision
        LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
      BEGIN
        RETURN ${sql.raw(body)};
      EXCEPTION WHEN numeric_value_out_of_range THEN
        RETURN 0;
      END;
      $$`.execute(db);
    }
  }
};
