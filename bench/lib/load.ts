import { fileURLToPath } from 'node:url';
import { cpuSeconds, familyCpuSeconds, familyCpuSpent, spawnTsChild } from './children';
import type { KindFigures, LoadPlan, PhaseFigures } from './load-child';
import { percentile } from './stats';

const loadChildFile = fileURLToPath(new URL('./load-child.ts', import.meta.url));

export interface LoadRun {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Body bytes received per answered request, as sent (compressed if the server compressed). */
  bytesPerRequest: number;
  /** Errors, timeouts and non-2xx answers together. */
  failures: number;
  /** Connection errors and timeouts (no answer at all). */
  errors: number;
  timeouts: number;
  /** Phases with `requests`: per kind, answers by status and latency over all answers. */
  kinds: Map<string, KindRun>;
  /** Share of one core the server used while loaded (1 = one full core); undefined without /proc. */
  serverCpu?: number;
  loadGeneratorCpu?: number;
  /** Server CPU milliseconds per answered request: the server's own cost, whatever limits throughput. */
  serverCpuMsPerRequest?: number;
  /** With a database server (PostgreSQL) behind the target: its processes' CPU share and ms per request. */
  databaseCpu?: number;
  databaseCpuMsPerRequest?: number;
}

export interface KindRun {
  requests: number;
  requestsPerSecond: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
}

interface Totals {
  requests: number;
  bytes: number;
  seconds: number;
  latencies: number[];
  failures: number;
  errors: number;
  timeouts: number;
  kinds: Map<string, KindFigures>;
  wallSeconds: number;
  serverCpu?: number;
  loadCpu?: number;
  databaseCpu?: number;
}

/**
 * Runs the plan's phases in one autocannon child process; `serverPidOf` names the process
 * serving each target so its CPU time can be sampled, and `databasePidOf` the database server
 * behind it, if any (its children, the backends, are counted with it). Returns the measured
 * phases per target.
 */
export async function runLoad(
  plan: LoadPlan,
  serverPidOf: (target: string) => number,
  databasePidOf: (target: string) => number | undefined = () => undefined,
): Promise<Map<string, LoadRun>> {
  const child = spawnTsChild(loadChildFile, { env: { BENCH_LOAD: JSON.stringify(plan) } });
  const totals = new Map<string, Totals>();
  try {
    for (const phase of plan.phases) {
      const serverPid = serverPidOf(phase.target);
      const databasePid = databasePidOf(phase.target);
      const databaseCpu = () => (databasePid === undefined ? undefined : familyCpuSeconds(databasePid));
      const started = await child.nextMessage();
      if (started.event !== 'start') throw new Error(`load generator said ${JSON.stringify(started)}`);
      const before = { at: performance.now(), server: cpuSeconds(serverPid), load: cpuSeconds(child.pid), database: databaseCpu() };
      const ended = await child.nextMessage();
      const after = { at: performance.now(), server: cpuSeconds(serverPid), load: cpuSeconds(child.pid), database: databaseCpu() };
      if (ended.event !== 'end') throw new Error(`load generator said ${JSON.stringify(ended)}`);
      if (!phase.measured) continue;

      const figures = ended.figures as PhaseFigures;
      const total: Totals = totals.get(phase.target) ?? {
        requests: 0, bytes: 0, seconds: 0, latencies: [], failures: 0, errors: 0, timeouts: 0, kinds: new Map(), wallSeconds: 0, serverCpu: 0, loadCpu: 0,
        databaseCpu: databasePid === undefined ? undefined : 0,
      };
      total.requests += figures.requests;
      total.bytes += figures.bytes;
      total.seconds += figures.seconds;
      for (const latency of figures.latencies) total.latencies.push(latency);
      total.failures += figures.errors + figures.non2xx;
      total.errors += figures.errors;
      total.timeouts += figures.timeouts;
      for (const [name, kind] of Object.entries(figures.kinds ?? {})) addKind(total.kinds, name, kind);
      total.wallSeconds += (after.at - before.at) / 1000;
      total.serverCpu = addCpu(total.serverCpu, before.server, after.server);
      total.loadCpu = addCpu(total.loadCpu, before.load, after.load);
      const databaseSpent = familyCpuSpent(before.database, after.database);
      total.databaseCpu = total.databaseCpu === undefined || databaseSpent === undefined ? undefined : total.databaseCpu + databaseSpent;
      totals.set(phase.target, total);
    }
  } finally {
    await child.stop();
  }

  const runs = new Map<string, LoadRun>();
  for (const [target, total] of totals) {
    runs.set(target, {
      requestsPerSecond: total.requests / total.seconds,
      p50: percentile(total.latencies, 50),
      p99: percentile(total.latencies, 99),
      bytesPerRequest: total.bytes / total.requests,
      failures: total.failures,
      errors: total.errors,
      timeouts: total.timeouts,
      kinds: new Map([...total.kinds].map(([name, kind]) => [name, kindRun(kind, total.seconds)])),
      serverCpu: total.serverCpu === undefined ? undefined : total.serverCpu / total.wallSeconds,
      loadGeneratorCpu: total.loadCpu === undefined ? undefined : total.loadCpu / total.wallSeconds,
      serverCpuMsPerRequest: total.serverCpu === undefined ? undefined : (total.serverCpu * 1000) / total.requests,
      databaseCpu: total.databaseCpu === undefined ? undefined : total.databaseCpu / total.wallSeconds,
      databaseCpuMsPerRequest: total.databaseCpu === undefined ? undefined : (total.databaseCpu * 1000) / total.requests,
    });
  }
  return runs;
}

function addCpu(sum: number | undefined, before: number | undefined, after: number | undefined): number | undefined {
  return sum === undefined || before === undefined || after === undefined ? undefined : sum + (after - before);
}

function addKind(kinds: Map<string, KindFigures>, name: string, figures: KindFigures): void {
  const kind = kinds.get(name) ?? { statuses: {}, latencies: [] };
  for (const [status, count] of Object.entries(figures.statuses)) kind.statuses[status] = (kind.statuses[status] ?? 0) + count;
  for (const latency of figures.latencies) kind.latencies.push(latency);
  kinds.set(name, kind);
}

function kindRun(kind: KindFigures, seconds: number): KindRun {
  const requests = Object.values(kind.statuses).reduce((sum, count) => sum + count, 0);
  return {
    requests,
    requestsPerSecond: requests / seconds,
    statuses: kind.statuses,
    p50: percentile(kind.latencies, 50),
    p99: percentile(kind.latencies, 99),
  };
}
