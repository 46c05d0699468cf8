import { paths } from '@/shared/paths';
import { ApiError, api, isApiError } from '../../../lib/http-client';
import { loadReportChecks } from '../validation/load-report-checks';
import type { SubmissionIds } from '../draft/draft-fields-store';
import type { CreatedReport } from './response-schemas';

/** How many times "still being processed" (409) is waited out before giving up for now. */
const stillRunningTries = 5;

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** The lookup token's header (the server's proxy/submission-scope.ts), on a report and on its lookup; none without a token. */
export const lookupTokenHeader = (token: string | undefined): Record<string, string> =>
  token === undefined ? {} : { 'Submission-Lookup-Token': token };

/**
 * Asks the proxy whether the report sent with this key (and this browser's lookup token) arrived:
 * its first answer when it did, undefined when nothing arrived. While the first send is still
 * being processed, waits as the answer's Retry-After says and asks again. Other failures (no
 * connection) throw. A report kept from before the tokens is found by no lookup: undefined, so it
 * is sent again with its key, which gives its first answer.
 */
export async function findSubmission({ idempotencyKey, lookupToken }: SubmissionIds): Promise<CreatedReport | undefined> {
  if (lookupToken === undefined) return undefined;
  const url = `${paths.proxyGeoreport}/submissions/${encodeURIComponent(idempotencyKey)}`;
  for (let tried = 1; ; tried += 1) {
    try {
      const [body, { createdSchema }] = await Promise.all([api.get(url, { headers: lookupTokenHeader(lookupToken) }), loadReportChecks()]);
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
