import { columnTypes, geography, geographyOf, type SchemaStep } from './column-types';

/**
 * The counters service. source_folded is the lower-cased source, indexed for the case-insensitive
 * filter; revision is the counter_dataset version of the row's last write.
 */
export const countersStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  const postgres = kind === 'postgres';
  await db.schema
    .createTable('counters')
    .addColumn('id', t.bigint, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_folded', t.key, (c) => c.notNull())
    .addColumn('source_id', t.bigint)
    .addColumn('classifying', 'integer', (c) => c.notNull())
    .addColumn('crs_epsg', 'integer', (c) => c.notNull())
    .addColumn('municipality_code', t.key, (c) => c.notNull())
    .addColumn('data_received', 'integer', (c) => c.notNull())
    .addColumn('first_stored_observation', t.bigint)
    .addColumn('last_stored_observation', t.bigint)
    .addColumn('longitude', t.real, (c) => c.notNull())
    .addColumn('latitude', t.real, (c) => c.notNull())
    .$call((table) =>
      postgres ? table.addColumn('location', geography, (c) => c.generatedAlwaysAs(geographyOf('longitude', 'latitude')).stored()) : table,
    )
    .addColumn('revision', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('counters_source').on('counters').columns(['source_folded', 'id']).execute();
  await db.schema.createIndex('counters_municipality').on('counters').columns(['municipality_code', 'id']).execute();
  const location = db.schema.createIndex('counters_location').on('counters');
  await (postgres ? location.using('gist').column('location') : location.columns(['latitude', 'longitude', 'id'])).execute();
  await db.schema
    .createTable('counter_dataset')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', t.bigint, (c) => c.notNull())
    .execute();
  await db.insertInto('counter_dataset').values({ id: 1, version: 0 }).execute();
};
