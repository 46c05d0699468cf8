/**
 * The one migration list on PostgreSQL: it builds what the Kerro before it built, and adopts a
 * database that Kerro left at any version (schema_migrations), running only the steps after it.
 * (SQLite: schema-migrations.test.ts.)
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaMigrations } from '../../../src/server/storage/kysely/migrations/list';
import { openPostgresStore } from '../../../src/server/storage/postgres/open-postgres-store';
import { migrations as legacySteps, runLegacySteps } from '../../helpers/legacy-schema/postgres/steps';
import { postgresShape } from '../../helpers/schema-shape';
import { startPostgresCluster, type PostgresCluster } from '../../helpers/postgres-cluster';

let cluster: PostgresCluster | undefined;
let reference: Awaited<ReturnType<typeof postgresShape>>;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const open = (url: string) => openPostgresStore({ url, poolSize: 3, statementTimeoutMs: 10_000 });
const allNames = schemaMigrations.map((migration) => migration.name);
const recordedNames = (client: pg.Client) =>
  client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name').then((result) => result.rows.map((row) => row.name));

beforeAll(async () => {
  cluster = await startPostgresCluster();
  // What the old Kerro left at its last version, then adopted: the steps added since the migrator
  // (those without `legacy`) run on it, so it is the schema a new database must have.
  const referenceUrl = await cluster.createDatabase();
  await withClient(referenceUrl, (client) => runLegacySteps(client));
  await (await open(referenceUrl)).close();
  reference = await withClient(referenceUrl, (client) => postgresShape(client));
}, 60_000);

afterAll(() => cluster?.stop());

describe('PostgreSQL schema migrations', () => {
  it('build a new database exactly as the old steps did: columns, constraints, indexes, triggers, functions, version rows', async () => {
    const url = await cluster!.createDatabase();
    await (await open(url)).close();
    // The comparison sees the whole schema, PostgreSQL's own parts included.
    expect(reference.functions.map((row) => (row as { proname?: string }).proname)).toEqual(expect.arrayContaining(['bump_change_version', 'kerro_ieee_pow', 'touch_request_revisions']));
    expect(reference.indexes.map((row) => row.indexname)).toEqual(expect.arrayContaining(['service_requests_location', 'outbox_due']));
    expect(reference.triggers.length).toBeGreaterThan(15);
    await withClient(url, async (client) => {
      expect(await postgresShape(client)).toEqual(reference);
      expect(await recordedNames(client)).toEqual(allNames);
    });
  }, 60_000);

  it.each([1, 3, legacySteps.length])(
    'adopt a database the old Kerro left at version %i, two instances starting at once: steps recorded, not rerun; only the later ones run',
    async (version) => {
      const url = await cluster!.createDatabase();
      await withClient(url, async (client) => {
        await runLegacySteps(client, version);
        await client.query("INSERT INTO settings (name, value) VALUES ('kept', 'from the old Kerro')");
      });
      const both = await Promise.all([open(url), open(url)]);
      try {
        expect(await both[1].settings.get('kept')).toBe('from the old Kerro');
      } finally {
        await Promise.all(both.map((store) => store.close()));
      }
      await withClient(url, async (client) => {
        expect(await recordedNames(client)).toEqual(allNames);
        expect(await postgresShape(client)).toEqual(reference);
      });
    },
    60_000,
  );
});
