/** `bodies sends` and `bodies retry`: reports on their way to bodies' case systems (issue 27), never a key, contact or text. */
import type { ForwardEntry, ForwardStore } from '../../storage/repositories/types';
import { formatW3cDateTime } from '../../time/w3c';
import { age, oneLine, printTable, type CommandIo } from '../io';

/** Rows per state shown; the summary line counts them all. */
const SHOWN = 100;

/** Where the operator reads the time: the server's zone (TZ_NAME). */
interface Clock {
  now: number;
  timeZone: string;
}

export async function listSends(io: CommandIo, forwards: ForwardStore, clock: Clock, failedOnly: boolean): Promise<number> {
  const { now } = clock;
  const summary = await forwards.summary();
  const oldest = summary.oldestPendingAt === null ? '' : `, the oldest queued ${age(now - summary.oldestPendingAt)} ago`;
  io.out(`${summary.pending} pending${oldest}; ${summary.failed} given up.`);
  const failed = await forwards.list({ limit: SHOWN, failedOnly: true });
  const pending = failedOnly ? [] : await forwards.list({ limit: SHOWN, pendingOnly: true });
  const entries = [...failed, ...pending];
  if (entries.length > 0) {
    printTable(io, [['request', 'body', 'method', 'state', 'attempts', 'next attempt', 'last error'], ...entries.map((entry) => row(entry, clock))]);
    if (failed.length === SHOWN || pending.length === SHOWN) io.out(`(the oldest ${SHOWN} of each state)`);
  }
  if (!failedOnly) await listPollLeases(io, forwards, clock);
  return 0;
}

/** A body's poll held by an instance (polling it now, or dead until the lease ends) holds back its status updates. */
async function listPollLeases(io: CommandIo, forwards: ForwardStore, clock: Clock): Promise<void> {
  for (const poll of await forwards.listPolls()) {
    if (poll.locked_until !== null && poll.locked_until > clock.now) {
      io.out(`Status back from body ${poll.body_id}: its poll is leased until ${clockTime(poll.locked_until, clock)} (no other instance polls it before then).`);
    }
  }
}

function row(entry: ForwardEntry, clock: Clock): string[] {
  const failed = entry.failed_at !== null;
  return [entry.service_request_id, entry.body_id, entry.method, failed ? 'given up' : 'pending', String(entry.attempts), failed ? '' : nextAttempt(entry, clock), oneLine(entry.last_error)];
}

/** A send leased by an instance (sending it now, or dead) is not tried again before its lease ends, whatever next_attempt_at says. */
function nextAttempt(entry: ForwardEntry, clock: Clock): string {
  const { now } = clock;
  if (entry.locked_until !== null && entry.locked_until > now) return `leased until ${clockTime(entry.locked_until, clock)} (next attempt then)`;
  return entry.next_attempt_at <= now ? 'now' : `in ${age(entry.next_attempt_at - now)}`;
}

/** "14:32:05" in the server's zone: leases last minutes, so the time of day says it. */
const clockTime = (at: number, { timeZone }: Clock) => formatW3cDateTime(at, timeZone).slice(11, 19);

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
