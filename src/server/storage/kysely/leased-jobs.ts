/**
 * What the leased job queues share, written once: the email outbox (outbox.ts), the forwards to
 * case systems (forwards.ts) and the updates owed to them (case-system-updates.ts). A job is unsent until `sent_at`; a sender leases a due
 * one (`locked_until`); a job that gave up has `failed_at` until an operator retries it.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from './engine';
import type { Tables } from './tables';

type JobTable = 'outbox' | 'forwards' | 'case_system_update_posts';

/** The column naming one job: an email's id, a forward's request (one forward per request). */
const jobKey = { outbox: 'id', forwards: 'service_request_id', case_system_update_posts: 'id' } as const;

/** The jobs not sent yet, failed ones included. */
export function unsentJobs<T extends JobTable>(db: Db, table: T): SelectQueryBuilder<Tables, T, object>;
export function unsentJobs(db: Db, table: JobTable) {
  return db.selectFrom(table).where('sent_at', 'is', null);
}

/** The unsent jobs a sender may take now: not given up, their time come, no lease running. */
export function dueJobs<T extends JobTable>(db: Db, table: T, now: number): SelectQueryBuilder<Tables, T, object>;
export function dueJobs(db: Db, table: JobTable, now: number) {
  return unsentJobs(db, table)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]));
}

/** Pending and given-up jobs, and when the oldest pending one was queued: what the health and metrics routes report. */
export async function jobQueueSummary(db: Db, table: JobTable): Promise<{ pending: number; failed: number; oldestPendingAt: number | null }> {
  const row = await unsentJobs(db, table)
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('failed_at', 'is', null).as('pending'),
      eb.fn.countAll<number>().filterWhere('failed_at', 'is not', null).as('failed'),
      eb.fn.min('created_at').filterWhere('failed_at', 'is', null).as('oldestPendingAt'),
    ])
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), failed: Number(row.failed), oldestPendingAt: row.oldestPendingAt ?? null };
}

/**
 * Gives given-up jobs back to the senders, their attempts counted anew: all of them, or the one
 * `key` names. Whatever else a job keeps (a forward's `uncertain`) stays. Answers how many.
 */
export async function retryFailedJobs(db: Db, table: 'outbox', now: number, key?: number): Promise<number>;
export async function retryFailedJobs(db: Db, table: 'forwards', now: number, key?: string): Promise<number>;
export async function retryFailedJobs(db: Db, table: JobTable, now: number, key?: number | string): Promise<number> {
  const result = await db
    .updateTable(table)
    .set({ failed_at: null, attempts: 0, next_attempt_at: now, locked_until: null })
    .where('sent_at', 'is', null)
    .where('failed_at', 'is not', null)
    .$if(key !== undefined, (qb) => qb.where(sql.ref(jobKey[table]), '=', key))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
