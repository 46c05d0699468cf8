import type { PostgresDatabase, Queryable } from './database';
import type { NewOutboxMessage, OutboxEntry, OutboxMessage, OutboxStore } from '../repositories/types';

/**
 * The insert alone, for writers that must put a message in their own transaction (moderation
 * closing a request): pass the transaction's client. Resolves to the new row's id.
 */
export async function insertOutboxMessage(client: Queryable, message: NewOutboxMessage): Promise<number> {
  const [row] = await client.query<{ id: number }>(
    `INSERT INTO outbox (message_id, service_request_id, to_address, locale, subject, body_text, body_html, unsubscribe_url, created_at, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $8, $9, $7, $7) RETURNING id`,
    [
      message.message_id,
      message.service_request_id,
      message.to_address,
      message.locale,
      message.subject,
      message.body_text,
      message.created_at,
      message.body_html,
      message.unsubscribe_url,
    ],
  );
  return row!.id;
}

export function createPostgresOutboxStore(db: PostgresDatabase): OutboxStore {
  return {
    async listDue(now, limit) {
      const rows = await db.query<{ id: number }>(
        `SELECT id FROM outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
         ORDER BY next_attempt_at, id LIMIT $2`,
        [now, limit],
      );
      return rows.map((row) => row.id);
    },
    async claim(id, now, leaseUntil) {
      // One statement: the row is locked while its due-ness is checked (rechecked on the newest
      // version if another sender just changed it), and a row another sender is leasing right now
      // is skipped rather than waited for, so exactly one sender gets each lease.
      const [row] = await db.query<OutboxMessage>(
        `UPDATE outbox SET locked_until = $3, attempts = attempts + 1
         WHERE id = (
           SELECT id FROM outbox
           WHERE id = $1 AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $2
             AND (locked_until IS NULL OR locked_until <= $2)
           FOR UPDATE SKIP LOCKED)
         RETURNING id, message_id, service_request_id, to_address, locale, subject, body_text, body_html, unsubscribe_url, created_at, attempts`,
        [id, now, leaseUntil],
      );
      return row;
    },
    async markSent(id, now) {
      await db.query(
        `UPDATE outbox SET sent_at = $1, locked_until = NULL, last_error = NULL, to_address = '', body_text = '', body_html = '', unsubscribe_url = '' WHERE id = $2`,
        [now, id],
      );
    },
    async retryLater(id, retryAt, error) {
      await db.query('UPDATE outbox SET locked_until = NULL, next_attempt_at = $1, last_error = $2 WHERE id = $3', [retryAt, error, id]);
    },
    async giveUp(id, now, error) {
      await db.query('UPDATE outbox SET locked_until = NULL, failed_at = $1, last_error = $2 WHERE id = $3', [now, error, id]);
    },
    async summary() {
      const [row] = await db.query<{ pending: number; failed: number; oldest: number | null }>(
        `SELECT COUNT(*) FILTER (WHERE failed_at IS NULL)::int AS pending, COUNT(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed,
           MIN(created_at) FILTER (WHERE failed_at IS NULL) AS oldest
         FROM outbox WHERE sent_at IS NULL`,
      );
      return { pending: row!.pending, failed: row!.failed, oldestPendingAt: row!.oldest };
    },
    async listUnsent(limit) {
      return db.query<OutboxEntry>(
        `SELECT id, service_request_id, created_at, attempts, next_attempt_at, failed_at, last_error
         FROM outbox WHERE sent_at IS NULL ORDER BY created_at, id LIMIT $1`,
        [limit],
      );
    },
    async retryFailed(now, id) {
      const rows = await db.query(
        `UPDATE outbox SET failed_at = NULL, attempts = 0, next_attempt_at = $1, locked_until = NULL
         WHERE sent_at IS NULL AND failed_at IS NOT NULL AND ($2::bigint IS NULL OR id = $2) RETURNING id`,
        [now, id ?? null],
      );
      return rows.length;
    },
    async purgeFailed(id) {
      const rows = await db.query(
        'DELETE FROM outbox WHERE sent_at IS NULL AND failed_at IS NOT NULL AND ($1::bigint IS NULL OR id = $1) RETURNING id',
        [id ?? null],
      );
      return rows.length;
    },
  };
}
