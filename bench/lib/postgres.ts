/**
 * The throwaway PostgreSQL + PostGIS server the PostgreSQL rows run on (test/helpers'
 * startPostgresCluster: its own temp directory, a free loopback port, fsync off). One serves the
 * whole run, however many benches use it: started on first use, stopped by runBenches at the end,
 * on a crash or Ctrl-C by the helper's exit handler (cleanup.ts turns SIGINT/SIGTERM into an
 * exit), and if the bench is killed outright by the watchdog (watchdog-child.ts). Each bench
 * takes a fresh database and drops it when done.
 *
 * Without PostgreSQL's binaries the bench fails saying what to install; BENCH_POSTGRES=0 runs
 * the SQLite rows alone, and says so in the header.
 */
import pg from 'pg';
import { startPostgresCluster, type PostgresCluster } from '../../test/helpers/postgres-cluster';
import { hookExit, tellWatchdog } from './cleanup';

export const postgresEnabled = process.env.BENCH_POSTGRES !== '0';

let cluster: Promise<PostgresCluster> | undefined;
let running: PostgresCluster | undefined;

function sharedCluster(): Promise<PostgresCluster> {
  hookExit();
  cluster ??= startPostgresCluster().then(
    (started) => {
      running = started;
      // Should the bench be killed outright, the watchdog stops this server.
      tellWatchdog({ postgres: { pid: started.pid, dir: started.dataDir } });
      return started;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(
        `the PostgreSQL rows need a throwaway PostgreSQL + PostGIS server: ${message}\n(BENCH_POSTGRES=0 runs the benches without the PostgreSQL rows)`,
        { cause: error },
      );
    },
  );
  return cluster;
}

/** A fresh empty database with PostGIS on the run's cluster (started now if need be); its URL. */
export async function createBenchDatabase(): Promise<string> {
  return (await sharedCluster()).createDatabase();
}

/** The postmaster's PID (its backends are its children), for CPU sampling; undefined before it runs. */
export function benchPostgresPid(): number | undefined {
  return running?.pid;
}

/** Drops a database createBenchDatabase made (its data can be a gigabyte); warns instead of throwing. */
export async function dropBenchDatabase(url: string): Promise<void> {
  if (!running) return;
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: running.url });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } catch (error) {
    console.warn(`could not drop the bench database ${name}:`, error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * VACUUM (ANALYZE) of the whole database after a bulk load, timed (ms): autovacuum would do it
 * within a minute or so, and on two cores it would otherwise land in the middle of the timings.
 * Afterwards the tables are as a server that has been running a while sees them.
 */
export async function settleBenchDatabase(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('VACUUM (ANALYZE)');
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

/** Stops the cluster if one was started (by PID; removes its directory). */
export async function stopBenchPostgres(): Promise<void> {
  const stopping = running;
  cluster = undefined;
  running = undefined;
  if (!stopping) return;
  await stopping.stop();
  tellWatchdog({ forgetPostgres: stopping.pid });
}

export function postgresHeader(): string | undefined {
  return postgresEnabled ? undefined : 'BENCH_POSTGRES=0: the PostgreSQL rows are left out.';
}
