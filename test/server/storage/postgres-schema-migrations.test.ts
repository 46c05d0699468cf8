/**
 * The one migration list on PostgreSQL: it builds what the Kerro before it built, adopts a
 * database that Kerro left at any version (schema_migrations), running only the steps after it,
 * and upgrades a database at every schema main has released since, its rows kept.
 * (SQLite: schema-migrations.test.ts.)
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaMigrations } from '../../../src/server/storage/kysely/migrations/list';
import { openPostgresStore } from '../../../src/server/storage/postgres/open-postgres-store';
import { migrations as legacySteps, runLegacySteps } from '../../helpers/legacy-schema/postgres/steps';
import { buildReleasedState, earlierReleasedStates, expectRowsKept, writeRowsAt } from '../../helpers/released-schema';
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

/**
 * Each upgrade takes seconds here, so: the empty database, the states released out of order and
 * the prefixes beside them (schema-migrations.test.ts upgrades every state on SQLite).
 */
const upgradedHere = earlierReleasedStates().filter(
  (state) => state.commit !== undefined || state.names.length === 0 || ['0013-forwards', '0014-resident-updates', '0016-alerts'].includes(state.names.at(-1)!),
);

/** The schema alone: which version rows exist, not where the rows written into it moved them. */
function schemaOf(shape: Awaited<ReturnType<typeof postgresShape>>) {
  const { versions, counterDataset: _data, ...schema } = shape;
  return { ...schema, versionRows: versions.map((row) => row.name) };
}

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

  it.each(upgradedHere.map((state) => [state.label, state] as const))(
    'upgrade %s to the head at start, every row written there kept',
    async (_label, state) => {
      const env = { DATABASE_URL: await cluster!.createDatabase() };
      await buildReleasedState(env, state);
      await writeRowsAt(env, state);

      // What the server and `admin db migrate` do first.
      const store = await open(env.DATABASE_URL);
      try {
        if (state.names.includes('0001-requests')) expect((await store.serviceRequests.find('kept-1'))?.description).toBe('A pothole outside number 12');
      } finally {
        await store.close();
      }
      await expectRowsKept(env, state);
      await withClient(env.DATABASE_URL, async (client) => {
        expect(await recordedNames(client)).toEqual(allNames);
        expect(schemaOf(await postgresShape(client))).toEqual(schemaOf(reference));
      });
    },
    60_000,
  );
});
