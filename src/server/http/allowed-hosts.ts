/**
 * The host names this server answers as. Links in answers are built from the Host header when
 * PUBLIC_BASE_URL is unset, so a request naming any other host is refused (400, in the API's
 * own format) rather than answered with links to a host the operator never chose.
 */
import { networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

const wildcardAddresses = new Set(['0.0.0.0', '::', '[::]']);

/** `[::1]:8080` → `::1`, `Example.org:80` → `example.org`. */
export function hostNameOf(host: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  if (bracketed) return bracketed[1]!.toLowerCase();
  const colons = host.split(':').length - 1;
  return (colons === 1 ? host.slice(0, host.indexOf(':')) : host).toLowerCase();
}

/** The configured list, or the default: the listening address (every interface's, on a wildcard), localhost and PUBLIC_BASE_URL's host. */
export function allowedHostNames(config: Pick<Config, 'ALLOWED_HOSTS' | 'HOST' | 'PUBLIC_BASE_URL'>): Set<string> | 'any' {
  if (config.ALLOWED_HOSTS) return config.ALLOWED_HOSTS.includes('*') ? 'any' : new Set(config.ALLOWED_HOSTS.map(hostNameOf));
  const names = new Set(['localhost', '127.0.0.1', '::1', hostNameOf(config.HOST)]);
  if (wildcardAddresses.has(config.HOST)) {
    for (const addresses of Object.values(networkInterfaces())) for (const { address } of addresses ?? []) names.add(address.toLowerCase());
  }
  if (config.PUBLIC_BASE_URL) names.add(hostNameOf(new URL(config.PUBLIC_BASE_URL).host));
  return names;
}

/** Answers a refusal in the error format of the API the path belongs to (the app knows the APIs; http does not). */
export type RefusalAnswer = (request: FastifyRequest, reply: FastifyReply, status: number, message: string) => unknown;

export function refuseUnknownHosts(
  app: FastifyInstance,
  config: Pick<Config, 'ALLOWED_HOSTS' | 'HOST' | 'PUBLIC_BASE_URL'>,
  answerRefusal: RefusalAnswer,
): void {
  const allowed = allowedHostNames(config);
  if (allowed === 'any') return;
  app.addHook('onRequest', async (request, reply) => {
    const host = request.host;
    if (host && allowed.has(hostNameOf(host))) return;
    request.log.info({ host }, 'refused: host not in ALLOWED_HOSTS');
    return answerRefusal(request, reply, 400, 'this server does not answer for the host named in the Host header (see ALLOWED_HOSTS)');
  });
}
