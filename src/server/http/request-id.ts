import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const requestIdHeader = 'x-request-id';

/** Ids a load balancer or tracing proxy sends: letters, digits and a few separators, bounded. */
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the caller's X-Request-Id when it is a sane token, so one id follows a
 * request through the load balancer and our logs; otherwise a fresh UUID. Anything odd (spaces,
 * control characters, huge values) is ignored rather than trusted into the log.
 */
export function requestIdFor(request: IncomingMessage): string {
  const sent = request.headers[requestIdHeader];
  return typeof sent === 'string' && saneRequestId.test(sent) ? sent : randomUUID();
}

/** Every answer names its request id, so a caller's report can be matched to the log line. */
export function echoRequestId(app: FastifyInstance): void {
  // Callback style: no promise and microtask per request (it never answers early).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    done();
  });
}
