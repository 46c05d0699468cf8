/**
 * One page of a moderator's list, only the requests with a flag when one is asked for (issue 41).
 * The store filters by the flags it keeps; likely duplicates are found per request
 * (duplicates.ts), so that filter reads the list in batches and keeps those that have some.
 */
import type { LikelyDuplicate, ModerationFlag } from '../../shared/moderation/wire';
import type { ModerationListQuery, ServiceRequestRecord, ServiceRequestRepository } from '../storage/repositories/types';
import { likelyDuplicatesOf } from './duplicates';

export interface ListPageQuery extends Omit<ModerationListQuery, 'flag'> {
  flag?: ModerationFlag;
}

export interface ListPage {
  records: ServiceRequestRecord[];
  /** Where the next page starts after; undefined at the end of the list. */
  last: ServiceRequestRecord | undefined;
}

/** Requests read per batch while looking for likely duplicates. */
const scanBatch = 100;
/** Requests read for one page at most: a page may come back short, its cursor goes on from there. */
const scanLimit = 1_000;

export async function listPage(serviceRequests: ServiceRequestRepository, query: ListPageQuery): Promise<ListPage> {
  const { flag, ...rest } = query;
  if (flag !== 'possible_duplicate') {
    const records = await serviceRequests.listByModeration({ ...rest, flag });
    return { records, last: records.length === query.limit ? records.at(-1) : undefined };
  }
  // Rejected requests are never given likely duplicates (routes/requests.ts).
  if (query.moderation === 'rejected') return { records: [], last: undefined };
  return scanForDuplicates(serviceRequests, rest, (record) => likelyDuplicatesOf(serviceRequests, record, query.bodyIds));
}

async function scanForDuplicates(
  serviceRequests: ServiceRequestRepository,
  query: ModerationListQuery,
  duplicatesOf: (record: ServiceRequestRecord) => Promise<LikelyDuplicate[]>,
): Promise<ListPage> {
  const records: ServiceRequestRecord[] = [];
  let after = query.after;
  let last: ServiceRequestRecord | undefined;
  for (let scanned = 0; scanned < scanLimit; ) {
    const batch = await serviceRequests.listByModeration({ ...query, limit: scanBatch, after });
    for (const record of batch) {
      scanned += 1;
      last = record;
      if ((await duplicatesOf(record)).length > 0) records.push(record);
      if (records.length === query.limit) return { records, last };
    }
    if (batch.length < scanBatch) return { records, last: undefined };
    after = { requested_at: last!.requested_at, service_request_id: last!.service_request_id };
  }
  return { records, last };
}
