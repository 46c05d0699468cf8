import type { OutboxEntry, OutboxStore } from '../../storage/repositories/types';
import { age, isHelp, oneLine, printTable, usageError as usageOf, type CommandIo } from '../io';
import type { SendPass } from './outbox-send-now';

export const outboxUsage = `Usage: npm run admin -- outbox <command>

  outbox list [--limit N]   the backlog: pending and given-up emails, oldest first, with attempts,
                            age and the last error (never addresses or texts); default 50
  outbox retry ID|--all     put a given-up email (or every one) back in the queue, due now,
                            with fresh attempts: after fixing SMTP_URL or the mail server
  outbox send-now           deliver every email due now, as a server's sender does at its next
                            poll, and say how many were sent, left for a retry or given up;
                            safe beside running servers (each message is leased to one sender)
  outbox purge ID|--all     delete a given-up email (or every one): it will never be sent`;

/** `outbox` group of the admin CLI. Exit codes: 0 done, 1 nothing matched, 2 bad usage. */
export async function outboxCommand(
  args: readonly string[],
  io: CommandIo,
  outbox: OutboxStore,
  now: number,
  sendDueNow: () => Promise<SendPass>,
): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'list': {
      const limit = rest.length === 0 ? 50 : rest.length === 2 && rest[0] === '--limit' ? wholeNumber(rest[1]) : undefined;
      return limit === undefined ? usageError(io, 'outbox list takes --limit N (a whole number from 1).') : list(io, outbox, now, limit);
    }
    case 'retry':
    case 'purge': {
      const target = rest.length === 1 ? (rest[0] === '--all' ? 'all' : wholeNumber(rest[0])) : undefined;
      if (target === undefined) return usageError(io, `outbox ${command} takes one message ID (from outbox list) or --all.`);
      const id = target === 'all' ? undefined : target;
      const changed = command === 'retry' ? await outbox.retryFailed(now, id) : await outbox.purgeFailed(id);
      const what = changed === 1 ? '1 given-up email' : `${changed} given-up emails`;
      if (changed === 0) {
        io.err(id === undefined ? 'No given-up emails.' : `No given-up email #${id} (see npm run admin -- outbox list).`);
        return 1;
      }
      io.out(command === 'retry' ? `Queued ${what} again; the running server sends it within its next poll.` : `Deleted ${what}.`);
      return 0;
    }
    case 'send-now': {
      if (rest.length > 0) return usageError(io, 'outbox send-now takes no arguments.');
      const pass = await sendDueNow();
      io.out(`Sent ${pass.sent}, left for a retry ${pass.retried}, given up ${pass.failed}.`);
      return 0;
    }
    default:
      return isHelp(command) ? usageError(io) : usageError(io, `Unknown outbox command "${command}".`);
  }
}

async function list(io: CommandIo, outbox: OutboxStore, now: number, limit: number): Promise<number> {
  const summary = await outbox.summary();
  const oldest = summary.oldestPendingAt === null ? '' : `, the oldest queued ${age(now - summary.oldestPendingAt)} ago`;
  io.out(`${summary.pending} pending${oldest}; ${summary.failed} given up.`);
  const entries = await outbox.listUnsent(limit);
  if (entries.length === 0) return 0;
  printTable(io, [['id', 'state', 'request', 'age', 'attempts', 'next try', 'last error'], ...entries.map((entry) => row(entry, now))]);
  if (entries.length === limit) io.out(`(the oldest ${limit}; more with --limit N)`);
  return 0;
}

function row(entry: OutboxEntry, now: number): string[] {
  const failed = entry.failed_at !== null;
  const nextTry = failed ? '' : entry.next_attempt_at <= now ? 'now' : `in ${age(entry.next_attempt_at - now)}`;
  // One line per message: an SMTP answer can span several.
  const error = oneLine(entry.last_error);
  return [String(entry.id), failed ? 'given up' : 'pending', entry.service_request_id ?? '', age(now - entry.created_at), String(entry.attempts), nextTry, error];
}

function wholeNumber(text: string | undefined): number | undefined {
  return text !== undefined && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
}

const usageError = (io: CommandIo, problem?: string) => usageOf(io, outboxUsage, problem);
