/** The GeoReport protocol's errors: what a client gets back as an error array. */
import type { GeoReportErrorRecord } from '../../shared/georeport/types';

/**
 * A failure to report to a GeoReport client as an error array. Each record's description says
 * what the caller should fix; the HTTP status is the first record's code.
 */
export class GeoReportError extends Error {
  readonly records: GeoReportErrorRecord[];

  constructor(
    readonly statusCode: 400 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504 | 507,
    descriptions: string | string[],
    /** Sent as Retry-After: when the same request is worth trying again. */
    readonly retryAfterSeconds?: number,
  ) {
    const list = Array.isArray(descriptions) ? descriptions : [descriptions];
    super(list.join('; '));
    this.records = list.map((description) => ({ code: statusCode, description }));
  }
}

export const badRequest = (descriptions: string | string[]) => new GeoReportError(400, descriptions);
export const notFound = (description: string) => new GeoReportError(404, description);
