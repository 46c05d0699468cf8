import { columnTypes, type SchemaStep } from './column-types';

/**
 * The addresses each moderator name signed in from (issue 39, item 2): the sign-in throttle gives
 * such an address a lane of its own that strangers cannot fill (moderation/login-limiter.ts).
 * Kept for months, unlike login_attempts (a day), so a table of its own: one row per address and
 * name, stored only as their SHA-256, with the last sign-in.
 */
export const loginKnownAddressesStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('login_known_addresses')
    .addColumn('pair_hash', t.key, (c) => c.primaryKey())
    .addColumn('signed_in_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_known_addresses_signed_in').on('login_known_addresses').column('signed_in_at').execute();
};
