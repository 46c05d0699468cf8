import { paths } from '@/shared/paths';
import { ApiError, api, isApiError } from '../../../lib/http-client';
import { loadReportChecks } from '../validation/load-report-checks';
import type { CreatedReport } from './response-schemas';

/** How many times "still being processed" (409) is waited out before giving up for now. */
const stillRunningTries = 5;

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * Asks the proxy whether the report sent with this key arrived: its first answer when it did,
 * undefined when nothing arrived. While the first send is still being processed, waits as the
 * answer's Retry-After says and asks again. Other failures (no connection) throw.
 */
export async function findSubmission(idempotencyKey: string): Promise<CreatedReport | undefined> {
  const url = `${paths.proxyGeoreport}/submissions/${encodeURIComponent(idempotencyKey)}`;
  for (let tried = 1; ; tried += 1) {
    try {
      const [body, { createdSchema }] = await Promise.all([api.get(url), loadReportChecks()]);
      const parsed = createdSchema.safeParse(body);
      if (!parsed.success) throw new ApiError({ kind: 'invalid-response', status: 200, url, message: 'The stored answer has no service_request_id' });
      return parsed.data[0]!;
    } catch (error) {
      if (isApiError(error) && error.status === 404) return undefined;
      if (!isApiError(error) || error.status !== 409 || tried >= stillRunningTries) throw error;
      await wait(error.retryAfterSeconds ?? 2);
    }
  }
}
