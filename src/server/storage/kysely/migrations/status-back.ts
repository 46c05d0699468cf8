import { sql } from 'kysely';
import { columnTypes, type SchemaStep } from './column-types';

/**
 * Status back without asking twice (issue 40, items 5 and 6).
 *
 * - forwards.listed_at: when a window's listing last showed the report. From then on the windows
 *   follow it and it is never asked by id. Reports the old poller had applied an update to were
 *   never asked by id again either: they count as listed, so no old report is asked anew.
 * - forwards.checked_at: when it was last asked by id and nothing new came back: not asked again
 *   for an hour.
 * - service_requests.api_key_id: the key that created the request (null for older rows and bulk
 *   loads): that caller, and only it, reads its unpublished requests by id in the listing.
 */
export const statusBackStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema.alterTable('forwards').addColumn('listed_at', t.bigint).execute();
  await db.schema.alterTable('forwards').addColumn('checked_at', t.bigint).execute();
  await sql`UPDATE forwards SET listed_at = sent_at WHERE remote_updated_at IS NOT NULL AND sent_at IS NOT NULL`.execute(db);
  await db.schema.alterTable('service_requests').addColumn('api_key_id', t.bigint).execute();
};
