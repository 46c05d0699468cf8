/**
 * The reading side of a GeoReport v2 client of a body's case system (the POST side is
 * open311-client.ts): the requests changed in a window (CitySDK `updated_after`/`updated_before`)
 * and requests by id, both with `extensions=true` for the detailed status. Every answer is checked
 * before anything is read from it: HTML, a wrong shape, an error status or no answer in time is a
 * CaseSystemError, and the caller applies nothing. mySociety's servicerequestupdates is read by
 * case-system-update-reads.ts on the same getJson.
 */
import { z } from 'zod';
import { parseW3cDateTime } from '../time/w3c';
import type { CaseSystemRequest } from './status-mapping';

/** Where a body's case system answers: its GeoReport v2 root (send.endpoint) and jurisdiction, and Kerro's key there. */
export interface CaseSystemSite {
  endpoint: string;
  jurisdiction_id?: string;
  /**
   * Sent as `api_key` on each GET, as GeoReport clients send it: a case system may show its
   * caller what that caller created before it publishes it (Kerro does, issue 40, item 6), and
   * servicerequestupdates needs it. Never logged.
   */
  api_key?: string;
  /** How its changes are read: CitySDK's `updated_after` listing (the default), or mySociety's servicerequestupdates. */
  updates?: 'citysdk' | 'mysociety';
}

/** The case system answered nothing usable; the message says what, never a key or a query string. */
export class CaseSystemError extends Error {}

const requestSchema = z.object({
  // Some systems write ids as numbers.
  service_request_id: z.union([z.string().min(1), z.number()]).transform(String),
  status: z
    .string()
    .transform((status) => status.toLowerCase())
    .pipe(z.enum(['open', 'closed'])),
  status_notes: z.string().nullish(),
  updated_datetime: z.string().transform((text, context) => {
    const epochMs = parseW3cDateTime(text);
    if (epochMs === undefined) context.addIssue({ code: 'custom', message: 'updated_datetime must be a W3C datetime with a zone' });
    return epochMs ?? 0;
  }),
  extended_attributes: z
    .object({ detailed_status: z.union([z.string(), z.array(z.string()).transform((values) => values.join(','))]).nullish() })
    .nullish(),
});
const answerSchema = z.array(requestSchema);

/** W3C datetime to the second, in UTC: what every GeoReport server reads. */
export const w3cSeconds = (epochMs: number) => new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Requests changed from `from` to `to` (both inclusive, as CitySDK reads them). */
export function listUpdated(site: CaseSystemSite, window: { from: number; to: number }, timeoutMs: number): Promise<CaseSystemRequest[]> {
  return getRequests(site, { updated_after: w3cSeconds(window.from), updated_before: w3cSeconds(window.to) }, timeoutMs);
}

/** Requests by the case system's ids (those it does not show are absent). */
export function listByIds(site: CaseSystemSite, ids: readonly string[], timeoutMs: number): Promise<CaseSystemRequest[]> {
  return getRequests(site, { service_request_id: ids.join(',') }, timeoutMs);
}

async function getRequests(site: CaseSystemSite, query: Record<string, string>, timeoutMs: number): Promise<CaseSystemRequest[]> {
  const parsed = await getJson(site, 'requests.json', { ...query, extensions: 'true' }, answerSchema, timeoutMs);
  return parsed.map((request) => ({
    service_request_id: request.service_request_id,
    status: request.status,
    status_notes: request.status_notes,
    updated_at: request.updated_datetime,
    detailed_status: request.extended_attributes?.detailed_status ?? undefined,
  }));
}

/** GET `{endpoint}/{resource}?query` (and the site's jurisdiction), checked by `schema`; anything else is a CaseSystemError naming the resource. */
export async function getJson<Schema extends z.ZodType>(
  site: CaseSystemSite,
  resource: string,
  query: Record<string, string>,
  schema: Schema,
  timeoutMs: number,
): Promise<z.output<Schema>> {
  const url = new URL(`${site.endpoint.replace(/\/+$/, '')}/${resource}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (site.jurisdiction_id) url.searchParams.set('jurisdiction_id', site.jurisdiction_id);
  if (site.api_key) url.searchParams.set('api_key', site.api_key);
  const text = await fetchText(url, resource, timeoutMs);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CaseSystemError(`GET ${resource} answered something other than JSON (${describeStart(text)})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CaseSystemError(`GET ${resource} answered an unexpected shape: ${issue.path.join('.') || 'the answer'}: ${issue.message}`);
  }
  return parsed.data;
}

async function fetchText(url: URL, resource: string, timeoutMs: number): Promise<string> {
  try {
    // A redirect is an answer, not followed: a case system's 302 to an address of its choosing (our own /metrics) must not make us fetch it.
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    const text = await response.text();
    if (!response.ok) throw new CaseSystemError(`GET ${resource} answered ${response.status} (${describeStart(text)})`);
    return text;
  } catch (error) {
    if (error instanceof CaseSystemError) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new CaseSystemError(`GET ${resource} gave no answer within ${timeoutMs} ms`);
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new CaseSystemError(`GET ${resource} failed: ${cause}`);
  }
}

/** The answer's first characters, to tell an HTML page from an error record; one line, short. */
const describeStart = (text: string) => JSON.stringify(text.slice(0, 80).replace(/\s+/g, ' ').trim());
