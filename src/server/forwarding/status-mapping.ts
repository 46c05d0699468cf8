/**
 * A case system's request, as its GeoReport answer gives it, becomes Kerro's detailed status and
 * notes (the spec's States table). Pure. Kerro's list is always [base value, PUBLIC_WORKS_* value]:
 * the base value (RECEIVED, IN_PROCESS, PROCESSED, ARCHIVED, REJECTED) first, so
 * statusOfDetailedStatus reads open/closed from it, and the public-works value after it, as the
 * seed says one is appended once a request is forwarded.
 *
 * Decisions, where the table leaves it open:
 * - Values the case system gives win: its base value and its PUBLIC_WORKS_* value are kept as they
 *   are; other words (another system's own statuses) are dropped.
 * - A missing public-works value is derived from the base value (RECEIVED→NEW,
 *   IN_PROCESS→IN_PROGRESS, PROCESSED/ARCHIVED→COMPLETED, REJECTED→INTERRUPTED), or from a bare
 *   `closed` (COMPLETED).
 * - A missing base value is derived from the public-works value (NEW→RECEIVED,
 *   IN_PROGRESS→IN_PROCESS, COMPLETED*→PROCESSED, INTERRUPTED→REJECTED: closed, nothing done);
 *   when that disagrees with the case system's own open/closed, its open/closed wins (IN_PROCESS
 *   or PROCESSED), so Kerro's status is always the case system's.
 * - A bare `open` (no detailed status: a plain GeoReport v2 case system) keeps Kerro's list while
 *   Kerro's request is open too; a closed one reopens as IN_PROCESS + PUBLIC_WORKS_IN_PROGRESS.
 * - Notes: the case system's text when it sends one ("" clears them); absent or null keeps Kerro's
 *   (a system that never writes notes does not erase a moderator's). Control characters are
 *   dropped and the text cut at the moderators' limit.
 */
import {
  isBaseDetailedStatus,
  isPublicWorksStatus,
  parseDetailedStatus,
  statusOfDetailedStatus,
  type BaseDetailedStatus,
  type PublicWorksStatus,
  type RequestStatus,
} from '../../shared/georeport/detailed-status';
import { statusNotesMaxLength } from '../../shared/moderation/input-rules';

/** What the poller reads of one request in a case system's answer. */
export interface CaseSystemRequest {
  service_request_id: string;
  status: RequestStatus;
  /** CitySDK's extended_attributes.detailed_status, comma separated; absent from a plain GeoReport v2 system. */
  detailed_status?: string;
  status_notes?: string | null;
  /** epoch ms */
  updated_at: number;
}

export interface KerroStatus {
  detailed_status: string[];
  status_notes: string;
}

const publicWorksOfBase: Record<BaseDetailedStatus, PublicWorksStatus> = {
  RECEIVED: 'PUBLIC_WORKS_NEW',
  IN_PROCESS: 'PUBLIC_WORKS_IN_PROGRESS',
  PROCESSED: 'PUBLIC_WORKS_COMPLETED',
  ARCHIVED: 'PUBLIC_WORKS_COMPLETED',
  REJECTED: 'PUBLIC_WORKS_INTERRUPTED',
};

const baseOfPublicWorks: Record<PublicWorksStatus, BaseDetailedStatus> = {
  PUBLIC_WORKS_NEW: 'RECEIVED',
  PUBLIC_WORKS_IN_PROGRESS: 'IN_PROCESS',
  PUBLIC_WORKS_COMPLETED: 'PROCESSED',
  PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER: 'PROCESSED',
  PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION: 'PROCESSED',
  PUBLIC_WORKS_INTERRUPTED: 'REJECTED',
};

/** Kerro's status and notes after the case system's request; `current` is Kerro's now. */
export function mapCaseSystemStatus(remote: CaseSystemRequest, current: KerroStatus): KerroStatus {
  return { detailed_status: detailedStatusOf(remote, current.detailed_status), status_notes: notesOf(remote.status_notes, current.status_notes) };
}

function detailedStatusOf(remote: CaseSystemRequest, current: readonly string[]): string[] {
  const values = parseDetailedStatus(remote.detailed_status ?? '').map((value) => value.toUpperCase());
  const givenBase = values.find(isBaseDetailedStatus);
  const givenPublicWorks = values.find(isPublicWorksStatus);
  if (!givenBase && !givenPublicWorks) return fromOpenClosed(remote.status, current);
  const publicWorks = givenPublicWorks ?? publicWorksOfBase[givenBase!];
  let base = givenBase ?? baseOfPublicWorks[publicWorks];
  if (!givenBase && statusOfDetailedStatus([base]) !== remote.status) base = remote.status === 'open' ? 'IN_PROCESS' : 'PROCESSED';
  return [base, publicWorks];
}

function fromOpenClosed(status: RequestStatus, current: readonly string[]): string[] {
  if (status === 'closed') return ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'];
  if (statusOfDetailedStatus(current) === 'closed') return ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'];
  const base = current.find(isBaseDetailedStatus) ?? 'RECEIVED';
  return [base, current.find(isPublicWorksStatus) ?? publicWorksOfBase[base]];
}

// Control characters other than tab and newline.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

function notesOf(remote: string | null | undefined, current: string): string {
  if (remote === undefined || remote === null) return current;
  return remote.replace(controlCharacters, '').slice(0, statusNotesMaxLength);
}
