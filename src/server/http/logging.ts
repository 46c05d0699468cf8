import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Logger settings for the whole server: pino JSON lines with the request id (reqId) on every
 * line of a request, and nothing personal or secret in them.
 *
 * - Request lines carry method, path and host only: no headers, no body, no client address
 *   (an IP address is personal data), and the values of query parameters that can hold a secret
 *   or personal data (api_key, email, names, phone, …) replaced by "[redacted]".
 * - Errors of the caller's making (4xx) are logged without their message: a parser's message can
 *   quote the body it choked on. Server errors keep message and stack, which never hold input.
 * - Redaction paths catch headers and bodies should any code log them by mistake.
 */

const sensitiveQueryNames = new Set([
  'api_key', 'apikey', 'key', 'token', 'password', 'session', 'email', 'first_name', 'last_name', 'phone',
  'device_id', 'account_id', 'name',
]);

export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["x-api-key"]',
  'req.body',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-csrf-token"]',
  'body',
  'password',
  'api_key',
  'email',
  'phone',
  'first_name',
  'last_name',
];

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The URL as logged: the path as sent, sensitive query values replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && sensitiveQueryNames.has(decodedName(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
}

interface LoggedError {
  type?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
}

export const logSerializers = {
  req(request: LoggedRequest) {
    return { method: request.method, url: redactUrl(request.url), host: request.host };
  },
  res(reply: { statusCode: number }) {
    return { statusCode: reply.statusCode };
  },
  err(error: LoggedError & { constructor?: { name?: string } }) {
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : undefined;
    const base = { type: error.constructor?.name ?? 'Error', code: error.code, statusCode };
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return { ...base, message: `client error ${statusCode} (message not logged: it may quote the input)`, stack: '' };
    }
    return { ...base, message: error.message ?? '', stack: error.stack ?? '' };
  },
};

type LoggerOption = FastifyServerOptions['logger'];

/** The caller's logger settings (level, stream) with the serializers and redaction above. */
export function safeLoggerOptions(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: { ...logSerializers },
    redact: { paths: redactedPaths, censor: '[redacted]' },
    // ISO times read better in a terminal and sort the same.
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}

/**
 * One line per request, written when it is answered (Fastify's own pair of lines, "incoming
 * request" and "request completed", is turned off in app.ts): method, path (redacted) and host,
 * status, milliseconds and bytes sent, with the request id. A route's logLevel still applies, so
 * health checks stay out of the log at info.
 */
export function logOneLinePerRequest(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const length = Number(reply.getHeader('content-length'));
    request.log.info(
      { req: request, res: reply, ms: Math.round(reply.elapsedTime * 10) / 10, bytes: Number.isFinite(length) ? length : undefined },
      'request',
    );
  });
}
