import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from './kerro-server';
import { projectRoot } from './project-root';

export interface RunningNginx {
  /** https://127.0.0.1:PORT, with a self-signed certificate. */
  baseUrl: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

const nginxBinary = '/usr/sbin/nginx';

/** Replaces `from` in `text`, which must hold it exactly once: a sample that changed fails here, not later. */
function replaceOnce(text: string, from: string, to: string): string {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`deploy/nginx.conf: expected "${from}" once, found it ${count} times; update test/helpers/nginx.ts with the sample`);
  return text.replace(from, to);
}

/**
 * Runs Debian's nginx with deploy/nginx.conf as its one site, only the values an operator
 * replaces swapped for loopback ones (the two instances, the listening address, the certificate),
 * in a temp prefix of its own. Stopped by its PID.
 */
export async function startNginx(instances: [string, string]): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'kerro-nginx-'));
  // nginx's workers run as nobody when started as root: they must reach their temp directories.
  chmodSync(dir, 0o755);
  const port = await findFreePort();
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
    '-keyout', join(dir, 'site.key'), '-out', join(dir, 'site.pem'),
  ], { stdio: 'ignore' });

  let site = readFileSync(join(projectRoot, 'deploy/nginx.conf'), 'utf8');
  site = replaceOnce(site, '10.0.0.11:8080', instances[0]);
  site = replaceOnce(site, '10.0.0.12:8080', instances[1]);
  site = replaceOnce(site, 'listen 443 ssl;', `listen 127.0.0.1:${port} ssl;`);
  site = replaceOnce(site, '/etc/ssl/certs/kerro.example.org.pem', join(dir, 'site.pem'));
  site = replaceOnce(site, '/etc/ssl/private/kerro.example.org.key', join(dir, 'site.key'));
  writeFileSync(join(dir, 'kerro.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`),
      `  include ${join(dir, 'kerro.conf')};`,
      '}',
      '',
    ].join('\n'),
  );

  const child = spawn(nginxBinary, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  const ended = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const log = () => {
    try {
      return output + readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      return output;
    }
  };
  const stop = async () => {
    if (!exited && child.pid) {
      process.kill(child.pid, 'SIGTERM');
      await ended;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  // nginx writes its pid file once its listening sockets are open: wait for that file, or its exit.
  const pidFile = join(dir, 'nginx.pid');
  const outcome = await new Promise<'listening' | 'exited' | 'timeout'>((resolve) => {
    const watcher = watch(dir, () => existsSync(pidFile) && finish('listening'));
    const timer = setTimeout(() => finish('timeout'), 15_000);
    function finish(result: 'listening' | 'exited' | 'timeout') {
      watcher.close();
      clearTimeout(timer);
      resolve(result);
    }
    void ended.then(() => finish('exited'));
    if (existsSync(pidFile)) finish('listening');
  });
  if (outcome === 'listening') return { baseUrl: `https://127.0.0.1:${port}`, port, pid: child.pid ?? 0, stop };
  if (outcome === 'exited') {
    const text = log();
    await stop();
    throw new Error(`nginx exited at start:\n${text}`);
  }
  await stop();
  throw new Error(`nginx did not listen on ${port}:\n${log()}`);
}
