import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config';
import { paths } from '../../shared/paths';

export interface Upstreams {
  open311: () => string;
  /**
   * Headers naming the origin the browser used, for a call to this same server: its answers build
   * links (media_url, discovery) from the Host they are asked with, and loopback is not the
   * browser's origin. Empty for another city's service, which names itself.
   */
  open311ClientOrigin: (request: FastifyRequest) => Record<string, string>;
  counters: () => string;
  serviceObjects: () => string | undefined;
}

/**
 * Where the proxy sends calls: the configured URLs, or by default this same server over
 * loopback HTTP, so the embedded setup takes exactly the path a real deployment does.
 */
export function resolveUpstreams(config: Config, app: FastifyInstance): Upstreams {
  const self = () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address) throw new Error('the server is not listening yet, so it cannot proxy to itself');
    const host = address.family === 'IPv6' ? (address.address === '::' ? '[::1]' : `[${address.address}]`) : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
    return `http://${host}:${address.port}`;
  };
  return {
    open311: () => config.OPEN311_URL ?? `${self()}${paths.georeport}`,
    open311ClientOrigin: (request): Record<string, string> =>
      config.OPEN311_URL ? {} : { host: request.host, 'x-forwarded-proto': request.protocol },
    counters: () => config.COUNTERS_URL ?? `${self()}${paths.counters}`,
    serviceObjects: () => config.SERVICE_OBJECTS_URL,
  };
}
