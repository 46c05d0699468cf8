/**
 * Limits on clients that send slowly or open many connections: without them a body trickling a
 * byte every 20 s holds a connection (and a multipart parser) for ever, and one address can take
 * every socket the process has.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { Socket } from 'node:net';
import type { Config } from '../config';

type SlowClientConfig = Pick<Config, 'REQUEST_TIMEOUT_MS' | 'BODY_PROGRESS_TIMEOUT_MS' | 'BODY_PROGRESS_MIN_BYTES' | 'KEEP_ALIVE_TIMEOUT_MS' | 'MAX_CONNECTIONS_PER_CLIENT'>;

/** Fastify's options for the request and keep-alive timeouts (Node answers 408 and closes past the first). */
export function timeoutOptions(config: SlowClientConfig): Pick<FastifyServerOptions, 'requestTimeout' | 'keepAliveTimeout'> & { http: object } {
  return {
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      // Above the keep-alive timeout, so an idle kept-alive connection is closed by that one, never
      // cut as a request whose headers are late; within the request timeout, as Node requires.
      headersTimeout: Math.min(Math.max(60_000, config.KEEP_ALIVE_TIMEOUT_MS + 1000), config.REQUEST_TIMEOUT_MS),
      // Node looks for requests past their time this often; its default (30 s) would let a short limit run long.
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(config.REQUEST_TIMEOUT_MS / 10))),
    },
  };
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  (headers['content-length'] !== undefined && headers['content-length'] !== '0') || headers['transfer-encoding'] !== undefined;

/**
 * While a body is arriving it must bring BODY_PROGRESS_MIN_BYTES in every BODY_PROGRESS_TIMEOUT_MS,
 * else the socket is closed: a byte every 20 s keeps a socket "active" but is no upload. Once the
 * body is in, the check stops, so a slow upstream behind the proxy is not held against the client.
 * And at most MAX_CONNECTIONS_PER_CLIENT sockets per address: the next one is closed at once.
 */
export function limitSlowClients(app: FastifyInstance, config: SlowClientConfig): void {
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    // Only real sockets (app.inject's stand-in has no bytes to count) with a body still arriving.
    if (!(socket instanceof Socket) || !hasBody(request.headers) || request.raw.complete) return;
    let readBefore = socket.bytesRead;
    const check = setInterval(() => {
      const read = socket.bytesRead;
      if (read - readBefore < config.BODY_PROGRESS_MIN_BYTES) {
        request.log.info({ bytesInWindow: read - readBefore }, 'closed: request body too slow');
        socket.destroy();
      }
      readBefore = read;
    }, config.BODY_PROGRESS_TIMEOUT_MS);
    const stop = () => {
      clearInterval(check);
      socket.off('close', stop); // a kept-alive socket must not gather one listener per request
    };
    request.raw.once('end', stop);
    request.raw.once('close', stop);
    // Once answered, the rest of a body is Node's (kept-alive) or the refused-body cut's business.
    reply.raw.once('finish', stop);
    socket.once('close', stop);
  });

  if (config.MAX_CONNECTIONS_PER_CLIENT === 0) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > config.MAX_CONNECTIONS_PER_CLIENT) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
