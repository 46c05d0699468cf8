/**
 * Reading a body's case system that speaks mySociety's servicerequestupdates (issue 40, item 8;
 * a body's `send.updates: "mysociety"`): `GET servicerequestupdates.json?start_date=&end_date=`,
 * both ends included, as open311-adapter and Kerro's own service read them. Checked before
 * anything is read from it, as the requests listing is (case-system-reads.ts). Each update becomes
 * the same CaseSystemRequest a CitySDK listing gives (requestOfUpdate), its word mapped by the one
 * table both ways (shared/georeport/extension-status.ts); then status-mapping.ts makes it Kerro's.
 */
import { z } from 'zod';
import { formatDetailedStatus, statusOfDetailedStatus } from '../../shared/georeport/detailed-status';
import { detailedStatusOfUpdate } from '../../shared/georeport/extension-status';
import { parseW3cDateTime } from '../time/w3c';
import { getJson, w3cSeconds, type CaseSystemSite } from './case-system-reads';
import type { CaseSystemRequest } from './status-mapping';

/** One update as the poller reads it. */
export interface CaseSystemUpdate {
  /** The case system's own id of the update: each is applied once. */
  update_id: string;
  service_request_id: string;
  /** The extension's status word, lower case (an unknown one keeps Kerro's status). */
  status: string;
  /** The case system's own status code; a Kerro there writes its detailed status in it. */
  external_status_code?: string;
  description: string;
  /** epoch ms */
  updated_at: number;
}

const id = z.union([z.string().min(1), z.number()]).transform(String);

const updateSchema = z.object({
  update_id: id,
  service_request_id: id,
  status: z.string().transform((status) => status.toLowerCase()),
  external_status_code: z.union([z.string(), z.number().transform(String)]).nullish(),
  description: z.string().nullish(),
  updated_datetime: z.string().transform((text, context) => {
    const epochMs = parseW3cDateTime(text);
    if (epochMs === undefined) context.addIssue({ code: 'custom', message: 'updated_datetime must be a W3C datetime with a zone' });
    return epochMs ?? 0;
  }),
});
const answerSchema = z.array(updateSchema);

/** The updates made from `from` to `to` (both inclusive), oldest first. */
export async function listRequestUpdates(site: CaseSystemSite, window: { from: number; to: number }, timeoutMs: number): Promise<CaseSystemUpdate[]> {
  // getJson adds the site's api_key, which servicerequestupdates needs.
  const query = { start_date: w3cSeconds(window.from), end_date: w3cSeconds(window.to) };
  const answer = await getJson(site, 'servicerequestupdates.json', query, answerSchema, timeoutMs);
  return answer
    .map((update) => ({
      update_id: update.update_id,
      service_request_id: update.service_request_id,
      status: update.status,
      ...(update.external_status_code ? { external_status_code: update.external_status_code } : {}),
      description: update.description ?? '',
      updated_at: update.updated_datetime,
    }))
    .sort((a, b) => a.updated_at - b.updated_at);
}

/**
 * The update as a case system's request; `current` is the Kerro request's detailed status now.
 * Its text becomes the request's public note; an update without text keeps Kerro's.
 */
export function requestOfUpdate(update: CaseSystemUpdate, current: readonly string[]): CaseSystemRequest {
  const detailed = detailedStatusOfUpdate(update, current);
  return {
    service_request_id: update.service_request_id,
    status: statusOfDetailedStatus(detailed),
    detailed_status: formatDetailedStatus(detailed),
    status_notes: update.description === '' ? undefined : update.description,
    updated_at: update.updated_at,
  };
}
