/** A failure answered as DRF does: `{"detail": "…"}` with the status. */
export class CounterApiError extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 405,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const notFound = () => new CounterApiError(404, 'Not found.');
export const invalidPage = () => new CounterApiError(404, 'Invalid page.');
export const badRequest = (detail: string) => new CounterApiError(400, detail);
