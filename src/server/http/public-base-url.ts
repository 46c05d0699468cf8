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
