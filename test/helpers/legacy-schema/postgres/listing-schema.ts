/**
 * The PostgreSQL step for the public listing's caches, the same rules as SQLite's
 * (sqlite/listing-schema.ts; ARCHITECTURE.md, "Caching the public listing"):
 * - `revision` moves whenever anything the listing shows of a request changes (its row, media,
 *   public history);
 * - the `public_requests` version moves only on a statement that writes a request published before
 *   or after it, read from the statement's transition tables, so a bulk load bumps it once.
 */
export const listingSchemaStep = `
  ALTER TABLE service_requests ADD COLUMN revision int8 NOT NULL DEFAULT 0;
  CREATE FUNCTION next_request_revision() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.revision := OLD.revision + 1;
    RETURN NEW;
  END $$;
  CREATE TRIGGER service_requests_revision BEFORE UPDATE ON service_requests
    FOR EACH ROW EXECUTE FUNCTION next_request_revision();
  -- Once per statement, set-based. A request written by this same transaction is left alone: no
  -- other transaction has seen it, so nothing can hold an item of it (a bulk load's photos then
  -- cost no second write of their requests).
  CREATE FUNCTION touch_request_revisions() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END $$;
${['request_media', 'request_history'].map((table) => `
  CREATE TRIGGER ${table}_revision_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION touch_request_revisions();
  CREATE TRIGGER ${table}_revision_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION touch_request_revisions();
  CREATE TRIGGER ${table}_revision_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION touch_request_revisions();`).join('')}
  INSERT INTO change_versions (name, version) VALUES ('public_requests', 0);
  -- Each transition table is named only in the branch of the operation that has it.
  CREATE FUNCTION bump_public_requests() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END $$;
  CREATE TRIGGER public_requests_insert AFTER INSERT ON service_requests REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bump_public_requests();
  CREATE TRIGGER public_requests_update AFTER UPDATE ON service_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bump_public_requests();
  CREATE TRIGGER public_requests_delete AFTER DELETE ON service_requests REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bump_public_requests();
  CREATE TRIGGER public_requests_truncate AFTER TRUNCATE ON service_requests
    FOR EACH STATEMENT EXECUTE FUNCTION bump_change_version('public_requests');
  `;
