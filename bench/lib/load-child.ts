/**
 * The load generator, in its own process so it never shares an event loop with the servers it
 * measures. It runs the phases of a LoadPlan (JSON in BENCH_LOAD) one after another, printing
 * {"event":"start"} and {"event":"end", figures} around each, so the parent can sample the
 * CPU time of the server being loaded at exactly those moments.
 */
import './exit-with-parent';
import autocannon, { type RequestSpec, type Result } from 'autocannon';

export interface LoadPhase {
  /** Phases with the same target are added up into one figure. */
  target: string;
  url: string;
  seconds: number;
  /** Appends `&_=N`, N never repeating in the whole plan, so no two requests share a cache key. */
  uniqueQuery: boolean;
  /** Warm-up phases are run but not reported. */
  measured: boolean;
}

export interface LoadPlan {
  connections: number;
  phases: LoadPhase[];
}

export interface PhaseFigures {
  requests: number;
  seconds: number;
  /** Milliseconds, every 2xx response (autocannon's own histogram rounds to whole ms). */
  latencies: number[];
  errors: number;
  non2xx: number;
  bytes: number;
}

let uniqueCounter = 0;

function requestsFor(phase: LoadPhase): RequestSpec[] | undefined {
  if (!phase.uniqueQuery) return undefined;
  const url = new URL(phase.url);
  const base = `${url.pathname}${url.search}${url.search ? '&' : '?'}_=`;
  return [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `${base}${(uniqueCounter += 1)}` }) }];
}

function fire(phase: LoadPhase, connections: number, latencies: number[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: phase.url, connections, duration: phase.seconds, timeout: 30, requests: requestsFor(phase) },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function main(): Promise<void> {
  const plan = JSON.parse(process.env.BENCH_LOAD ?? '') as LoadPlan;
  for (const [index, phase] of plan.phases.entries()) {
    say({ event: 'start', index });
    const latencies: number[] = [];
    const result = await fire(phase, plan.connections, latencies);
    const figures: PhaseFigures = {
      requests: result.requests.total,
      seconds: result.duration,
      latencies: phase.measured ? latencies : [],
      errors: result.errors,
      non2xx: result.non2xx,
      bytes: result.throughput.average * result.duration,
    };
    say({ event: 'end', index, figures });
  }
}

main().catch((error: unknown) => {
  console.error('load generator failed:', error);
  process.exit(1);
});
