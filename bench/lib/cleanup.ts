import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Temp dirs and child processes a bench made, removed/killed even when the bench throws or is
 * interrupted: the last resort runs on process exit, where only synchronous work is possible.
 * When the bench is killed outright (no exit handler runs), the watchdog (watchdog-child.ts)
 * removes the temp dirs and stops a PostgreSQL server; children exit by themselves
 * (exit-with-parent.ts).
 */
const tempDirs = new Set<string>();
const childPids = new Set<number>();
let hooked = false;
let watchdog: ChildProcess | undefined;

/** Tells the watchdog (started on first use, in its own process group) what to clean up. */
export function tellWatchdog(message: Record<string, unknown>): void {
  if (!watchdog) {
    const file = fileURLToPath(new URL('./watchdog-child.ts', import.meta.url));
    watchdog = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['pipe', 'ignore', 'inherit'], detached: true });
    // Neither keeps the bench alive: the watchdog waits for the bench, never the other way.
    watchdog.unref();
    (watchdog.stdin as unknown as Socket).unref();
    watchdog.stdin!.on('error', () => undefined);
  }
  watchdog.stdin!.write(`${JSON.stringify(message)}\n`);
}

/** Children and temp dirs removed on exit, SIGINT and SIGTERM turned into an exit (so exit handlers run). */
export function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const pid of childPids) killQuietly(pid, 'SIGKILL');
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
    // Should this line not get through, the watchdog redoes the above (a no-op by then).
    if (watchdog) watchdog.stdin!.write(`${JSON.stringify({ done: true })}\n`);
  });
  // `on`, not `once`: under `npm run`, Ctrl-C reaches this process twice (from the terminal and
  // relayed by tsx), and a second signal with no listener would kill it in the middle of the exit
  // handlers, leaving a PostgreSQL directory or a temp dir behind.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => process.exit(130));
  }
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

export function makeTempDir(prefix: string): string {
  hookExit();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  tellWatchdog({ dir });
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
  if (watchdog) tellWatchdog({ forgetDir: dir });
}

export function trackChild(pid: number): void {
  hookExit();
  childPids.add(pid);
}

export function untrackChild(pid: number): void {
  childPids.delete(pid);
}
