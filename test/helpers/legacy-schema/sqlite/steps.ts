import type Database from 'better-sqlite3';
import { followSchemaStep } from './follow-schema';
import { observationsSchemaStep } from './observations-schema';
import { listingSchemaStep } from './listing-schema';

/**
 * FROZEN: the SQLite schema steps as the Kerro before Kysely's migrator ran them (storage/sqlite/
 * migrations.ts), kept to build the databases the new migrator must adopt. Never edit.
 *
 * Ordered schema steps of the SQLite backend; the index + 1 is the schema version kept in
 * PRAGMA user_version. Append only: never edit a step that has shipped. Times are epoch
 * milliseconds, as in the PostgreSQL backend.
 */
export const migrations: readonly string[] = [
  `
  CREATE TABLE service_types (
    service_code TEXT PRIMARY KEY,
    metadata_type TEXT NOT NULL DEFAULT 'realtime',
    position INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE service_type_translations (
    service_code TEXT NOT NULL REFERENCES service_types(service_code) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    service_name TEXT NOT NULL,
    description TEXT NOT NULL,
    keywords TEXT NOT NULL DEFAULT '',
    group_name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (service_code, locale)
  );
  CREATE TABLE service_attributes (
    service_code TEXT NOT NULL REFERENCES service_types(service_code) ON DELETE CASCADE,
    code TEXT NOT NULL,
    variable INTEGER NOT NULL DEFAULT 1,
    datatype TEXT NOT NULL,
    required INTEGER NOT NULL DEFAULT 0,
    datatype_description TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    description TEXT NOT NULL DEFAULT '',
    values_json TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (service_code, code)
  );
  CREATE TABLE service_requests (
    service_request_id TEXT PRIMARY KEY,
    service_code TEXT NOT NULL REFERENCES service_types(service_code),
    title TEXT,
    description TEXT NOT NULL,
    lat REAL,
    long REAL,
    grid_cell INTEGER,
    address_string TEXT,
    address_id TEXT,
    zip_code TEXT,
    service_object_type TEXT,
    service_object_id TEXT,
    email TEXT,
    first_name TEXT,
    last_name TEXT,
    phone TEXT,
    device_id TEXT,
    account_id TEXT,
    locale TEXT NOT NULL DEFAULT 'en',
    status TEXT NOT NULL,
    detailed_status TEXT NOT NULL,
    status_notes TEXT NOT NULL DEFAULT '',
    agency_responsible TEXT NOT NULL DEFAULT '',
    service_notice TEXT NOT NULL DEFAULT '',
    moderation TEXT NOT NULL DEFAULT 'pending',
    external_media_url TEXT,
    attributes_json TEXT NOT NULL DEFAULT '{}',
    requested_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    expected_at INTEGER
  );
  CREATE INDEX service_requests_listing ON service_requests (moderation, requested_at);
  CREATE INDEX service_requests_updated ON service_requests (moderation, updated_at);
  -- Covers the first phase of a radius search (candidates by cell), so it never touches the table.
  CREATE INDEX service_requests_grid ON service_requests (grid_cell, moderation, requested_at, lat, long, service_request_id);
  CREATE INDEX service_requests_object ON service_requests (service_object_type, service_object_id);
  CREATE TABLE request_media (
    service_request_id TEXT NOT NULL REFERENCES service_requests(service_request_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    file_name TEXT NOT NULL UNIQUE,
    content_type TEXT NOT NULL,
    byte_size INTEGER NOT NULL,
    PRIMARY KEY (service_request_id, position)
  );
  CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    key_prefix TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  );
  CREATE TABLE service_objects (
    service_object_type TEXT NOT NULL,
    service_object_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    lat REAL NOT NULL,
    long REAL NOT NULL,
    name_fi TEXT NOT NULL,
    name_sv TEXT NOT NULL,
    name_en TEXT NOT NULL,
    address TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (service_object_type, service_object_id)
  );
  CREATE TABLE settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  // Counters service. source_folded is the lower-cased source, indexed for the
  // case-insensitive filter; revision is the counter_dataset version of the row's last write.
  `
  CREATE TABLE counters (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    source TEXT NOT NULL,
    source_folded TEXT NOT NULL,
    source_id INTEGER,
    classifying INTEGER NOT NULL,
    crs_epsg INTEGER NOT NULL,
    municipality_code TEXT NOT NULL,
    data_received INTEGER NOT NULL,
    first_stored_observation INTEGER,
    last_stored_observation INTEGER,
    longitude REAL NOT NULL,
    latitude REAL NOT NULL,
    revision INTEGER NOT NULL
  );
  CREATE INDEX counters_source ON counters (source_folded, id);
  CREATE INDEX counters_municipality ON counters (municipality_code, id);
  CREATE INDEX counters_location ON counters (latitude, longitude, id);
  CREATE TABLE counter_dataset (
    id INTEGER PRIMARY KEY,
    version INTEGER NOT NULL
  );
  INSERT INTO counter_dataset (id, version) VALUES (1, 0);
  `,
  // Moderation: moderator accounts and sessions (token stored as its SHA-256), failed logins for
  // rate limiting, the audit log (no personal data values), and the email outbox, written in the
  // same transaction as the change that closes a request.
  `
  CREATE TABLE moderators (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    disabled_at INTEGER
  );
  CREATE TABLE moderator_sessions (
    id TEXT PRIMARY KEY,
    moderator_id INTEGER NOT NULL REFERENCES moderators(id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX moderator_sessions_expiry ON moderator_sessions (expires_at);
  CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY,
    scope TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX login_failures_scope ON login_failures (scope, at);
  CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    moderator TEXT NOT NULL,
    action TEXT NOT NULL,
    service_request_id TEXT,
    details_json TEXT NOT NULL DEFAULT '{}'
  );
  CREATE INDEX audit_log_request ON audit_log (service_request_id, id);
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    message_id TEXT NOT NULL UNIQUE,
    service_request_id TEXT,
    to_address TEXT NOT NULL,
    locale TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    locked_until INTEGER,
    last_error TEXT,
    sent_at INTEGER,
    failed_at INTEGER
  );
  CREATE INDEX outbox_due ON outbox (sent_at, failed_at, next_attempt_at);
  `,
  // Change tokens as version rows moved by triggers on every write (any process, any statement),
  // sign-in attempts reserved before the password is checked, and request-rate windows: all in
  // the store, so every instance agrees.
  `
  CREATE TABLE change_versions (
    name TEXT PRIMARY KEY,
    version INTEGER NOT NULL
  );
  INSERT INTO change_versions (name, version) VALUES ('service_requests', 0);
  CREATE TRIGGER service_requests_insert_version AFTER INSERT ON service_requests BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = 'service_requests';
  END;
  CREATE TRIGGER service_requests_update_version AFTER UPDATE ON service_requests BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = 'service_requests';
  END;
  CREATE TRIGGER service_requests_delete_version AFTER DELETE ON service_requests BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = 'service_requests';
  END;
  CREATE TRIGGER request_media_insert_version AFTER INSERT ON request_media BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = 'service_requests';
  END;
  CREATE TRIGGER request_media_delete_version AFTER DELETE ON request_media BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = 'service_requests';
  END;
  DROP TABLE login_failures;
  CREATE TABLE login_attempts (
    id INTEGER PRIMARY KEY,
    scope TEXT NOT NULL,
    attempt TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX login_attempts_scope ON login_attempts (scope, at);
  CREATE INDEX login_attempts_attempt ON login_attempts (attempt);
  CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    window_start INTEGER NOT NULL,
    hits INTEGER NOT NULL
  );
  CREATE INDEX rate_limits_window ON rate_limits (window_start);
  `,
  // The address registry the embedded geocoder searches. number_key is the folded house number
  // ("12 A" → "12a", repositories/addresses.ts), so a street's numbers are one index range.
  // Version rows for the registry and the service objects: each instance's in-memory geocoder
  // index is rebuilt when either moves.
  `
  CREATE TABLE addresses (
    id INTEGER PRIMARY KEY,
    street_fi TEXT NOT NULL,
    street_sv TEXT NOT NULL,
    number TEXT NOT NULL,
    number_key TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    municipality_fi TEXT NOT NULL,
    municipality_sv TEXT NOT NULL,
    lat REAL NOT NULL,
    long REAL NOT NULL,
    source TEXT NOT NULL
  );
  CREATE INDEX addresses_street ON addresses (street_fi, street_sv, municipality_fi, municipality_sv, number_key);
  CREATE INDEX addresses_location ON addresses (lat, long);
  CREATE INDEX addresses_source ON addresses (source);
  INSERT INTO change_versions (name, version) VALUES ('addresses', 0), ('service_objects', 0);
  CREATE TRIGGER addresses_insert_version AFTER INSERT ON addresses BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = 'addresses';
  END;
  CREATE TRIGGER addresses_update_version AFTER UPDATE ON addresses BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = 'addresses';
  END;
  CREATE TRIGGER addresses_delete_version AFTER DELETE ON addresses BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = 'addresses';
  END;
  CREATE TRIGGER service_objects_insert_version AFTER INSERT ON service_objects BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = 'service_objects';
  END;
  CREATE TRIGGER service_objects_update_version AFTER UPDATE ON service_objects BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = 'service_objects';
  END;
  CREATE TRIGGER service_objects_delete_version AFTER DELETE ON service_objects BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = 'service_objects';
  END;
  `,
  // Keeping residents informed: emails' HTML part and unsubscribe link, subscriptions, request history (follow-schema.ts).
  followSchemaStep,
  // Counter observations and their data sources (observations-schema.ts).
  observationsSchemaStep,
  // The public listing's caches: each request's revision, the version of what the public sees (listing-schema.ts).
  listingSchemaStep,
];

/** Builds the schema as the Kerro before Kysely's migrator did, up to `version` (PRAGMA user_version). */
export function runLegacySteps(db: Database.Database, version = migrations.length): void {
  for (let step = db.pragma('user_version', { simple: true }) as number; step < version; step += 1) {
    db.transaction(() => {
      db.exec(migrations[step]!);
      db.pragma(`user_version = ${step + 1}`);
    })();
  }
}
