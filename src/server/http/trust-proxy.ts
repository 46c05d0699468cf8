import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify 5 takes a bare number as "trust nobody" (it
 * fails closed), so a hop count becomes the function proxy-addr asks of each hop, nearest first:
 * with 1, the peer's X-Forwarded-For entry is believed and anything a client wrote before it is
 * not. The peer is then believed about X-Forwarded-Proto as well (hop 0).
 */
export function trustProxyOption(setting: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}
