import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

export type EngineKind = 'sqlite' | 'postgres';

/** What a migration changes: no table types, as it runs against any version of the schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Migration interface takes Kysely<any>
export type SchemaDb = Kysely<any>;

/**
 * One schema step, written once; `kind` picks the engine's few own statements. Times are epoch
 * milliseconds on both engines, so both answer alike.
 */
export type SchemaStep = (db: SchemaDb, kind: EngineKind) => Promise<void>;

/**
 * Column types by what they hold. SQLite's are its affinities (an id must be exactly INTEGER
 * PRIMARY KEY to be the rowid); PostgreSQL's are sized, and text the API compares or orders
 * uses the "C" collation there, as SQLite compares bytes.
 */
export function columnTypes(kind: EngineKind) {
  const postgres = kind === 'postgres';
  return {
    text: 'text',
    /** Text compared or ordered in the API: ids, codes, names. */
    key: postgres ? sql`text collate "C"` : 'text',
    integer: 'integer',
    /** Times (epoch ms), counters and other values past 2^31. */
    bigint: postgres ? 'bigint' : 'integer',
    real: postgres ? 'double precision' : 'real',
  } as const;
}

/**
 * A row id the database assigns: SQLite's rowid, a PostgreSQL identity column (bigint unless
 * `type` says otherwise).
 */
export function withId(kind: EngineKind, type: 'bigint' | 'integer' = 'bigint') {
  return <T extends CreateTableBuilder<string, never>>(table: T): T =>
    (kind === 'postgres'
      ? table.addColumn('id', type, (column) => column.generatedByDefaultAsIdentity().primaryKey())
      : table.addColumn('id', 'integer', (column) => column.primaryKey())) as T;
}

/**
 * PostgreSQL's PostGIS point of a row's coordinates, generated from them (radius searches use its
 * GiST index); SQLite searches by the coordinates themselves.
 */
export const geographyOf = (long: string, lat: string) =>
  sql`ST_SetSRID(ST_MakePoint(${sql.ref(long)}, ${sql.ref(lat)}), 4326)::geography`;

export const geography = sql`geography(Point, 4326)`;

/** A version row's counter (storage/kysely: change tokens), moved by triggers. */
export async function addChangeVersions(db: SchemaDb, ...names: string[]): Promise<void> {
  await db.insertInto('change_versions').values(names.map((name) => ({ name, version: 0 }))).execute();
}
