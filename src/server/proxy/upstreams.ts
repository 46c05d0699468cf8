import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config';
import { paths } from '../../shared/paths';

export interface Upstreams {
  open311: () => string;
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
    counters: () => config.COUNTERS_URL ?? `${self()}${paths.counters}`,
    serviceObjects: () => config.SERVICE_OBJECTS_URL,
  };
}
