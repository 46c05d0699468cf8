import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { trackChild, untrackChild } from './cleanup';

/**
 * A TypeScript child process run by node + tsx directly (not through npx, so the PID we hold is
 * the process doing the work). Children talk back with JSON lines on stdout; stderr is ours.
 */
export interface BenchChild {
  pid: number;
  /** Resolves with the next JSON message the child prints. */
  nextMessage: () => Promise<Record<string, unknown>>;
  /** SIGTERM, then SIGKILL if it has not exited within the grace period. */
  stop: () => Promise<void>;
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  env?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
}

export function spawnTsChild(file: string, options: SpawnOptions = {}): BenchChild {
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', file], {
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${file}`);
  const pid = child.pid;
  trackChild(pid);

  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      untrackChild(pid);
      resolve(code);
    });
  });
  const queue: Record<string, unknown>[] = [];
  const waiters: ((message: Record<string, unknown>) => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(line) as Record<string, unknown>;
    } catch {
      process.stderr.write(`[${file}] ${line}\n`);
      return;
    }
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });

  return {
    pid,
    exited,
    nextMessage: () => {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return Promise.race([
        new Promise<Record<string, unknown>>((resolve) => waiters.push(resolve)),
        exited.then((code) => {
          throw new Error(`${file} exited (code ${code}) before answering`);
        }),
      ]);
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU seconds (user + system) a process has used so far; undefined where /proc is missing. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the ")" that closes the command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100;
  } catch {
    return undefined;
  }
}

/** Resident set size of a process in bytes; undefined where /proc is missing. */
export function rssBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds so far of a process and of its children, by PID (PostgreSQL: the postmaster and
 * its backends, autovacuum included); undefined where /proc is missing.
 */
export function familyCpuSeconds(pid: number): Map<number, number> | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const family = new Map<number, number>();
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) !== pid && Number(fields[1]) !== pid) continue;
      family.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return family.size > 0 ? family : undefined;
}

/** CPU seconds the family used between two samples (a process that ended in between is lost). */
export function familyCpuSpent(before: Map<number, number> | undefined, after: Map<number, number> | undefined): number | undefined {
  if (!before || !after) return undefined;
  let spent = 0;
  for (const [pid, seconds] of after) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}
