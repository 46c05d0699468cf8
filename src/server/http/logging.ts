import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Logger settings for the whole server: pino JSON lines with the request id (reqId) on every
 * line of a request, and nothing personal or secret in them.
 *
 * - Request lines carry method, path and host only: no headers, no body, no client address
 *   (an IP address is personal data), and the values of query parameters whose names mark them
 *   secret or personal replaced by "[redacted]".
 * - Errors of the caller's making (4xx) are logged without their message: a parser's message can
 *   quote the body it choked on. Server errors keep message and stack, which never hold input.
 * - Should any code log headers, a body or a form by mistake, its fields are redacted by the
 *   same rule.
 *
 * The rule goes by the words a name is made of, not by a list of names, so the forms a caller
 * can invent are caught too: `digitransit-subscription-key`, `X-Api-Key`, `csrfToken`,
 * `attribute[code]`, `email[]`, `api%5Fkey` all hold a word below.
 */
const sensitiveWords = new Set([
  // secrets
  'key', 'apikey', 'token', 'password', 'passwd', 'pwd', 'secret', 'session', 'cookie', 'auth', 'authorization', 'csrf',
  'signature', 'jwt', 'bearer',
  // personal data, and the resident's own answers (attribute values can be anything)
  'email', 'mail', 'phone', 'name', 'firstname', 'lastname', 'device', 'account', 'attribute', 'body',
]);

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * Names made of a sensitive word that still hold nothing personal: a body's id (`bodyId`,
 * `body_id`) names a municipality or department, not a request's body, and is what an operator
 * needs to read a forwarding or polling line.
 */
const publicIdNames = new Set(['body id', 'body ids']);

/** Whether a field, parameter or header of this name may hold a secret or personal data. */
export function isSensitiveName(name: string): boolean {
  // Words split at anything not a letter or digit (brackets, dashes, underscores) and at camelCase.
  const words = decodedName(name)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  if (publicIdNames.has(words.join(' '))) return false;
  return words.some((word) => sensitiveWords.has(word));
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
      return equals >= 0 && isSensitiveName(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * A logged object with every sensitive field's value replaced, at any depth of plain objects and
 * arrays (a request, a reply or an error goes to its serializer instead). Copies only what it changes.
 */
export function redactFields(value: unknown, depth = 0): unknown {
  if (depth > 8) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => redactFields(item, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (!isPlain(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [name, field] of Object.entries(value)) {
    const redacted = isSensitiveName(name) && field !== undefined ? '[redacted]' : redactFields(field, depth + 1);
    if (redacted !== field) (copy ??= { ...value })[name] = redacted;
  }
  return copy ?? value;
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
    formatters: { log: (object: Record<string, unknown>) => redactFields(object) as Record<string, unknown> },
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
  app.addHook('onResponse', (request, reply, done) => {
    const length = Number(reply.getHeader('content-length'));
    request.log.info(
      { req: request, res: reply, ms: Math.round(reply.elapsedTime * 10) / 10, bytes: Number.isFinite(length) ? length : undefined },
      'request',
    );
    done();
  });
}
