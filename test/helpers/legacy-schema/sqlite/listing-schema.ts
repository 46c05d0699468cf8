/**
 * A schema step of the SQLite backend, for the public listing's caches (ARCHITECTURE.md,
 * "Caching the public listing"):
 * - `revision` on each request moves whenever anything the listing shows of it changes: its row,
 *   its media, its public history. The listing keeps each request's rendered text by revision.
 * - the `public_requests` version moves only on a write that a public listing could show: one to
 *   a request that is published before or after it (media and history reach it through the
 *   revision update). An unpublished report or a change to a pending one moves nothing public.
 * SQLite's triggers do not recurse (recursive_triggers is off), and the revision trigger's WHEN
 * skips the update it makes itself.
 */
const bumpPublic = "UPDATE change_versions SET version = version + 1 WHERE name = 'public_requests';";
const touch = (row: 'NEW' | 'OLD') =>
  `UPDATE service_requests SET revision = revision + 1 WHERE service_request_id = ${row}.service_request_id;`;

export const listingSchemaStep = `
  ALTER TABLE service_requests ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
  -- Covers the listing's entries (which, and which version) in its order: no table reads for them.
  CREATE INDEX service_requests_listing_entries ON service_requests (moderation, requested_at, service_request_id, service_code, revision);
  CREATE TRIGGER service_requests_revision AFTER UPDATE ON service_requests WHEN NEW.revision = OLD.revision BEGIN
    UPDATE service_requests SET revision = OLD.revision + 1 WHERE service_request_id = NEW.service_request_id;
  END;
  CREATE TRIGGER request_media_insert_revision AFTER INSERT ON request_media BEGIN ${touch('NEW')} END;
  CREATE TRIGGER request_media_update_revision AFTER UPDATE ON request_media BEGIN ${touch('NEW')} ${touch('OLD')} END;
  CREATE TRIGGER request_media_delete_revision AFTER DELETE ON request_media BEGIN ${touch('OLD')} END;
  CREATE TRIGGER request_history_insert_revision AFTER INSERT ON request_history BEGIN ${touch('NEW')} END;
  CREATE TRIGGER request_history_update_revision AFTER UPDATE ON request_history BEGIN ${touch('NEW')} ${touch('OLD')} END;
  CREATE TRIGGER request_history_delete_revision AFTER DELETE ON request_history BEGIN ${touch('OLD')} END;
  INSERT INTO change_versions (name, version) VALUES ('public_requests', 0);
  CREATE TRIGGER public_requests_insert AFTER INSERT ON service_requests WHEN NEW.moderation = 'published' BEGIN ${bumpPublic} END;
  CREATE TRIGGER public_requests_update AFTER UPDATE ON service_requests
    WHEN OLD.moderation = 'published' OR NEW.moderation = 'published' BEGIN ${bumpPublic} END;
  CREATE TRIGGER public_requests_delete AFTER DELETE ON service_requests WHEN OLD.moderation = 'published' BEGIN ${bumpPublic} END;
  `;
