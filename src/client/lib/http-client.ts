/**
 * The one HTTP client of the web app: every API call goes through `request`, so JSON parsing,
 * error shapes and headers are handled in one place.
 */

export interface ApiErrorRecord {
  code: number | string;
  description: string;
  /** The input field the record is about, when the API names one (moderation API `fields`). */
  field?: string;
  /** That field's problem, when the API names it (moderation API `fields[].code` and `limit`). */
  problem?: { code: string; limit?: number };
  /** Moderation API code `moved`: the body a report was moved to. */
  movedTo?: string;
}

/** Why a request failed: no answer at all, an error status, or a 2xx body that is not JSON. */
export type ApiErrorKind = 'network' | 'http' | 'invalid-response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The API's own error records (GeoReport `[{code, description}]`, `{detail}` and the like). */
  readonly errors: ApiErrorRecord[];
  readonly url: string;
  /** From a Retry-After header (429, 503): how long to wait before trying again. */
  readonly retryAfterSeconds?: number;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    url: string;
    errors?: ApiErrorRecord[];
    message?: string;
    cause?: unknown;
    retryAfterSeconds?: number;
  }) {
    const errors = init.errors ?? [];
    const message =
      init.message ??
      (errors.length > 0
        ? errors.map((record) => record.description).join('; ')
        : `Request to ${init.url} failed with status ${init.status}`);
    super(message, { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.errors = errors;
    this.url = init.url;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended to the URL; null/undefined values are left out, arrays repeat the key. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** FormData, URLSearchParams, Blob and strings are sent as they are; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    typeof body === 'string'
  ) {
    return body; // fetch sets the matching Content-Type (and multipart boundary) itself
  }
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** Parses JSON text, tolerating the UTF-8 byte order mark some GeoReport servers send. */
export function parseJson(text: string): unknown {
  return JSON.parse(text.replace(/^\uFEFF/, ''));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Turns the error bodies the APIs use into one list of records. */
export function errorRecordsFrom(body: unknown, httpStatus: number): ApiErrorRecord[] {
  // GeoReport: [{ "code": 404, "description": "…" }]
  if (Array.isArray(body)) {
    return body.flatMap((item) =>
      isRecord(item) && typeof item.description === 'string'
        ? [{ code: typeof item.code === 'number' || typeof item.code === 'string' ? item.code : httpStatus, description: item.description }]
        : [],
    );
  }
  if (!isRecord(body)) return [];
  // Moderation API: { "error": { "code", "message", "fields"?: [{ "field", "message", "code", "limit"? }] } }
  if (isRecord(body.error) && typeof body.error.message === 'string') {
    const { code, message, fields, moved_to: movedTo } = body.error;
    const errorCode = typeof code === 'string' || typeof code === 'number' ? code : httpStatus;
    const fieldRecords = Array.isArray(fields)
      ? fields.flatMap((item) =>
          isRecord(item) && typeof item.message === 'string'
            ? [
                {
                  code: errorCode,
                  description: item.message,
                  field: typeof item.field === 'string' ? item.field : '',
                  ...(typeof item.code === 'string'
                    ? { problem: { code: item.code, ...(typeof item.limit === 'number' ? { limit: item.limit } : {}) } }
                    : {}),
                },
              ]
            : [],
        )
      : [];
    return fieldRecords.length > 0 ? fieldRecords : [{ code: errorCode, description: message, ...(typeof movedTo === 'string' ? { movedTo } : {}) }];
  }
  // Counters (DRF style): { "detail": "…" }
  if (typeof body.detail === 'string') return [{ code: httpStatus, description: body.detail }];
  // Fastify's own: { statusCode, error, message }
  if (typeof body.message === 'string') return [{ code: httpStatus, description: body.message }];
  // DRF field errors: { "field": ["message", …] }
  return Object.entries(body).flatMap(([field, messages]) =>
    Array.isArray(messages)
      ? messages
          .filter((message): message is string => typeof message === 'string')
          .map((message) => ({ code: httpStatus, description: `${field}: ${message}` }))
      : [],
  );
}

function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseJson(text) };
  } catch {
    return { ok: false };
  }
}

function isAbort(error: unknown): boolean {
  // Not `instanceof DOMException`: test environments and polyfills bring their own classes.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** Sends a request and resolves with the parsed JSON body (undefined when the body is empty). */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const body = encodeBody(options.body, headers);

  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    // Cancellation is not a failure: let the caller (React Query) see the abort as it is.
    if (isAbort(error) || options.signal?.aborted) throw error;
    throw new ApiError({ kind: 'network', status: 0, url, cause: error });
  }

  return resultOf<T>(response.status, await response.text(), url, response.headers.get('Retry-After'));
}

/** The parsed body of a 2xx answer, or the ApiError that any other answer means. */
function resultOf<T>(httpStatus: number, text: string, url: string, retryAfter?: string | null): T {
  const parsed = text.trim() === '' ? ({ ok: true, value: undefined } as const) : tryParseJson(text);

  if (httpStatus < 200 || httpStatus > 299) {
    const errors = parsed.ok ? errorRecordsFrom(parsed.value, httpStatus) : [];
    throw new ApiError({ kind: 'http', status: httpStatus, url, errors, retryAfterSeconds: parseRetryAfter(retryAfter) });
  }
  if (!parsed.ok) {
    throw new ApiError({
      kind: 'invalid-response',
      status: httpStatus,
      url,
      message: `Response from ${url} is not valid JSON`,
    });
  }
  return parsed.value as T;
}

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** The whole body's size in bytes (0 when the browser cannot tell). */
  total: number;
}

export interface PostFormOptions {
  query?: RequestOptions['query'];
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Called as the body goes out: fetch cannot report upload progress, XMLHttpRequest can. */
  onProgress?: (progress: UploadProgress) => void;
}

function abortError(): Error {
  return typeof DOMException === 'function'
    ? new DOMException('The upload was cancelled', 'AbortError')
    : Object.assign(new Error('The upload was cancelled'), { name: 'AbortError' });
}

/**
 * POSTs a form (multipart with files, or URL-encoded) and reports the bytes sent. Answers and
 * failures take the same shapes as `request`: parsed JSON, or an ApiError.
 */
export function postForm<T = unknown>(path: string, body: FormData | URLSearchParams, options: PostFormOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  return new Promise<T>((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', onAbortSignal);
      outcome();
    };
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    if (onProgress) {
      xhr.upload.addEventListener('progress', (progressEvent) => {
        onProgress({ loaded: progressEvent.loaded, total: progressEvent.lengthComputable ? progressEvent.total : 0 });
      });
    }
    xhr.addEventListener('load', () =>
      settle(() => {
        try {
          resolve(resultOf<T>(xhr.status, xhr.responseText, url, xhr.getResponseHeader('Retry-After')));
        } catch (error) {
          reject(error);
        }
      }),
    );
    xhr.addEventListener('error', () => settle(() => reject(new ApiError({ kind: 'network', status: 0, url }))));
    xhr.addEventListener('timeout', () => settle(() => reject(new ApiError({ kind: 'network', status: 0, url }))));
    xhr.addEventListener('abort', () => settle(() => reject(abortError())));
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(body);
  });
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
  postForm,
};
