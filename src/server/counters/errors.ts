/** What a failed request answers, as DRF does: `{"detail": "…"}`, or `{"field": ["…"]}` for bad input. */
export type CounterErrorBody = Readonly<Record<string, string | readonly string[]>>;

/** A failure answered as DRF does, with its status and body. */
export class CounterApiError extends Error {
  readonly body: CounterErrorBody;

  constructor(
    readonly statusCode: 400 | 404 | 405 | 406 | 415,
    detail: string | CounterErrorBody,
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

export const notFound = () => new CounterApiError(404, 'Not found.');
export const invalidPage = () => new CounterApiError(404, 'Invalid page.');
export const badRequest = (detail: string) => new CounterApiError(400, detail);
/** DRF's ValidationError: each field named with its messages, `{"latitude": ["Enter a number."]}`. */
export const invalidFields = (fields: Readonly<Record<string, readonly string[]>>) => new CounterApiError(400, fields);
