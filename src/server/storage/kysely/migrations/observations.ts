import { sql } from 'kysely';
import { columnTypes, withId, type SchemaStep } from './column-types';

/**
 * Counter observations. Each value row is keyed by (series, datetime), so one counter's year is
 * one contiguous range of the primary key's b-tree (on SQLite a WITHOUT ROWID table of three
 * integers): the aggregate reads just those pages, however many other counters are stored. The
 * strings (measurement type, direction, vehicle type, unit, source) live once per series. Not
 * partitioned on PostgreSQL: the key already confines the aggregate to one counter's rows. The
 * datetime index serves the unfiltered listing, newest first.
 */
export const observationsStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('observation_series')
    .$call(withId(kind, 'integer'))
    .addColumn('counter_id', t.bigint, (c) => c.notNull())
    .addColumn('measurement_type', t.key, (c) => c.notNull())
    .addColumn('measurement_type_folded', t.key, (c) => c.notNull())
    .addColumn('direction', t.key, (c) => c.notNull())
    .addColumn('vehicle_type', t.key, (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('phenomenon_duration_seconds', t.bigint, (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_folded', t.key, (c) => c.notNull())
    .addUniqueConstraint('observation_series_counter_id_measurement_type_direction_ve_key', ['counter_id', 'measurement_type', 'direction', 'vehicle_type'])
    .execute();
  await db.schema.createIndex('observation_series_type').on('observation_series').columns(['measurement_type_folded', 'counter_id']).execute();
  await db.schema
    .createTable('observations')
    .addColumn('series_id', 'integer', (c) => c.notNull().references('observation_series.id'))
    .addColumn('datetime', t.bigint, (c) => c.notNull())
    .addColumn('value', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('observations_pkey', ['series_id', 'datetime'])
    .$call((table) => (kind === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await db.schema.createIndex('observations_datetime').on('observations').column('datetime').execute();
  await db.schema
    .createTable('observation_sources')
    .addColumn('name', t.key, (c) => c.primaryKey())
    .addColumn('license', 'text', (c) => c.notNull())
    .addColumn('description_fi', 'text', (c) => c.notNull())
    .addColumn('description_sv', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .execute();
};
