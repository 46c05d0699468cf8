import { fileURLToPath } from 'node:url';
import { cpuSeconds, spawnTsChild } from './children';
import type { LoadPlan, PhaseFigures } from './load-child';
import { percentile } from './stats';

const loadChildFile = fileURLToPath(new URL('./load-child.ts', import.meta.url));

export interface LoadRun {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** Share of one core the server used while loaded (1 = one full core); undefined without /proc. */
  serverCpu?: number;
  loadGeneratorCpu?: number;
  /** Server CPU milliseconds per answered request: the server's own cost, whatever limits throughput. */
  serverCpuMsPerRequest?: number;
}

interface Totals {
  requests: number;
  seconds: number;
  latencies: number[];
  failures: number;
  wallSeconds: number;
  serverCpu?: number;
  loadCpu?: number;
}

/**
 * Runs the plan's phases in one autocannon child process; `serverPidOf` names the process
 * serving each target so its CPU time can be sampled. Returns the measured phases per target.
 */
export async function runLoad(plan: LoadPlan, serverPidOf: (target: string) => number): Promise<Map<string, LoadRun>> {
  const child = spawnTsChild(loadChildFile, { env: { BENCH_LOAD: JSON.stringify(plan) } });
  const totals = new Map<string, Totals>();
  try {
    for (const phase of plan.phases) {
      const serverPid = serverPidOf(phase.target);
      const started = await child.nextMessage();
      if (started.event !== 'start') throw new Error(`load generator said ${JSON.stringify(started)}`);
      const before = { at: performance.now(), server: cpuSeconds(serverPid), load: cpuSeconds(child.pid) };
      const ended = await child.nextMessage();
      const after = { at: performance.now(), server: cpuSeconds(serverPid), load: cpuSeconds(child.pid) };
      if (ended.event !== 'end') throw new Error(`load generator said ${JSON.stringify(ended)}`);
      if (!phase.measured) continue;

      const figures = ended.figures as PhaseFigures;
      const total = totals.get(phase.target) ?? { requests: 0, seconds: 0, latencies: [], failures: 0, wallSeconds: 0, serverCpu: 0, loadCpu: 0 };
      total.requests += figures.requests;
      total.seconds += figures.seconds;
      for (const latency of figures.latencies) total.latencies.push(latency);
      total.failures += figures.errors + figures.non2xx;
      total.wallSeconds += (after.at - before.at) / 1000;
      total.serverCpu = addCpu(total.serverCpu, before.server, after.server);
      total.loadCpu = addCpu(total.loadCpu, before.load, after.load);
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
      failures: total.failures,
      serverCpu: total.serverCpu === undefined ? undefined : total.serverCpu / total.wallSeconds,
      loadGeneratorCpu: total.loadCpu === undefined ? undefined : total.loadCpu / total.wallSeconds,
      serverCpuMsPerRequest: total.serverCpu === undefined ? undefined : (total.serverCpu * 1000) / total.requests,
    });
  }
  return runs;
}

function addCpu(sum: number | undefined, before: number | undefined, after: number | undefined): number | undefined {
  return sum === undefined || before === undefined || after === undefined ? undefined : sum + (after - before);
}
