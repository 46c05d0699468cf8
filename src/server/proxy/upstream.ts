import { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import type { FastifyRequest } from 'fastify';
import type { AppMetrics } from '../http/metrics';

/** Headers that describe one hop, never forwarded (RFC 9110 §7.6.1), plus ones we recompute. */
const hopByHop = new Set([
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding',
  'upgrade', 'content-length', 'host',
]);

export class UpstreamError extends Error {
  constructor(
    readonly statusCode: 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/** An upstream answer kept whole for reuse (the service list, counter pages). */
export interface CachedUpstreamAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** An answer's body as the proxy uses it: streamed on, read whole, or thrown away. */
export type UpstreamBody = Readable & { arrayBuffer(): Promise<ArrayBuffer>; dump(): Promise<void> };

export interface UpstreamResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: UpstreamBody;
}

/**
 * An in-process answer's body stream in the shape of undici's: streamed on as it is, or read
 * whole without the copies and the string light-my-request's buffered mode would make.
 */
export function injectedBody(stream: Readable): UpstreamBody {
  const body = stream as UpstreamBody;
  body.arrayBuffer = async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return (whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) as ArrayBuffer;
  };
  body.dump = async () => {
    stream.resume();
  };
  return body;
}

/** A body already in memory (a rendered page) in the same shape. */
export const bufferedBody = (bytes: Buffer): UpstreamBody => injectedBody(Readable.from([bytes]));

/**
 * Headers this server sets on its own answers (security headers, request id): the upstream's
 * copies describe the upstream's origin, so they must not replace ours; a proxy answer names this
 * server's request id and this server's cross-origin resource policy, not the public API's.
 */
const setByThisServer = new Set([
  'x-request-id', 'content-security-policy', 'content-security-policy-report-only', 'strict-transport-security',
  'x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy',
  'cross-origin-resource-policy', 'cross-origin-embedder-policy', 'origin-agent-cluster', 'x-dns-prefetch-control',
  'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection',
]);

/** Response headers worth passing to the browser. */
export function forwardableHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || hopByHop.has(lower) || lower === 'set-cookie' || setByThisServer.has(lower)) continue;
    result[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return result;
}

/**
 * For an answer the proxy passes on untouched: the browser's Accept-Encoding goes upstream, so a
 * compressed upstream answer reaches the browser as it came, never inflated and compressed again,
 * and its If-None-Match, so the upstream can answer 304 to the tag it gave. Answers the proxy
 * reads (rewritten links, cached pages, error envelopes) ask for neither.
 */
export function passedOnRequestHeaders(request: { headers: Record<string, string | string[] | undefined> }): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const name of ['accept-encoding', 'if-none-match']) {
    const value = request.headers[name];
    if (typeof value === 'string' && value !== '') passed[name] = value;
  }
  return passed;
}

const timeoutCodes = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

/**
 * One call to an upstream with a time limit on every phase; any failure to reach it becomes an
 * UpstreamError that says which service and what went wrong, never a hang.
 */
export async function callUpstream(
  serviceName: string,
  url: string,
  options: {
    method?: 'GET' | 'POST' | 'HEAD';
    headers?: Record<string, string>;
    body?: Dispatcher.DispatchOptions['body'];
    timeoutMs: number;
    metrics: Pick<AppMetrics, 'upstreamCall'>;
  },
): Promise<UpstreamResponse> {
  const started = performance.now();
  const record = (outcome: number | 'timeout' | 'unreachable') =>
    options.metrics.upstreamCall({ service: serviceName, target: 'http', outcome, seconds: (performance.now() - started) / 1000 });
  try {
    const response = await request(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      signal: AbortSignal.timeout(options.timeoutMs + 1000),
    });
    record(response.statusCode);
    return { statusCode: response.statusCode, headers: forwardableHeaders(response.headers), body: response.body };
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).name;
    if (timeoutCodes.has(code) || code === 'TimeoutError' || code === 'AbortError') {
      record('timeout');
      throw new UpstreamError(504, `the ${serviceName} service did not answer in time; try again in a moment`);
    }
    record('unreachable');
    throw new UpstreamError(502, `the ${serviceName} service cannot be reached right now; try again later`);
  }
}

/** Strips a UTF-8 byte-order mark, which some real services put before their JSON or XML. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The part of a proxied path to append to an upstream base, or undefined when it could climb out
 * of that base ("..", ".", backslashes, encoded slashes): the proxy only reaches the API it fronts.
 */
export function safeSubpath(rest: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return undefined;
  }
  // WHATWG URLs treat %2e%2e as "..", so the check runs on the decoded text.
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\\\u0000-\u001f]/.test(decoded)) return undefined;
  return decoded.split('/').some((segment) => segment === '..' || segment === '.') ? undefined : rest;
}

/**
 * The path to forward for a route's `*` parameter. Fastify hands that parameter over already
 * percent-decoded, so it is encoded again, segment by segment, before the checks above: an
 * encoded "#", "?" or "%" in the browser's path must stay data in the upstream URL, never become
 * syntax (`/proxy/open311/v1/services/%23x.xml` asks for a service named "#x", not `services/`
 * with a fragment).
 */
export function forwardedSubpath(decodedWildcard: string): string | undefined {
  let encoded: string;
  try {
    encoded = decodedWildcard.split('/').map(encodeURIComponent).join('/');
  } catch {
    return undefined; // a lone surrogate: no URL can carry it
  }
  return safeSubpath(encoded);
}

/**
 * A wildcard route's `*` parameter, read from any request: hooks such as the rate limit's
 * allowList get the request untyped, and a route without the wildcard answers ''.
 */
export function wildcardOf(request: FastifyRequest): string {
  const { params } = request;
  return typeof params === 'object' && params !== null && '*' in params && typeof params['*'] === 'string' ? params['*'] : '';
}
