/**
 * The load generator, in its own process so it never shares an event loop with the servers it
 * measures. It runs the phases of a LoadPlan (JSON in BENCH_LOAD) one after another, printing
 * {"event":"start"} and {"event":"end", figures} around each, so the parent can sample the
 * CPU time of the server being loaded at exactly those moments.
 */
import './exit-with-parent';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { seededRandom } from '../../src/server/demo/random';
import { fireOpenLoop, type OpenLoopFigures } from './open-loop';

/** One kind of request in a phase that sends more than one URL (a rotation or a weighted mix). */
export interface LoadRequest {
  /** Figures are counted per kind, e.g. "listing" or "submit". */
  kind: string;
  method?: 'GET' | 'POST';
  /** Path and query on the phase's origin. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Share of the traffic when the phase picks at random (default 1). */
  weight?: number;
}

export interface LoadPhase {
  /** Phases with the same target are added up into one figure. */
  target: string;
  url: string;
  seconds: number;
  /** Appends `&_=N`, N never repeating in the whole plan, so no two requests share a cache key. */
  uniqueQuery: boolean;
  /** Warm-up phases are run but not reported. */
  measured: boolean;
  /** Instead of the url's path: these, one after another ("rotate") or drawn by weight ("random"). */
  requests?: LoadRequest[];
  pick?: 'rotate' | 'random';
  /** Requests per second, sent at that rate whatever the answers take (open loop, open-loop.ts). */
  overallRate?: number;
  /** Sent with every request of an open-loop phase (e.g. the Accept-Encoding browsers send). */
  headers?: Record<string, string>;
}

export interface LoadPlan {
  connections: number;
  phases: LoadPhase[];
}

/** What a phase measured, closed loop (autocannon) or open loop (the same figures). */
export interface PhaseFigures extends OpenLoopFigures {
  /** With `requests`: per kind, answers by status code and the latency of every answer (ms). */
  kinds?: Record<string, KindFigures>;
}

export interface KindFigures {
  statuses: Record<string, number>;
  latencies: number[];
}

let uniqueCounter = 0;

/** Kind of the request whose answer autocannon reports next (onResponse runs just before 'response'). */
let answeredKind: string | undefined;

/** The same mix on every run: the draw is seeded by the phase's position in the plan. */
function mixedRequests(phase: LoadPhase, list: LoadRequest[], seed: number): RequestSpec[] {
  let next = 0;
  const random = seededRandom(seed);
  const total = list.reduce((sum, request) => sum + (request.weight ?? 1), 0);
  const draw = (): LoadRequest => {
    if (phase.pick !== 'random') return list[next++ % list.length]!;
    let roll = random() * total;
    for (const request of list) {
      roll -= request.weight ?? 1;
      if (roll < 0) return request;
    }
    return list[list.length - 1]!;
  };
  return [
    {
      setupRequest: (request, context) => {
        const chosen = draw();
        // The context belongs to the connection, which has one request in flight (no pipelining).
        context.kind = chosen.kind;
        return {
          ...request,
          method: chosen.method ?? 'GET',
          path: chosen.path,
          headers: { ...request.headers, ...chosen.headers },
          body: chosen.body,
        };
      },
      onResponse: (_status, _body, context) => {
        answeredKind = context.kind as string;
      },
    },
  ];
}

function requestsFor(phase: LoadPhase, index: number): RequestSpec[] | undefined {
  if (phase.requests) {
    if (phase.uniqueQuery) throw new Error('a phase with its own requests cannot also use uniqueQuery');
    return mixedRequests(phase, phase.requests, index + 1);
  }
  if (!phase.uniqueQuery) return undefined;
  const url = new URL(phase.url);
  const base = `${url.pathname}${url.search}${url.search ? '&' : '?'}_=`;
  return [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `${base}${(uniqueCounter += 1)}` }) }];
}

function fire(phase: LoadPhase, index: number, connections: number, latencies: number[], kinds: Record<string, KindFigures>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: phase.url, connections, duration: phase.seconds, timeout: 30, requests: requestsFor(phase, index) },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      if (answeredKind === undefined) return;
      const kind = (kinds[answeredKind] ??= { statuses: {}, latencies: [] });
      kind.statuses[statusCode] = (kind.statuses[statusCode] ?? 0) + 1;
      kind.latencies.push(responseTime);
      answeredKind = undefined;
    });
  });
}

/** The phase's path, with `&_=N` never repeating when it asks for unique queries. */
function uniquePathOf(phase: LoadPhase): () => string {
  const url = new URL(phase.url);
  const path = `${url.pathname}${url.search}`;
  if (!phase.uniqueQuery) return () => path;
  return () => `${path}${url.search ? '&' : '?'}_=${(uniqueCounter += 1)}`;
}

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function main(): Promise<void> {
  const plan = JSON.parse(process.env.BENCH_LOAD ?? '') as LoadPlan;
  for (const [index, phase] of plan.phases.entries()) {
    say({ event: 'start', index });
    const latencies: number[] = [];
    const kinds: Record<string, KindFigures> = {};
    if (phase.overallRate !== undefined) {
      const figures = await fireOpenLoop(phase.url, phase.overallRate, phase.seconds, plan.connections * 2, uniquePathOf(phase), phase.headers);
      say({ event: 'end', index, figures: { ...figures, latencies: phase.measured ? figures.latencies : [] } });
      continue;
    }
    const result = await fire(phase, index, plan.connections, latencies, kinds);
    const figures: PhaseFigures = {
      requests: result.requests.total,
      seconds: result.duration,
      latencies: phase.measured ? latencies : [],
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      bytes: result.throughput.average * result.duration,
      kinds: phase.requests && phase.measured ? kinds : undefined,
    };
    say({ event: 'end', index, figures });
  }
}

main().catch((error: unknown) => {
  console.error('load generator failed:', error);
  process.exit(1);
});
