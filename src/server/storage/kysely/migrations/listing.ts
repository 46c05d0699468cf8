import { sql } from 'kysely';
import { addChangeVersions, columnTypes, type SchemaDb, type SchemaStep } from './column-types';

/**
 * The public listing's caches (ARCHITECTURE.md, "Caching the public listing"):
 * - `revision` on each request moves whenever anything the listing shows of it changes: its row,
 *   its media, its public history. The listing keeps each request's rendered text by revision.
 * - the `public_requests` version moves only on a write that a public listing could show: one to
 *   a request that is published before or after it (media and history reach it through the
 *   revision update). An unpublished report or a change to a pending one moves nothing public.
 * The triggers are each engine's own: SQLite's per row, PostgreSQL's per statement.
 */
export const listingStep: SchemaStep = async (db, kind) => {
  await db.schema
    .alterTable('service_requests')
    .addColumn('revision', columnTypes(kind).bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  await addChangeVersions(db, 'public_requests');
  await (kind === 'postgres' ? postgresTriggers(db) : sqliteTriggers(db));
};

/**
 * SQLite's triggers do not recurse (recursive_triggers is off), and the revision trigger's WHEN
 * skips the update it makes itself.
 */
async function sqliteTriggers(db: SchemaDb): Promise<void> {
  // Covers the listing's entries (which, and which version) in its order: no table reads for them.
  await db.schema
    .createIndex('service_requests_listing_entries')
    .on('service_requests')
    .columns(['moderation', 'requested_at', 'service_request_id', 'service_code', 'revision'])
    .execute();
  const touch = (row: 'NEW' | 'OLD') =>
    `UPDATE service_requests SET revision = revision + 1 WHERE service_request_id = ${row}.service_request_id;`;
  const bumpPublic = "UPDATE change_versions SET version = version + 1 WHERE name = 'public_requests';";
  const statements = [
    `CREATE TRIGGER service_requests_revision AFTER UPDATE ON service_requests WHEN NEW.revision = OLD.revision BEGIN
      UPDATE service_requests SET revision = OLD.revision + 1 WHERE service_request_id = NEW.service_request_id;
    END`,
    ...['request_media', 'request_history'].flatMap((table) => [
      `CREATE TRIGGER ${table}_insert_revision AFTER INSERT ON ${table} BEGIN ${touch('NEW')} END`,
      `CREATE TRIGGER ${table}_update_revision AFTER UPDATE ON ${table} BEGIN ${touch('NEW')} ${touch('OLD')} END`,
      `CREATE TRIGGER ${table}_delete_revision AFTER DELETE ON ${table} BEGIN ${touch('OLD')} END`,
    ]),
    `CREATE TRIGGER public_requests_insert AFTER INSERT ON service_requests WHEN NEW.moderation = 'published' BEGIN ${bumpPublic} END`,
    `CREATE TRIGGER public_requests_update AFTER UPDATE ON service_requests
      WHEN OLD.moderation = 'published' OR NEW.moderation = 'published' BEGIN ${bumpPublic} END`,
    `CREATE TRIGGER public_requests_delete AFTER DELETE ON service_requests WHEN OLD.moderation = 'published' BEGIN ${bumpPublic} END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * Set-based, once per statement, from the statement's transition tables, so a bulk load bumps the
 * version once. A request written by this same transaction is left alone: no other transaction has
 * seen it, so nothing can hold an item of it (a bulk load's photos then cost no second write of
 * their requests).
 */
async function postgresTriggers(db: SchemaDb): Promise<void> {
  const statements = [
    `CREATE FUNCTION next_request_revision() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.revision := OLD.revision + 1;
    RETURN NEW;
  END $$`,
    `CREATE TRIGGER service_requests_revision BEFORE UPDATE ON service_requests
      FOR EACH ROW EXECUTE FUNCTION next_request_revision()`,
    `CREATE FUNCTION touch_request_revisions() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'DELETE' THEN
      UPDATE service_requests SET revision = revision + 1
        WHERE service_request_id IN (SELECT service_request_id FROM new_rows) AND xmin <> xid(pg_current_xact_id());
    END IF;
    IF TG_OP <> 'INSERT' THEN
      UPDATE service_requests SET revision = revision + 1
        WHERE service_request_id IN (SELECT service_request_id FROM old_rows) AND xmin <> xid(pg_current_xact_id());
    END IF;
    RETURN NULL;
  END $$`,
    ...['request_media', 'request_history'].flatMap((table) => [
      `CREATE TRIGGER ${table}_revision_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION touch_request_revisions()`,
      `CREATE TRIGGER ${table}_revision_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION touch_request_revisions()`,
      `CREATE TRIGGER ${table}_revision_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION touch_request_revisions()`,
    ]),
    // Each transition table is named only in the branch of the operation that has it.
    `CREATE FUNCTION bump_public_requests() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'DELETE' THEN
      IF EXISTS (SELECT 1 FROM new_rows WHERE moderation = 'published') THEN
        UPDATE change_versions SET version = version + 1 WHERE name = 'public_requests';
        RETURN NULL;
      END IF;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      IF EXISTS (SELECT 1 FROM old_rows WHERE moderation = 'published') THEN
        UPDATE change_versions SET version = version + 1 WHERE name = 'public_requests';
      END IF;
    END IF;
    RETURN NULL;
  END $$`,
    `CREATE TRIGGER public_requests_insert AFTER INSERT ON service_requests REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_public_requests()`,
    `CREATE TRIGGER public_requests_update AFTER UPDATE ON service_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_public_requests()`,
    `CREATE TRIGGER public_requests_delete AFTER DELETE ON service_requests REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_public_requests()`,
    `CREATE TRIGGER public_requests_truncate AFTER TRUNCATE ON service_requests
      FOR EACH STATEMENT EXECUTE FUNCTION bump_change_version('public_requests')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
