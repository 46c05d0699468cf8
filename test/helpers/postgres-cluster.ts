import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from './kerro-server';

const execFileAsync = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PostgresCluster {
  /** postgres://kerro:PASSWORD@127.0.0.1:PORT/postgres — a superuser on the maintenance database. */
  url: string;
  port: number;
  pid: number;
  /** The temp directory holding the data directory, the socket and the server log. */
  dataDir: string;
  /** A fresh empty database kerro_test_<random> with PostGIS; resolves to its URL. */
  createDatabase(): Promise<string>;
  /** Fast shutdown by PID (SIGKILL after 10 s), then removes the temp directory. */
  stop(): Promise<void>;
}

/** One command that installs what is missing, as the error messages tell it. */
function installHint(major?: number): string {
  const postgis = major
    ? `postgresql-${major}-postgis-3`
    : // The major is only known once the server is installed; Debian 12 ships 15.
      'postgresql-$(ls /usr/lib/postgresql | sort -n | tail -1)-postgis-3';
  return `install it with: apt-get install postgresql ${postgis}` + (major ? '' : ' (on Debian 12: apt-get install postgresql postgresql-15-postgis-3)');
}

/**
 * The newest installed PostgreSQL whose server binaries and PostGIS extension are both present.
 * `root` is only there so tests can point it at an empty tree. Throws, never skips: a test run
 * without the database must fail loudly rather than silently test less.
 */
export function findPostgresBinaries(root = '/'): { bin: string; version: number } {
  const libDir = join(root, 'usr/lib/postgresql');
  const majors = existsSync(libDir)
    ? readdirSync(libDir)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => b - a)
    : [];
  const withServer = majors.filter((major) =>
    ['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(join(libDir, String(major), 'bin', tool))),
  );
  if (withServer.length === 0) {
    throw new Error(`PostgreSQL server binaries (initdb, pg_ctl, postgres) not found under ${libDir}; ${installHint()}`);
  }
  const version = withServer.find((major) => existsSync(join(root, `usr/share/postgresql/${major}/extension/postgis.control`)));
  if (version === undefined) {
    const newest = withServer[0]!;
    throw new Error(
      `PostGIS for PostgreSQL ${newest} not found (no ${join(root, `usr/share/postgresql/${newest}/extension/postgis.control`)}); ${installHint(newest)}`,
    );
  }
  return { bin: join(libDir, String(version), 'bin'), version };
}

/** PostgreSQL refuses to run as root: then the binaries run as the `postgres` OS user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(`running as root, but there is no 'postgres' OS user to run the server as; ${installHint()}`);
  }
}

const templateName = 'kerro_template_postgis';
const migratedTemplateName = 'kerro_template_migrated';

function databaseUrl(clusterUrl: string, database: string): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh empty database with PostGIS on the cluster at `clusterUrl` (needs only the URL, so a
 * test worker can call it with inject('postgresUrl')); resolves to its URL.
 * CREATE EXTENSION postgis takes about a second, so it is done once in a template database and
 * each new database is a copy of that.
 */
export async function createTestDatabase(clusterUrl: string): Promise<string> {
  await ensurePostgisTemplate(clusterUrl);
  return copyOf(clusterUrl, templateName);
}

/**
 * A fresh database as Kerro's first start leaves it: PostGIS and every migration. Migrating takes
 * 0.2–0.4 s a database, as long as the copy itself, so `migrate` runs once per run, in a template
 * of its own made from the PostGIS one.
 */
export async function createMigratedTestDatabase(clusterUrl: string, migrate: (url: string) => Promise<void>): Promise<string> {
  await ensurePostgisTemplate(clusterUrl);
  await ensureTemplate(clusterUrl, migratedTemplateName, async (admin) => {
    await admin.query(`CREATE DATABASE ${migratedTemplateName} TEMPLATE ${templateName}`);
    await migrate(databaseUrl(clusterUrl, migratedTemplateName));
  });
  return copyOf(clusterUrl, migratedTemplateName);
}

function ensurePostgisTemplate(clusterUrl: string): Promise<void> {
  return ensureTemplate(clusterUrl, templateName, async (admin) => {
    await admin.query(`CREATE DATABASE ${templateName}`);
    await withClient(databaseUrl(clusterUrl, templateName), (client) => client.query('CREATE EXTENSION postgis'));
  });
}

