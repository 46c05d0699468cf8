/**
 * GET servicerequestupdates.[format] (mySociety's extension, issue 40, item 8): every public change
 * of the requests the public may read within [start_date, end_date], oldest first, so a system
 * that reported to Kerro (FixMyStreet, say) hears of each status change, public note and
 * published resident's update. The window: both ends included; absent, the last two hours (what
 * FixMyStreet asks for when it names none); start_date alone, up to now; end_date alone, the
 * two hours before it; at most 90 days. At most 1000 changes an answer: a window holding
 * more is refused with a 400 asking for a shorter one, never cut silently (the extension has no
 * paging).
 */
import { maxSpanMs } from './query-params';
import type { HistoryKind } from '../storage/repositories/types';
import { textParam, type RawQuery } from '../http/query-params';
import { badRequest } from '../open311/errors';
import { presentRequestUpdates } from '../open311/presenter';
import { parseW3cDateTime } from '../time/w3c';
import type { JurisdictionScope } from './jurisdiction';
import { extensionStatusOf } from '../../shared/georeport/extension-status';
import type { GeoReportContext } from './service-context';

export const defaultWindowMs = 2 * 3_600_000;
export const maxUpdatesPerAnswer = 1000;

/** Every public change but `published`: a report becoming visible changes nothing about the problem. */
const listedKinds: readonly HistoryKind[] = ['status', 'note', 'forwarded', 'resident_update', 'reopened', 'confirmed_fixed'];

export interface UpdatesWindow {
  from: number;
  to: number;
}

function dateParam(query: RawQuery, name: string, problems: string[]): number | undefined {
  const text = textParam(query, name);
  if (text === undefined) return undefined;
  const value = parseW3cDateTime(text);
  if (value === undefined) problems.push(`${name} must be a W3C datetime with a zone, such as 2026-11-01T00:00:00Z or 2026-11-01T02:00:00+02:00`);
  return value;
}

/** The window a query asks for, its problems collected for the route schema to report. */
export function parseUpdatesWindow(query: RawQuery, now: number, problems: string[]): UpdatesWindow {
  const start = dateParam(query, 'start_date', problems);
  const end = dateParam(query, 'end_date', problems);
  const to = end ?? (start !== undefined ? Math.max(now, start) : now);
  const from = start ?? to - defaultWindowMs;
  if (to < from) problems.push('end_date must not be before start_date');
  else if (to - from > maxSpanMs) problems.push(`start_date to end_date may span at most 90 days${end === undefined ? ' (end_date is now when not given)' : ''}`);
  return { from, to };
}

export async function listRequestUpdates(context: GeoReportContext, window: UpdatesWindow, scope: JurisdictionScope, baseUrl: string) {
  const changes = await context.repositories.requestHistory.listPublicChanges({
    ...window,
    kinds: listedKinds,
    ...(scope.body ? { bodyId: scope.body.id } : {}),
    // One more than an answer holds tells a full window from an overfull one.
    limit: maxUpdatesPerAnswer + 1,
  });
  if (changes.length > maxUpdatesPerAnswer) {
    throw badRequest(`start_date to end_date holds more than ${maxUpdatesPerAnswer} updates; ask for a shorter window`);
  }
  return presentRequestUpdates(
    changes.map((change) => ({ change, status: extensionStatusOf(change) })),
    context.config.TZ_NAME,
    baseUrl,
  );
}
