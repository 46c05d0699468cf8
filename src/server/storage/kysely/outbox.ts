/** The email outbox, written once: messages queued inside the change that causes them, leased to senders. */
import type { Db, Engine } from './engine';
import { dueJobs, jobQueueSummary, retryFailedJobs, unsentJobs } from './leased-jobs';
import type { NewOutboxMessage, OutboxStore } from '../repositories/types';

const messageColumns = [
  'id', 'message_id', 'service_request_id', 'to_address', 'locale', 'subject', 'body_text', 'body_html', 'unsubscribe_url', 'created_at', 'attempts',
] as const;

/** The insert alone, inside the caller's transaction (a request's receipt, a moderator's change). Resolves to the new row's id. */
export async function insertOutboxMessage(trx: Db, message: NewOutboxMessage): Promise<number> {
  const row = await trx
    .insertInto('outbox')
    .values({ ...message, next_attempt_at: message.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function createOutboxStore(engine: Engine): OutboxStore {
  const { db } = engine;
  const due = (now: number) => dueJobs(db, 'outbox', now);
  return {
    async listDue(now, limit) {
      const rows = await due(now).select('id').orderBy('next_attempt_at').orderBy('id').limit(limit).execute();
      return rows.map((row) => row.id);
    },
    async claim(id, now, leaseUntil) {
      // One statement, so the due check and the lease cannot be split by another sender: SQLite
      // runs it under its one write lock; PostgreSQL locks the row while checking (rechecked on
      // the newest version if another sender just changed it) and skips a row another sender is
      // leasing right now rather than waiting for it.
      return db
        .updateTable('outbox')
        .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', engine.forUpdate(due(now).where('id', '=', id).select('id'), { skipLocked: true }))
        .returning(messageColumns)
        .executeTakeFirst();
    },
    async markSent(id, now) {
      // Delivered: the address, texts and link are forgotten.
      await db
        .updateTable('outbox')
        .set({ sent_at: now, locked_until: null, last_error: null, to_address: '', body_text: '', body_html: '', unsubscribe_url: '' })
        .where('id', '=', id)
        .execute();
    },
    async retryLater(id, retryAt, error) {
      await db.updateTable('outbox').set({ locked_until: null, next_attempt_at: retryAt, last_error: error }).where('id', '=', id).execute();
    },
    async giveUp(id, now, error) {
      await db.updateTable('outbox').set({ locked_until: null, failed_at: now, last_error: error }).where('id', '=', id).execute();
    },
    summary: () => jobQueueSummary(db, 'outbox'),
    async listUnsent(limit) {
      return unsentJobs(db, 'outbox')
        .select(['id', 'service_request_id', 'created_at', 'attempts', 'next_attempt_at', 'failed_at', 'last_error'])
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    retryFailed: (now, id) => retryFailedJobs(db, 'outbox', now, id),
    async purgeFailed(id) {
      const result = await db
        .deleteFrom('outbox')
        .where('sent_at', 'is', null)
        .where('failed_at', 'is not', null)
        .$if(id !== undefined, (qb) => qb.where('id', '=', id!))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
