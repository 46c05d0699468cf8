import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a refused body may keep arriving after the answer before its connection is cut. */
const LINGER_MS = 2000;

/**
 * For an answer given before the body was all read (a bad key, no room, too large): the rest of
 * the upload is not waited for. The connection is cut shortly after the answer — not at once, as
 * closing a socket with unread data resets it, and a reset can make the client lose the answer
 * it has not read yet (the "lingering close" web servers do).
 */
export function cutUnreadBodyAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  // app.inject's stand-in socket has nothing to cut.
  if (request.raw.complete || !(socket instanceof Socket)) return;
  reply.raw.once('finish', () => {
    if (request.raw.complete) return;
    const timer = setTimeout(() => {
      if (!request.raw.complete) socket.destroy();
    }, LINGER_MS);
    const stop = () => {
      clearTimeout(timer);
      socket.off('close', stop);
    };
    request.raw.once('end', stop);
    socket.once('close', stop);
  });
}
