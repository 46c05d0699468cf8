import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Temp dirs and child processes a bench made, removed/killed even when the bench throws or is
 * interrupted: the last resort runs on process exit, where only synchronous work is possible.
 */
const tempDirs = new Set<string>();
const childPids = new Set<number>();
let hooked = false;

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const pid of childPids) killQuietly(pid, 'SIGKILL');
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => process.exit(130));
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
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

export function trackChild(pid: number): void {
  hookExit();
  childPids.add(pid);
}

export function untrackChild(pid: number): void {
  childPids.delete(pid);
}
