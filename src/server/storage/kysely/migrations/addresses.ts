import { addChangeVersions, columnTypes, geography, geographyOf, withId, type SchemaStep } from './column-types';
import { versionTriggers } from './change-tokens';

/**
 * The address registry the embedded geocoder searches. number_key is the folded house number
 * ("12 A" → "12a", repositories/addresses.ts), last in the street index so a street's numbers are
 * one range. Version rows for the registry and the service objects: each instance's in-memory
 * geocoder index is rebuilt when either moves.
 */
export const addressesStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  const postgres = kind === 'postgres';
  await db.schema
    .createTable('addresses')
    .$call(withId(kind))
    .addColumn('street_fi', t.key, (c) => c.notNull())
    .addColumn('street_sv', t.key, (c) => c.notNull())
    .addColumn('number', t.key, (c) => c.notNull())
    .addColumn('number_key', t.key, (c) => c.notNull())
    .addColumn('postal_code', t.key, (c) => c.notNull())
    .addColumn('municipality_fi', t.key, (c) => c.notNull())
    .addColumn('municipality_sv', t.key, (c) => c.notNull())
    .addColumn('lat', t.real, (c) => c.notNull())
    .addColumn('long', t.real, (c) => c.notNull())
    .$call((table) => (postgres ? table.addColumn('location', geography, (c) => c.generatedAlwaysAs(geographyOf('long', 'lat')).stored()) : table))
    .addColumn('source', t.key, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('addresses_street')
    .on('addresses')
    .columns(['street_fi', 'street_sv', 'municipality_fi', 'municipality_sv', 'number_key'])
    .execute();
  // Reverse geocoding: PostgreSQL's GiST index, SQLite's box on the coordinates.
  const location = db.schema.createIndex('addresses_location').on('addresses');
  await (postgres ? location.using('gist').column('location') : location.columns(['lat', 'long'])).execute();
  await db.schema.createIndex('addresses_source').on('addresses').column('source').execute();
  await addChangeVersions(db, 'addresses', 'service_objects');
  await versionTriggers(db, kind, 'addresses', 'addresses', ['insert', 'update', 'delete']);
  await versionTriggers(db, kind, 'service_objects', 'service_objects', ['insert', 'update', 'delete']);
};
