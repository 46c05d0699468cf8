/**
 * A database's schema as comparable data, to check that the migrator builds exactly what the Kerro
 * before it built (so an adopted database and a new one are the same). Whitespace in trigger and
 * function texts is collapsed; the migrator's own tables and the old version marker are left out.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';

const collapse = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
const ours = (name: string) => !/^(sqlite_|kysely_|schema_migrations$|spatial_ref_sys$)/.test(name);

export function sqliteShape(db: Database.Database) {
  const objects = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all() as {
    type: string;
    name: string;
    tbl_name: string;
    sql: string | null;
  }[];
  const tables = objects.filter((object) => object.type === 'table' && ours(object.name));
  return {
    tables: Object.fromEntries(
      tables.map(({ name, sql }) => [
        name,
        {
          withoutRowid: /without rowid\s*$/i.test(sql ?? ''),
          columns: (db.prepare(`PRAGMA table_xinfo("${name}")`).all() as Record<string, unknown>[]).map((column) => ({
            ...column,
            type: String(column.type).toLowerCase(),
          })),
          foreignKeys: db.prepare(`PRAGMA foreign_key_list("${name}")`).all(),
          indexes: (db.prepare(`PRAGMA index_list("${name}")`).all() as { name: string }[])
            .map((index) => ({ ...index, seq: undefined, columns: db.prepare(`PRAGMA index_xinfo("${index.name}")`).all() }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        },
      ]),
    ),
    triggers: Object.fromEntries(objects.filter((object) => object.type === 'trigger').map(({ name, sql }) => [name, collapse(sql)])),
    versions: db.prepare('SELECT name, version FROM change_versions ORDER BY name').all(),
    counterDataset: db.prepare('SELECT * FROM counter_dataset').all(),
  };
}

export async function postgresShape(client: pg.Client) {
  const rows = async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];
  const notExtension = (oid: string) => `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = ${oid} AND d.deptype = 'e')`;
  return {
    columns: (
      await rows(`SELECT table_name, column_name, ordinal_position, data_type, udt_name, is_nullable, column_default,
                         collation_name, is_identity, identity_generation, is_generated, generation_expression
                  FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`)
    ).filter((row) => ours(String(row.table_name))),
    constraints: (
      await rows(`SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
                  FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`)
    ).filter((row) => ours(String(row.table_name))),
    indexes: (await rows(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`)).filter((row) =>
      ours(String(row.tablename)),
    ),
    triggers: await rows(`SELECT tgname, pg_get_triggerdef(t.oid) AS definition FROM pg_trigger t WHERE NOT tgisinternal ORDER BY 1`),
    functions: (
      await rows(`SELECT proname, pg_get_functiondef(p.oid) AS definition FROM pg_proc p
                  WHERE pronamespace = 'public'::regnamespace AND ${notExtension('p.oid')} ORDER BY 1`)
    ).map((row) => ({ ...row, definition: collapse(String(row.definition)) })),
    versions: await rows('SELECT name, version FROM change_versions ORDER BY name'),
    counterDataset: await rows('SELECT * FROM counter_dataset'),
  };
}
