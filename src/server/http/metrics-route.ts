import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../storage';
import type { UploadBudget } from './upload-budget';
import { gaugeAtScrape, type AppMetrics } from './metrics';

export interface MetricsRouteOptions {
  metrics: AppMetrics;
  /** METRICS_ALLOW: addresses and CIDR ranges that may read /metrics. */
  allow: readonly string[];
  store: Pick<Store, 'outbox' | 'forwards' | 'pool' | 'serviceRequests' | 'bodies'>;
  uploads: UploadBudget;
  now: () => number;
}

/**
 * GET /metrics in Prometheus text, answered only to the allowed addresses; anyone else gets the
 * same 404 as a path that does not exist. The address is `request.ip`: the client's own as
 * resolved through TRUST_PROXY, so behind a load balancer (every socket loopback) an outside
 * client stays outside. Every answered request is timed under its route pattern.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsRouteOptions): void {
  const { metrics, store, uploads, now } = options;
  const allowed = allowList(options.allow);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.is404 ? '(unmatched)' : (request.routeOptions.url ?? '(unmatched)'), request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  gaugeAtScrape(metrics, { name: 'kerro_upload_bytes_in_flight', help: 'Upload bytes being received now, over all requests' }, () => uploads.inFlight);
  gaugeAtScrape(metrics, { name: 'kerro_upload_bytes_in_flight_max', help: 'The upload budget (UPLOAD_BYTES_IN_FLIGHT_MAX)' }, () => uploads.max);
  queueGauges(metrics, now, store.outbox, {
    name: 'kerro_outbox_messages',
    help: 'Unsent outbox messages by state: pending (waiting or to be retried) or failed (given up)',
    ageName: 'kerro_outbox_oldest_pending_age_seconds',
    ageHelp: 'Age of the oldest pending outbox message (0 with none pending)',
  });
  queueGauges(metrics, now, store.forwards, {
    name: 'kerro_forwards',
    help: "Reports not yet in their body's case system, by state: pending (waiting or to be retried) or failed (given up)",
    ageName: 'kerro_forwards_oldest_pending_age_seconds',
    ageHelp: 'Age of the oldest pending forward to a case system (0 with none pending)',
  });
  gaugeAtScrape(
    metrics,
    {
      name: 'kerro_overdue_requests',
      help: "Published reports still open past their service type's target time to close, by body id (\"\" for reports of no body)",
    },
    () => overdueByBody(store, now()),
    'body',
  );
  // PostgreSQL only: SQLite has one connection and no pool to run out of, so no series at all.
  if (store.pool) {
    const pool = store.pool;
    gaugeAtScrape(
      metrics,
      { name: 'kerro_db_pool_connections', help: 'PostgreSQL pool connections by state: total open, idle, waiting callers, max allowed' },
      () => ({ ...pool() }),
      'state',
    );
  }

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!allowed(request.ip)) return reply.callNotFound();
    metrics.startProcessMetrics();
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}

/**
 * Every body's overdue count, 0 for a body with none, so its series exists from the start. Body
 * ids are the administrator's names from the bodies file (a handful per region), never a person's.
 */
async function overdueByBody(store: Pick<Store, 'serviceRequests' | 'bodies'>, now: number): Promise<Record<string, number>> {
  const [counts, bodies] = await Promise.all([store.serviceRequests.countOverdueByBody(now), store.bodies.list()]);
  return { ...Object.fromEntries(bodies.map((body) => [body.id, 0])), ...Object.fromEntries(counts) };
}

interface QueueSummary {
  pending: number;
  failed: number;
  oldestPendingAt: number | null;
}

/** A queue's pending and failed counts and its oldest pending item's age, both gauges from one summary query per scrape. */
function queueGauges(
  metrics: AppMetrics,
  now: () => number,
  queue: { summary(): Promise<QueueSummary> },
  names: { name: string; help: string; ageName: string; ageHelp: string },
): void {
  let summary: { at: number; read: Promise<QueueSummary> } | undefined;
  const read = () => {
    if (!summary || Date.now() - summary.at > 1000) summary = { at: Date.now(), read: queue.summary() };
    return summary.read;
  };
  gaugeAtScrape(
    metrics,
    { name: names.name, help: names.help },
    async () => {
      const { pending, failed } = await read();
      return { pending, failed };
    },
    'state',
  );
  gaugeAtScrape(metrics, { name: names.ageName, help: names.ageHelp }, async () => {
    const { oldestPendingAt } = await read();
    return oldestPendingAt === null ? 0 : Math.max(0, (now() - oldestPendingAt) / 1000);
  });
}

/** A test of an address against addresses and CIDR ranges; an IPv4-mapped IPv6 address counts as its IPv4 one. */
export function allowList(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const plain = mapped ? mapped[1]! : address;
    try {
      return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
    } catch {
      return false; // not an address at all
    }
  };
}
