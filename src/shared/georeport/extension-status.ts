/**
 * Kerro's statuses in the words of mySociety's servicerequestupdates extension (issue 40, item 8):
 * the one table, both ways, for Kerro as the extension's server (georeport/: the GET listing, a
 * POST's status) and as its client (forwarding/: a case system's updates read back, Kerro's own
 * posted there). Pure.
 *
 * Out (what Kerro says): a change's `status`, from its kind, then the request's detailed status
 * after it (its PUBLIC_WORKS_* value when it has one, else its base value):
 *
 * | Kerro                                         | extension                     | why                                         |
 * | --------------------------------------------- | ----------------------------- | ------------------------------------------- |
 * | kind `reopened` (the reporter: not fixed)     | reopen                        | the extension's word for it                 |
 * | kind `confirmed_fixed` (the reporter: fixed)  | fixed                         |                                             |
 * | REJECTED on a duplicate (duplicate_of set)    | duplicate                     |                                             |
 * | PUBLIC_WORKS_NEW                              | open                          | with the case system, nothing done yet      |
 * | PUBLIC_WORKS_IN_PROGRESS                      | in_progress                   |                                             |
 * | PUBLIC_WORKS_COMPLETED                        | fixed                         |                                             |
 * | PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER        | action_scheduled              | handled, the work itself comes later        |
 * | PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION     | no_further_action             |                                             |
 * | PUBLIC_WORKS_INTERRUPTED                      | closed                        | stopped: closed, not said to be fixed       |
 * | RECEIVED                                      | open                          |                                             |
 * | IN_PROCESS                                    | in_progress                   |                                             |
 * | PROCESSED                                     | fixed                         | CitySDK's "done"                            |
 * | ARCHIVED                                      | closed                        | closed, not said to be fixed                |
 * | REJECTED (not a duplicate)                    | no_further_action             | the body will not act; it does not say why  |
 *
 * Kerro has no state that is `investigating`, `not_councils_responsibility` or
 * `internal_referral` (a moderator handing a report to another body is not a public change), so
 * those are never sent. `external_status_code` carries Kerro's own detailed status besides.
 *
 * In, from a case system's update (Kerro its client), each word to the detailed status Kerro
 * itself would send it for:
 *
 * | extension                                    | Kerro                                        |
 * | -------------------------------------------- | -------------------------------------------- |
 * | open, for_triage                             | RECEIVED, PUBLIC_WORKS_NEW                   |
 * | in_progress, investigating, reopen           | IN_PROCESS, PUBLIC_WORKS_IN_PROGRESS         |
 * | action_scheduled, planned                    | IN_PROCESS, PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER |
 * | fixed                                        | PROCESSED, PUBLIC_WORKS_COMPLETED            |
 * | no_further_action                            | PROCESSED, PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION |
 * | closed, cancelled, duplicate, not_councils_responsibility | REJECTED, PUBLIC_WORKS_INTERRUPTED (closed, not said to be fixed) |
 * | unchanged, internal_referral, any other word | Kerro's status as it is (the text alone)     |
 *
 * action_scheduled (and `planned`, FixMyStreet's older name for it) is an open state in
 * FixMyStreet and open311-adapter: the work is booked, not done. So Kerro keeps the request open
 * (IN_PROCESS) with CitySDK's "scheduled later" detail, as status-mapping.ts lets a case system's
 * open/closed win over its public-works value; closing it would tell the reporter "closed" and
 * ask "was it fixed?" before the work was even done.
 *
 * `external_status_code` wins when it holds Kerro's own detailed values (a Kerro is the case
 * system: it writes them there) and agrees with the word on open/closed, so REJECTED comes back
 * as REJECTED rather than as "no further action".
 *
 * In, with a resident's update POSTed to Kerro (Kerro the server): the status is the problem's
 * state after it (FixMyStreet sends it with every update). Kerro takes from it only what its
 * residents' updates can say, the reporter's "it is fixed" / "it is still there", and only when
 * it would change Kerro's open/closed: FIXED or CLOSED on an open request is "fixed", REOPEN or
 * OPEN on a closed one is "still there". From anyone but the reporter, and for every other
 * status, the update is a plain update (a council's statuses are Kerro's moderators' to set).
 */