/** Builds the template database `name` unless the cluster has it already. */
async function ensureTemplate(clusterUrl: string, name: string, build: (admin: pg.Client) => Promise<void>): Promise<void> {
  await withClient(clusterUrl, async (admin) => {
    // Workers start in parallel: the lock lets exactly one of them build the template.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [name]);
      if (rowCount) return;
      await admin.query(`DROP DATABASE IF EXISTS ${name}`); // a half-built one from a crashed run
      await build(admin);
      // No connections: a copy fails while anyone is connected to its template.
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

async function copyOf(clusterUrl: string, template: string): Promise<string> {
  const name = `kerro_test_${randomBytes(6).toString('hex')}`;
  await withClient(clusterUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return databaseUrl(clusterUrl, name);
}

/** True while a process with this PID exists (a zombie counts until Node reaps it). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, child: ChildProcess, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null || !isRunning(pid)) return true;
    await sleep(50);
  }
  return false;
}

/** Clusters still running, stopped at the latest when this process exits (e.g. vitest dies mid-run). */
const running = new Map<number, string>();
process.on('exit', () => {
  for (const [pid, dir] of running) {
    // Immediate shutdown: there is no time to wait in an exit handler.
    try {
      process.kill(pid, 'SIGQUIT');
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
});

/** Resolves once the server takes connections; rejects if it exits first or takes too long. */
async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('postgres exited during startup');
    try {
      await withClient(url, (client) => client.query('SELECT 1'));
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`postgres did not accept connections within ${timeoutMs} ms: ${String(error)}`, { cause: error });
      }
    }
    await sleep(100);
  }
}

/**
 * Starts a throwaway PostgreSQL + PostGIS server on a free loopback port, in a new temp
 * directory, with a superuser `kerro` and a random password. fsync and friends are off: the data
 * is disposable, and tests run much faster without flushing.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const { bin } = findPostgresBinaries();
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'kerro-pg-'));
  try {
    if (user) chownSync(dir, user.uid, user.gid);
    const pgdata = join(dir, 'data');
    const password = randomBytes(18).toString('hex');
    const pwfile = join(dir, 'pwfile');
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (user) chownSync(pwfile, user.uid, user.gid);
    const env = { ...process.env, LC_ALL: 'C', LANG: 'C' };
    // cwd: the postgres user may not be allowed into ours (e.g. /root).
    const asServerUser = { cwd: dir, env, ...user };

    try {
      await execFileAsync(
        join(bin, 'initdb'),
        ['-D', pgdata, '-U', 'kerro', `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'],
        asServerUser,
      );
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      throw new Error(`initdb failed: ${stderr || message}`, { cause: error });
    } finally {
      rmSync(pwfile, { force: true });
    }

    const logFile = join(dir, 'postgres.log');
    let lastError: unknown;
    // A port found free can be taken by someone else before postgres binds it: retry on another.
    for (let attempt = 0; attempt < 5; attempt++) {
      const port = await findFreePort();
      const url = `postgres://kerro:${password}@127.0.0.1:${port}/postgres`;
      const log = openSync(logFile, 'a');
      let child: ChildProcess;
      try {
        // Detached: its own process group, so a Ctrl-C meant for vitest does not stop it before teardown.
        child = spawn(
          join(bin, 'postgres'),
          [
            '-D', pgdata,
            '-p', String(port),
            '-c', 'listen_addresses=127.0.0.1',
            '-c', `unix_socket_directories=${dir}`,
            '-c', 'fsync=off',
            '-c', 'synchronous_commit=off',
            '-c', 'full_page_writes=off',
            '-c', 'max_connections=200',
            '-c', 'shared_buffers=128MB',
          ],
          { ...asServerUser, detached: true, stdio: ['ignore', log, log] },
        );
      } finally {
        closeSync(log);
      }
      // Keeps vitest from waiting on it; stop() or the exit handler ends it.
      child.unref();
      const spawned = await new Promise<Error | undefined>((resolve) => {
        child.once('spawn', () => resolve(undefined));
        child.once('error', resolve);
      });
      if (spawned) throw spawned;
      const pid = child.pid!;
      running.set(pid, dir);
      try {
        await waitUntilReady(url, child, 30_000);
      } catch (error) {
        lastError = error;
        if (child.exitCode === null && child.signalCode === null) {
          // Up but not answering: not a port clash, so do not retry.
          process.kill(-pid, 'SIGKILL');
          await waitForExit(pid, child, 5_000);
          running.delete(pid);
          break;
        }
        running.delete(pid);
        continue;
      }

      let stopped: Promise<void> | undefined;
      const stop = () =>
        (stopped ??= (async () => {
          try {
            process.kill(pid, 'SIGINT'); // fast shutdown: aborts open transactions, then exits cleanly
          } catch {
            // already gone
          }
          if (!(await waitForExit(pid, child, 10_000))) {
            // The whole process group: backends would otherwise linger until they notice.
            process.kill(-pid, 'SIGKILL');
            await waitForExit(pid, child, 5_000);
          }
          running.delete(pid);
          rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
        })());

      return { url, port, pid, dataDir: dir, createDatabase: () => createTestDatabase(url), stop };
    }
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n') : '';
    throw new Error(`could not start postgres: ${String(lastError)}\n${log}`, { cause: lastError });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
