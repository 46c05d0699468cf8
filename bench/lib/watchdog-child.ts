/**
 * The bench's last resort, in its own process group: when the bench process is gone without
 * saying "done" (killed with SIGKILL, as tsx does to a child that does not answer Ctrl-C within
 * 60 ms, e.g. while a synchronous SQLite insert blocks it), it stops the PostgreSQL server the
 * bench started (by PID, after checking the PID still runs that server's data directory) and
 * removes the bench's temp dirs. The bench talks to it with JSON lines on its stdin:
 * {"dir": path} / {"forgetDir": path}, {"postgres": {pid, dir}} / {"forgetPostgres": pid}, {"done": true}.
 */
import { readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';

const dirs = new Set<string>();
const servers = new Map<number, string>();
let done = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True while `pid` is a process whose command line names `dir` (so never a recycled PID). */
function runsIn(pid: number, dir: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir);
  } catch {
    return false;
  }
}

async function stopServer(pid: number, dir: string): Promise<void> {
  if (!runsIn(pid, dir)) return;
  try {
    process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown
  } catch {
    return;
  }
  for (let waited = 0; waited < 10_000 && runsIn(pid, dir); waited += 100) await sleep(100);
  if (runsIn(pid, dir)) {
    try {
      process.kill(-pid, 'SIGKILL'); // its own process group: the backends too
    } catch {
      // gone
    }
  }
}

createInterface({ input: process.stdin })
  .on('line', (line) => {
    const message = JSON.parse(line) as {
      dir?: string;
      forgetDir?: string;
      postgres?: { pid: number; dir: string };
      forgetPostgres?: number;
      done?: boolean;
    };
    if (message.dir) dirs.add(message.dir);
    if (message.forgetDir) dirs.delete(message.forgetDir);
    if (message.postgres) servers.set(message.postgres.pid, message.postgres.dir);
    if (message.forgetPostgres !== undefined) servers.delete(message.forgetPostgres);
    if (message.done) done = true;
  })
  .on('close', () => {
    void (async () => {
      if (!done) {
        for (const [pid, dir] of servers) {
          await stopServer(pid, dir);
          rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
        }
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      }
      process.exit(0);
    })();
  });
