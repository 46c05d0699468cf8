import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { AppMetrics } from '../http/metrics';
import { paths } from '../../shared/paths';
import type { EmbeddedServices } from './embedded-services';
import { callUpstream, forwardableHeaders, injectedBody, type UpstreamResponse } from './upstream';

export interface UpstreamCallOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /**
   * The browser's address (as TRUST_PROXY resolves it): in-process, the embedded service counts
   * its per-client limits by it rather than by this process. Not sent to another city's service.
   */
  clientAddress?: string;
}

export interface Upstreams {
  open311: () => string;
  /**
   * Headers naming the origin the browser used, for a call to this same server: its answers build
   * links (media_url, discovery) from the Host they are asked with. Empty for another city's
   * service, which names itself.
   */
  open311ClientOrigin: (request: FastifyRequest) => Record<string, string>;
  /** The same for the counter service (its links are re-pointed by path, whatever host they name). */
  countersClientOrigin: (request: FastifyRequest) => Record<string, string>;
  counters: () => string;
  serviceObjects: () => string | undefined;
  /** The bodies read API: always this server's own, whatever OPEN311_URL says (bodies are this installation's configuration). */
  bodies: () => string;
  /** One call to an upstream URL: in-process for the embedded services, over HTTP for the rest. */
  call: (serviceName: string, url: string, options: UpstreamCallOptions) => Promise<UpstreamResponse>;
  /** The embedded counter list's pages, when COUNTERS_URL is unset: asked without a request at all. */
  embeddedCounterListPage: EmbeddedServices['counterListPage'] | undefined;
  /** The embedded GeoReport service, when OPEN311_URL is unset: a report is handed over already read. */
  embeddedGeoReport: EmbeddedServices['geoReport'] | undefined;
}

/**
 * Stands for this same server in upstream URLs. `.invalid` never resolves (RFC 6761), so a URL
 * under it can only ever be answered in-process, never by a network call.
 */
const embeddedOrigin = 'http://embedded.invalid';

/**
 * Where the proxy sends calls. A configured URL (OPEN311_URL, COUNTERS_URL) is another service,
 * reached over HTTP. Unset, the service is the one embedded in this process: the request is handed
 * to its routes in-process (app.inject: the same hooks, key check, errors and compression as over
 * HTTP, without a socket, a second HTTP parse or a timeout to wait out).
 */
export function resolveUpstreams(config: Config, embedded: EmbeddedServices, metrics: Pick<AppMetrics, 'upstreamCall'>): Upstreams {
  const clientOrigin = (request: FastifyRequest) => ({ host: request.host, 'x-forwarded-proto': request.protocol });
  const call = async (serviceName: string, url: string, options: UpstreamCallOptions): Promise<UpstreamResponse> => {
    if (!url.startsWith(`${embeddedOrigin}/`)) return callUpstream(serviceName, url, { ...options, metrics });
    const started = performance.now();
    const answer = await embedded.inject({
      ...(options.clientAddress === undefined ? {} : { remoteAddress: options.clientAddress }),
      method: options.method ?? 'GET',
      url: url.slice(embeddedOrigin.length),
      headers: options.headers ?? {},
      ...(options.body === undefined ? {} : { payload: options.body }),
      // The body as it is written, not gathered and decoded to a string as well.
      payloadAsStream: true,
    });
    metrics.upstreamCall({ service: serviceName, target: 'embedded', outcome: answer.statusCode, seconds: (performance.now() - started) / 1000 });
    return { statusCode: answer.statusCode, headers: forwardableHeaders(answer.headers), body: injectedBody(answer.stream()) };
  };
  return {
    open311: () => config.OPEN311_URL ?? `${embeddedOrigin}${paths.georeport}`,
    open311ClientOrigin: (request) => (config.OPEN311_URL ? {} : clientOrigin(request)),
    countersClientOrigin: (request) => (config.COUNTERS_URL ? {} : clientOrigin(request)),
    counters: () => config.COUNTERS_URL ?? `${embeddedOrigin}${paths.counters}`,
    serviceObjects: () => config.SERVICE_OBJECTS_URL,
    bodies: () => `${embeddedOrigin}${paths.bodies}`,
    call,
    embeddedCounterListPage: config.COUNTERS_URL ? undefined : embedded.counterListPage,
    embeddedGeoReport: config.OPEN311_URL ? undefined : embedded.geoReport,
  };
}
