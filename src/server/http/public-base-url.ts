/** The absolute base URL links in answers start from, and the check that keeps a hostile Host header out of them. */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

// A Host header goes into links in answers, so only plain host[:port] forms are accepted.
const validHost = /^(?:[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Absolute base for links in answers: the configured public URL, else what the caller used.
 * Undefined when the Host header is not a plain host[:port]; each API refuses that in its own
 * error format.
 */
export function publicBaseUrl(request: FastifyRequest, config: Pick<Config, 'PUBLIC_BASE_URL'>): string | undefined {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL;
  const host = request.host;
  return host && validHost.test(host) ? `${request.protocol}://${host}` : undefined;
}

/** The base for links, or the error `refuse` makes (in the caller's API format) for a bad Host header. */
export function requirePublicBaseUrl(request: FastifyRequest, config: Pick<Config, 'PUBLIC_BASE_URL'>, refuse: () => Error): string {
  const base = publicBaseUrl(request, config);
  if (base === undefined) throw refuse();
  return base;
}
