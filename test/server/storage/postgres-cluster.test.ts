import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findPostgresBinaries, startPostgresCluster, type PostgresCluster } from '../../helpers/postgres-cluster';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

describe('throwaway PostgreSQL cluster', () => {
  let cluster: PostgresCluster | undefined;
  // Stops the server even when an assertion below fails first.
  afterAll(() => cluster?.stop());

  it('starts, makes separate PostGIS databases, and stops without leaving anything behind', async () => {
    cluster = await startPostgresCluster();
    expect(cluster.url).toBe(`postgres://kerro:${new URL(cluster.url).password}@127.0.0.1:${cluster.port}/postgres`);
    expect(isRunning(cluster.pid)).toBe(true);

    const [first, second] = await Promise.all([cluster.createDatabase(), cluster.createDatabase()]);
    expect(first).toMatch(/\/kerro_test_[0-9a-f]+$/);
    expect(second).not.toBe(first);

    const [version] = await query<{ postgis_version: string }>(first, 'SELECT postgis_version()');
    expect(version!.postgis_version).toMatch(/^3\./);
    // Distinct databases: a table made in one is not in the other.
    await query(first, 'CREATE TABLE only_here (id int)');
    expect(await query(first, "SELECT 1 FROM pg_tables WHERE tablename = 'only_here'")).toHaveLength(1);
    expect(await query(second, "SELECT 1 FROM pg_tables WHERE tablename = 'only_here'")).toHaveLength(0);
    const databaseOf = async (url: string) => (await query<{ name: string }>(url, 'SELECT current_database() AS name'))[0]!.name;
    expect(first.endsWith(`/${await databaseOf(first)}`)).toBe(true);
    expect(second.endsWith(`/${await databaseOf(second)}`)).toBe(true);

    const { pid, dataDir } = cluster;
    await cluster.stop();
    expect(isRunning(pid)).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('says how to install PostgreSQL and PostGIS when they are missing', () => {
    expect(() => findPostgresBinaries('/nonexistent-root')).toThrow(/apt-get install postgresql postgresql-/);

    // Server binaries present but no PostGIS: the hint names the installed major.
    const root = mkdtempSync(join(tmpdir(), 'kerro-pg-root-'));
    try {
      mkdirSync(join(root, 'usr/lib/postgresql/17/bin'), { recursive: true });
      for (const tool of ['initdb', 'pg_ctl', 'postgres']) writeFileSync(join(root, 'usr/lib/postgresql/17/bin', tool), '');
      expect(() => findPostgresBinaries(root)).toThrow('apt-get install postgresql postgresql-17-postgis-3');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
