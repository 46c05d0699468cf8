/**
 * A mySociety servicerequestupdates update, as the case-system poller reads it, becomes the same
 * CaseSystemRequest a CitySDK listing gives (then status-mapping.ts makes it Kerro's detailed
 * status and notes). Pure. The reverse of georeport/request-update-status.ts's table, each
 * extension word to the detailed status Kerro itself would send it for:
 *
 * | extension                                    | Kerro                                        |
 * | -------------------------------------------- | -------------------------------------------- |
 * | open, for_triage                             | RECEIVED, PUBLIC_WORKS_NEW                   |
 * | in_progress, investigating, reopen           | IN_PROCESS, PUBLIC_WORKS_IN_PROGRESS         |
 * | action_scheduled, planned                    | PROCESSED, PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER |
 * | fixed                                        | PROCESSED, PUBLIC_WORKS_COMPLETED            |
 * | no_further_action                            | PROCESSED, PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION |
 * | closed, cancelled, duplicate, not_councils_responsibility | REJECTED, PUBLIC_WORKS_INTERRUPTED (closed, not said to be fixed) |
 * | unchanged, internal_referral, any other word | Kerro's status as it is (the text alone)     |
 *
 * `external_status_code` wins when it holds Kerro's own detailed values (a Kerro is the case
 * system: it writes them there) and agrees with the word on open/closed, so REJECTED comes back
 * as REJECTED rather than as "no further action". The update's text becomes the request's public
 * note; an update without text keeps Kerro's.
 */
import {
  formatDetailedStatus,
  isBaseDetailedStatus,
  isPublicWorksStatus,
  parseDetailedStatus,
  statusOfDetailedStatus,
} from '../../shared/georeport/detailed-status';
import type { CaseSystemUpdate } from './case-system-update-reads';
import type { CaseSystemRequest } from './status-mapping';

const kerroOf: Readonly<Record<string, readonly [string, string]>> = {
  open: ['RECEIVED', 'PUBLIC_WORKS_NEW'],
  for_triage: ['RECEIVED', 'PUBLIC_WORKS_NEW'],
  in_progress: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'],
  investigating: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'],
  reopen: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'],
  action_scheduled: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER'],
  planned: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER'],
  fixed: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'],
  no_further_action: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION'],
  closed: ['REJECTED', 'PUBLIC_WORKS_INTERRUPTED'],
  cancelled: ['REJECTED', 'PUBLIC_WORKS_INTERRUPTED'],
  duplicate: ['REJECTED', 'PUBLIC_WORKS_INTERRUPTED'],
  not_councils_responsibility: ['REJECTED', 'PUBLIC_WORKS_INTERRUPTED'],
};

/** The update as a case system's request; `current` is the Kerro request's detailed status now. */
export function requestOfUpdate(update: CaseSystemUpdate, current: readonly string[]): CaseSystemRequest {
  const detailed = detailedStatusOf(update, current);
  return {
    service_request_id: update.service_request_id,
    status: statusOfDetailedStatus(detailed),
    detailed_status: formatDetailedStatus(detailed),
    status_notes: update.description === '' ? undefined : update.description,
    updated_at: update.updated_at,
  };
}

function detailedStatusOf(update: CaseSystemUpdate, current: readonly string[]): readonly string[] {
  const mapped = Object.hasOwn(kerroOf, update.status) ? kerroOf[update.status]! : undefined;
  if (!mapped) return current;
  const own = parseDetailedStatus(update.external_status_code ?? '').map((value) => value.toUpperCase());
  const isKerros = own.length > 0 && own.every((value) => isBaseDetailedStatus(value) || isPublicWorksStatus(value)) && own.some(isBaseDetailedStatus);
  return isKerros && statusOfDetailedStatus(own) === statusOfDetailedStatus(mapped) ? own : mapped;
}
