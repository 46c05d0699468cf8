/** What a failed request answers, as DRF does: `{"detail": "…"}`, or `{"field": ["…"]}` for bad input. */
export type DrfErrorBody = Readonly<Record<string, string | readonly string[]>>;

/** A failure answered as DRF does, with its status and body. */
export class DrfError extends Error {
  readonly body: DrfErrorBody;

  constructor(
    readonly statusCode: 400 | 404 | 405 | 406 | 415 | 429,
    detail: string | DrfErrorBody,
  ) {
    super(
      typeof detail === 'string'
        ? detail
        : Object.entries(detail)
            .map(([field, messages]) => `${field}: ${typeof messages === 'string' ? messages : messages.join(' ')}`)
            .join('; '),
    );
    this.body = typeof detail === 'string' ? { detail } : detail;
  }
}

export const notFound = () => new DrfError(404, 'Not found.');
/** DRF's throttle answer (a 429; the Retry-After header says the same). */
export const throttled = (seconds: number) => new DrfError(429, `Request was throttled. Expected available in ${seconds} seconds.`);
export const invalidPage = () => new DrfError(404, 'Invalid page.');
export const badRequest = (detail: string) => new DrfError(400, detail);
/** DRF's ValidationError: each field named with its messages, `{"latitude": ["Enter a number."]}`. */
export const invalidFields = (fields: Readonly<Record<string, readonly string[]>>) => new DrfError(400, fields);
