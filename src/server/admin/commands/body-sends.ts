/** `bodies sends` and `bodies retry`: reports on their way to bodies' case systems (issue 27), never a key, contact or text. */
import type { ForwardEntry, ForwardStore } from '../../storage/repositories/types';
import { age, oneLine, printTable, type CommandIo } from '../io';

/** Rows per state shown; the summary line counts them all. */
const SHOWN = 100;

export async function listSends(io: CommandIo, forwards: ForwardStore, now: number, failedOnly: boolean): Promise<number> {
  const summary = await forwards.summary();
  const oldest = summary.oldestPendingAt === null ? '' : `, the oldest queued ${age(now - summary.oldestPendingAt)} ago`;
  io.out(`${summary.pending} pending${oldest}; ${summary.failed} given up.`);
  const failed = await forwards.list({ limit: SHOWN, failedOnly: true });
  const pending = failedOnly ? [] : await forwards.list({ limit: SHOWN, pendingOnly: true });
  const entries = [...failed, ...pending];
  if (entries.length === 0) return 0;
  printTable(io, [['request', 'body', 'method', 'state', 'attempts', 'next attempt', 'last error'], ...entries.map((entry) => row(entry, now))]);
  if (failed.length === SHOWN || pending.length === SHOWN) io.out(`(the oldest ${SHOWN} of each state)`);
  return 0;
}

function row(entry: ForwardEntry, now: number): string[] {
  const failed = entry.failed_at !== null;
  const nextAttempt = failed ? '' : entry.next_attempt_at <= now ? 'now' : `in ${age(entry.next_attempt_at - now)}`;
  return [entry.service_request_id, entry.body_id, entry.method, failed ? 'given up' : 'pending', String(entry.attempts), nextAttempt, oneLine(entry.last_error)];
}

/** Puts given-up sends (one request's, or every one) back in the queue, due now with fresh attempts. */
export async function retrySends(io: CommandIo, forwards: ForwardStore, now: number, requestId: string | undefined): Promise<number> {
  const queued = await forwards.retryFailed(now, requestId);
  if (queued === 0) {
    io.err(requestId === undefined ? 'No given-up sends.' : `No given-up send of request ${requestId} (see npm run admin -- bodies sends --failed).`);
    return 1;
  }
  io.out(`Queued ${queued === 1 ? '1 given-up send' : `${queued} given-up sends`} again; the running server sends it within its next poll.`);
  return 0;
}