import {
  isBaseDetailedStatus,
  isPublicWorksStatus,
  parseDetailedStatus,
  statusOfDetailedStatus,
  type BaseDetailedStatus,
  type PublicWorksStatus,
  type RequestStatus,
} from './detailed-status';
import type { ExtensionStatus } from './request-updates';

const ofPublicWorks: Record<PublicWorksStatus, ExtensionStatus> = {
  PUBLIC_WORKS_NEW: 'open',
  PUBLIC_WORKS_IN_PROGRESS: 'in_progress',
  PUBLIC_WORKS_COMPLETED: 'fixed',
  PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER: 'action_scheduled',
  PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION: 'no_further_action',
  PUBLIC_WORKS_INTERRUPTED: 'closed',
};

const ofBase: Record<BaseDetailedStatus, ExtensionStatus> = {
  RECEIVED: 'open',
  IN_PROCESS: 'in_progress',
  PROCESSED: 'fixed',
  ARCHIVED: 'closed',
  REJECTED: 'no_further_action',
};

const kerroOf: Partial<Record<ExtensionStatus, readonly [BaseDetailedStatus, PublicWorksStatus]>> = {
  open: ['RECEIVED', 'PUBLIC_WORKS_NEW'],
  for_triage: ['RECEIVED', 'PUBLIC_WORKS_NEW'],
  in_progress: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'],
  investigating: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'],
  reopen: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'],
  action_scheduled: ['IN_PROCESS', 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER'],
  planned: ['IN_PROCESS', 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER'],
  fixed: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'],
  no_further_action: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION'],
  closed: ['REJECTED', 'PUBLIC_WORKS_INTERRUPTED'],
  cancelled: ['REJECTED', 'PUBLIC_WORKS_INTERRUPTED'],
  duplicate: ['REJECTED', 'PUBLIC_WORKS_INTERRUPTED'],
  not_councils_responsibility: ['REJECTED', 'PUBLIC_WORKS_INTERRUPTED'],
};

/** What a change is, as the out table reads it (a public history entry, or what Kerro posts now). */
export interface ExtensionChange {
  kind: string;
  detailed_status: readonly string[];
  duplicate_of: string | null;
}

/** The extension's status of one change (the out table). */
export function extensionStatusOf(change: ExtensionChange): ExtensionStatus {
  if (change.kind === 'reopened') return 'reopen';
  if (change.kind === 'confirmed_fixed') return 'fixed';
  const detailed = change.detailed_status;
  if (change.duplicate_of !== null && detailed.includes('REJECTED')) return 'duplicate';
  const publicWorks = detailed.find(isPublicWorksStatus);
  if (publicWorks) return ofPublicWorks[publicWorks];
  return ofBase[detailed.find(isBaseDetailedStatus) ?? 'RECEIVED'];
}

/**
 * Kerro's detailed status after a case system's update (the in table), given the request's
 * `current` one: a word Kerro has no status for keeps it.
 */
export function detailedStatusOfUpdate(update: { status: string; external_status_code?: string | undefined }, current: readonly string[]): readonly string[] {
  const mapped = Object.hasOwn(kerroOf, update.status) ? kerroOf[update.status as ExtensionStatus] : undefined;
  if (!mapped) return current;
  const own = parseDetailedStatus(update.external_status_code ?? '').map((value) => value.toUpperCase());
  const isKerros = own.length > 0 && own.every((value) => isBaseDetailedStatus(value) || isPublicWorksStatus(value)) && own.some(isBaseDetailedStatus);
  return isKerros && statusOfDetailedStatus(own) === statusOfDetailedStatus(mapped) ? own : mapped;
}

const closing: ReadonlySet<ExtensionStatus> = new Set(['fixed', 'closed']);
const opening: ReadonlySet<ExtensionStatus> = new Set(['reopen', 'open']);

/** The reporter's word a POSTed status carries, if any, for a request whose status is `current`. */
export function residentStateOf(status: ExtensionStatus, current: RequestStatus): 'fixed' | 'still_there' | undefined {
  if (closing.has(status) && current === 'open') return 'fixed';
  if (opening.has(status) && current === 'closed') return 'still_there';
  return undefined;
}
