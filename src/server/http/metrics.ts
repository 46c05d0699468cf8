import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The figures an operator watches, in one registry per app (tests build many apps in one
 * process). Labels are fixed vocabularies (route patterns, methods, status codes, service and
 * cache names): never a raw URL, an id or anything a person sent.
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** One answered request: its route pattern, method and status, and how long it took. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** One proxy call to an upstream, over HTTP or in-process ("embedded"). */
  upstreamCall(call: UpstreamCall): void;
  /** The hit and miss counters of one named answer cache. */
  cache(name: string): CacheCounter;
  /** Starts the process figures (CPU, memory, event loop, GC); once, at the first scrape. */
  startProcessMetrics(): void;
}

export interface UpstreamCall {
  service: string;
  target: 'http' | 'embedded';
  /** The upstream's status code, or why there was none. */
  outcome: number | 'timeout' | 'unreachable';
  seconds: number;
}

export interface CacheCounter {
  hit(): void;
  miss(): void;
}

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

// Requests run from a millisecond (a cached listing) to minutes (a photo over a weak signal).
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'kerro_http_request_duration_seconds',
    help: 'Answered requests by route pattern, method and status, and their time to answer (the _count is the request count)',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: requestBuckets,
    registers: [registry],
  });
  const upstreamCalls = new Histogram({
    name: 'kerro_upstream_request_duration_seconds',
    help: 'Proxy calls to upstream services by service, target (http or embedded) and outcome (status code, timeout, unreachable), with their time to the answer headers',
    labelNames: ['service', 'target', 'outcome'] as const,
    buckets: requestBuckets,
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'kerro_upstream_errors_total',
    help: 'Proxy calls to upstream services that timed out, could not connect, or answered 5xx',
    labelNames: ['service', 'target', 'reason'] as const,
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'kerro_answer_cache_lookups_total',
    help: 'Answer cache lookups by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  });
  let processMetricsStarted = false;

  return {
    registry,
    request(route, method, status, seconds) {
      requests.observe({ route, method: knownMethods.has(method) ? method : 'other', status: String(status) }, seconds);
    },
    upstreamCall({ service, target, outcome, seconds }) {
      upstreamCalls.observe({ service, target, outcome: String(outcome) }, seconds);
      if (typeof outcome === 'string') upstreamErrors.inc({ service, target, reason: outcome });
      else if (outcome >= 500) upstreamErrors.inc({ service, target, reason: 'status_5xx' });
    },
    cache(name) {
      // Both series exist from the start, so a rate of hits over lookups is defined at once.
      cacheLookups.inc({ cache: name, result: 'hit' }, 0);
      cacheLookups.inc({ cache: name, result: 'miss' }, 0);
      return {
        hit: () => cacheLookups.inc({ cache: name, result: 'hit' }),
        miss: () => cacheLookups.inc({ cache: name, result: 'miss' }),
      };
    },
    startProcessMetrics() {
      // Each set of default collectors keeps a GC observer and an event-loop monitor for the
      // process's life, so an app never scraped (most tests) does not start one.
      if (processMetricsStarted) return;
      processMetricsStarted = true;
      collectDefaultMetrics({ register: registry });
    },
  };
}

/** A gauge whose value is read at scrape time; left empty (absent) when `read` gives undefined or fails. */
export function gaugeAtScrape(
  metrics: AppMetrics,
  definition: { name: string; help: string; labelNames?: readonly string[] },
  read: () => Promise<Record<string, number> | number | undefined> | Record<string, number> | number | undefined,
  labelName?: string,
): void {
  new Gauge({
    name: definition.name,
    help: definition.help,
    labelNames: labelName ? [labelName] : [],
    registers: [metrics.registry],
    async collect() {
      this.reset();
      let value: Record<string, number> | number | undefined;
      try {
        value = await read();
      } catch {
        return; // e.g. the database is down: no figure rather than a wrong one (readyz says why)
      }
      if (value === undefined) return;
      if (typeof value === 'number') this.set(value);
      else for (const [label, figure] of Object.entries(value)) this.set({ [labelName!]: label }, figure);
    },
  });
}
