import type { SqliteDatabase } from './database';
import type { NewOutboxMessage, OutboxEntry, OutboxMessage, OutboxStore, OutboxSummary } from '../repositories/types';

/**
 * The insert alone, for writers that must put a message in their own transaction (moderation
 * closing a request). Returns the new row's id.
 */
export function prepareOutboxInsert(db: SqliteDatabase): (message: NewOutboxMessage) => number {
  const insert = db.prepare(
    `INSERT INTO outbox (message_id, service_request_id, to_address, locale, subject, body_text, body_html, unsubscribe_url, created_at, next_attempt_at)
     VALUES (@message_id, @service_request_id, @to_address, @locale, @subject, @body_text, @body_html, @unsubscribe_url, @created_at, @created_at)`,
  );
  return (message) => Number(insert.run(message).lastInsertRowid);
}

export function createSqliteOutboxStore(db: SqliteDatabase): OutboxStore {
  const selectDue = db
    .prepare(
      `SELECT id FROM outbox
       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until <= ?)
       ORDER BY next_attempt_at, id LIMIT ?`,
    )
    .pluck();
  const lease = db.prepare(
    `UPDATE outbox SET locked_until = ?, attempts = attempts + 1
     WHERE id = ? AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? AND (locked_until IS NULL OR locked_until <= ?)`,
  );
  const selectOne = db.prepare(
    `SELECT id, message_id, service_request_id, to_address, locale, subject, body_text, body_html, unsubscribe_url, created_at, attempts
     FROM outbox WHERE id = ?`,
  );
  const sent = db.prepare(
    `UPDATE outbox SET sent_at = ?, locked_until = NULL, last_error = NULL, to_address = '', body_text = '', body_html = '', unsubscribe_url = '' WHERE id = ?`,
  );
  const retry = db.prepare('UPDATE outbox SET locked_until = NULL, next_attempt_at = ?, last_error = ? WHERE id = ?');
  const failed = db.prepare('UPDATE outbox SET locked_until = NULL, failed_at = ?, last_error = ? WHERE id = ?');

  const summary = db.prepare(
    `SELECT COUNT(*) FILTER (WHERE failed_at IS NULL) AS pending, COUNT(*) FILTER (WHERE failed_at IS NOT NULL) AS failed,
       MIN(created_at) FILTER (WHERE failed_at IS NULL) AS oldestPendingAt
     FROM outbox WHERE sent_at IS NULL`,
  );
  const unsent = db.prepare(
    `SELECT id, service_request_id, created_at, attempts, next_attempt_at, failed_at, last_error
     FROM outbox WHERE sent_at IS NULL ORDER BY created_at, id LIMIT ?`,
  );
  const requeue = db.prepare(
    `UPDATE outbox SET failed_at = NULL, attempts = 0, next_attempt_at = @now, locked_until = NULL
     WHERE sent_at IS NULL AND failed_at IS NOT NULL AND (@id IS NULL OR id = @id)`,
  );
  const purge = db.prepare('DELETE FROM outbox WHERE sent_at IS NULL AND failed_at IS NOT NULL AND (@id IS NULL OR id = @id)');

  // IMMEDIATE: the write lock is taken before the check, so two processes cannot both lease a row.
  const claim = db.transaction((id: number, now: number, leaseUntil: number) => {
    if (lease.run(leaseUntil, id, now, now).changes !== 1) return undefined;
    return selectOne.get(id) as OutboxMessage;
  });

  return {
    async listDue(now, limit) {
      return selectDue.all(now, now, limit) as number[];
    },
    async claim(id, now, leaseUntil) {
      return claim.immediate(id, now, leaseUntil);
    },
    async markSent(id, now) {
      sent.run(now, id);
    },
    async retryLater(id, retryAt, error) {
      retry.run(retryAt, error, id);
    },
    async giveUp(id, now, error) {
      failed.run(now, error, id);
    },
    async summary() {
      return summary.get() as OutboxSummary;
    },
    async listUnsent(limit) {
      return unsent.all(limit) as OutboxEntry[];
    },
    async retryFailed(now, id) {
      return requeue.run({ now, id: id ?? null }).changes;
    },
    async purgeFailed(id) {
      return purge.run({ id: id ?? null }).changes;
    },
  };
}
