/**
 * Kerro's statuses in the words of mySociety's servicerequestupdates extension (issue 40, item 8),
 * both ways. Pure.
 *
 * Out (GET servicerequestupdates): a public change's `status`, from its kind, then the request's
 * detailed status after it (its PUBLIC_WORKS_* value when it has one, else its base value):
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
 * In (POST servicerequestupdates): the status a client sends with a resident's update is the
 * problem's state after it (FixMyStreet sends it with every update). Kerro takes from it only what
 * its residents' updates can say, the reporter's "it is fixed" / "it is still there", and only
 * when it would change Kerro's open/closed: FIXED or CLOSED on an open request is "fixed", REOPEN
 * or OPEN on a closed one is "still there". From anyone but the reporter, and for every other
 * status, the update is a plain update (a council's statuses are Kerro's moderators' to set).
 */
import { isBaseDetailedStatus, isPublicWorksStatus, type BaseDetailedStatus, type PublicWorksStatus, type RequestStatus } from '../../shared/georeport/detailed-status';
import type { ExtensionStatus } from '../../shared/georeport/request-updates';
import type { PublicChange, ResidentUpdateState } from '../storage/repositories/types';

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

/** The extension's status of one public change (the table above). */
export function extensionStatusOf(change: Pick<PublicChange, 'kind' | 'detailed_status' | 'duplicate_of'>): ExtensionStatus {
  if (change.kind === 'reopened') return 'reopen';
  if (change.kind === 'confirmed_fixed') return 'fixed';
  const detailed = change.detailed_status;
  if (change.duplicate_of !== null && detailed.includes('REJECTED')) return 'duplicate';
  const publicWorks = detailed.find(isPublicWorksStatus);
  if (publicWorks) return ofPublicWorks[publicWorks];
  return ofBase[detailed.find(isBaseDetailedStatus) ?? 'RECEIVED'];
}

const closing: ReadonlySet<ExtensionStatus> = new Set(['fixed', 'closed']);
const opening: ReadonlySet<ExtensionStatus> = new Set(['reopen', 'open']);

/** The reporter's word a posted status carries, if any, for a request whose status is `current` (see above). */
export function residentStateOf(status: ExtensionStatus, current: RequestStatus): ResidentUpdateState | undefined {
  if (closing.has(status) && current === 'open') return 'fixed';
  if (opening.has(status) && current === 'closed') return 'still_there';
  return undefined;
}

