import { columnTypes, type SchemaStep } from './column-types';

/**
 * A resident's update posted by another system through mySociety's servicerequestupdates
 * (issue 40, item 8) carries that system's own id for it: kept with the caller (the SHA-256 of
 * its API key), unique per caller, so a repeat of the same post answers the first update_id
 * again, however late it comes. Null for the updates residents post through Kerro itself.
 */
export const residentUpdateClientIdsStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema.alterTable('resident_updates').addColumn('client_scope', t.key).execute();
  await db.schema.alterTable('resident_updates').addColumn('client_update_id', t.key).execute();
  // Nulls are distinct on both engines: updates without a caller's id never collide.
  await db.schema.createIndex('resident_updates_client').on('resident_updates').columns(['client_scope', 'client_update_id']).unique().execute();
};
