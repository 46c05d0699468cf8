/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`):
 * headers or URL over the size limit (431), a bad or doubled Content-Length (400), a request not
 * whole in time (408). Answered on the raw socket in the error shape of the API the request line
 * names, as far as the bytes at hand show it; the connection is then closed, as Node does.
 */
import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { apiErrorAnswer, errorAnswerHeaders } from './framework-errors';

interface ClientError extends Error {
  code?: string;
  /** The bytes the parser was reading when it refused them (a Buffer; absent for a timeout). */
  rawPacket?: unknown;
}

const contentLengthProblem =
  'Content-Length must be one whole number of bytes, sent once, and not together with Transfer-Encoding';

function refusalOf(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: `the URL and headers together are over ${maxHeaderSize} bytes; shorten the URL (fewer or shorter query parameters)` };
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return { status: 400, message: contentLengthProblem };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'the request did not arrive in time; send it again' };
    default:
      return { status: 400, message: 'the request is not valid HTTP/1.1' };
  }
}

/**
 * The path of the request line at the start of `bytes`, if they start with one. A header that
 * overflows in a later read of the same request leaves no request line at hand: plain text then.
 */
function requestPathOf(bytes: unknown): string {
  const head = Buffer.isBuffer(bytes) ? bytes.subarray(0, 4096).toString('latin1') : '';
  return /^[A-Z]{3,10} (\/[^\s?#]*)/.exec(head)?.[1] ?? '';
}

export function answerClientError(this: { log: FastifyBaseLogger }, error: ClientError, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = refusalOf(error.code);
  // The code only: the error carries the raw bytes, which may hold anything the client sent.
  this.log.debug({ code: error.code, status }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const answer = apiErrorAnswer(requestPathOf(error.rawPacket), status, message);
    const headers = {
      ...errorAnswerHeaders,
      ...answer.headers,
      'content-type': answer.contentType,
      'content-length': String(Buffer.byteLength(answer.body)),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${answer.body}`);
  }
  socket.destroy(error);
}
