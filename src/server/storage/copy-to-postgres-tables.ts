/**
 * What `db copy` takes from a SQLite installation, table by table: every table of the schema is
 * either copied or named as left behind, with the reason (test/server/storage/copy-tables.test.ts
 * holds the two lists to the migrated schema, so a new table must be placed in one of them).
 */
import type { Tables } from './kysely/tables';

/** Kysely's migrator's own tables, which the repositories never read. */
type MigratorTable = 'kysely_migration' | 'kysely_migration_lock';

export type SchemaTable = keyof Tables | MigratorTable;

export interface CopiedTable {
  name: SchemaTable;
  /** An identity column whose sequence must move past the copied ids. */
  identity?: string;
  /** A bookkeeping table the target's migrations already filled: replaced, not appended to. */
  replace?: boolean;
  /** A PostGIS column SQLite lacks, made on the target from another column's GeoJSON text; not compared after. */
  geometryFrom?: { column: string; geoJson: string };
}

export interface TableLeftBehind {
  table: SchemaTable;
  why: string;
}

/** In foreign-key order. */
export const copiedTables: readonly CopiedTable[] = [
  { name: 'service_types' },
  { name: 'service_type_translations' },
  { name: 'service_attributes' },
  { name: 'service_requests' },
  { name: 'request_media' },
  { name: 'api_keys', identity: 'id' },
  { name: 'service_objects' },
  { name: 'addresses', identity: 'id' },
  { name: 'settings' },
  { name: 'counters' },
  { name: 'counter_dataset', replace: true },
  { name: 'moderators', identity: 'id' },
  { name: 'moderator_sessions' },
  { name: 'audit_log', identity: 'id' },
  { name: 'outbox', identity: 'id' },
  { name: 'subscriptions', identity: 'id' },
  { name: 'request_history', identity: 'id' },
  { name: 'observation_series', identity: 'id' },
  { name: 'observations' },
  { name: 'observation_sources' },
  { name: 'bodies', geometryFrom: { column: 'area', geoJson: 'area_geojson' } },
  { name: 'body_services' },
  { name: 'moderator_bodies' },
  { name: 'not_ours_areas' },
  { name: 'forwards' },
  { name: 'case_system_polls' },
  { name: 'case_system_seen_updates' },
  { name: 'case_system_update_posts' },
  { name: 'resident_updates' },
  { name: 'questionnaires', identity: 'id' },
  { name: 'abuse_reports', identity: 'id' },
  { name: 'alerts', identity: 'id' },
  { name: 'alert_deliveries' },
  { name: 'alert_scanned_requests' },
  { name: 'alert_scan' },
  { name: 'resident_sign_ins' },
  { name: 'resident_sessions' },
  // Moderators' saved responses (issue 41, item 4): their work, kept as written.
  { name: 'response_templates', identity: 'id' },
  // A submission's first answer, kept 24 h: a resident whose answer was lost asks after the key or
  // sends again with it, and must get that answer, not a second copy of the report.
  { name: 'idempotency_keys' },
  // The addresses moderators signed in from (kept 90 days): their own sign-in lane goes along.
  { name: 'login_known_addresses' },
  // Who handles each report, and the moderators' internal notes (issue 41, item 5).
  { name: 'request_assignments' },
  { name: 'internal_notes', identity: 'id' },
];

export const tablesLeftBehind: readonly TableLeftBehind[] = [
  { table: 'change_versions', why: 'the target keeps its own version rows; caches only ask whether they move' },
  { table: 'login_attempts', why: 'sign-in attempts count for minutes: the throttle starts afresh' },
  { table: 'rate_limits', why: 'rate-limit windows last a minute to an hour: they start afresh' },
  { table: 'kysely_migration', why: "the target's migrator records its own steps" },
  { table: 'kysely_migration_lock', why: "the target's migrator keeps its own lock row" },
];
