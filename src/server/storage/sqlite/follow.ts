/** Subscriptions to a request's updates and its public history, in SQLite. */
import type { SqliteDatabase } from './database';
import { prepareOutboxInsert } from './outbox';
import { decodeDetailedStatus } from '../request-rows';
import type {
  FollowerRepository,
  HistoryEvent,
  Recipient,
  RecipientMessage,
  RequestHistoryRepository,
  Subscription,
} from '../repositories/types';
import { distinctRecipients, subscriptionOf, type SubscriptionRow } from '../subscription-rows';

/** The statements a transaction uses to subscribe, fan out and record history. */
export function prepareFollowWrites(db: SqliteDatabase) {
  const insertOutbox = prepareOutboxInsert(db);
  const insertReporter = db.prepare(
    `INSERT INTO subscriptions (service_request_id, role, email, locale, created_at, confirmed_at)
     VALUES (?, 'reporter', ?, ?, ?, ?)`,
  );
  const selectActive = db.prepare(
    `SELECT id AS subscription_id, email, locale, role FROM subscriptions
     WHERE service_request_id = ? AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL ORDER BY id`,
  );
  const insertHistory = db.prepare(
    'INSERT INTO request_history (service_request_id, at, kind, detailed_status, note) VALUES (?, ?, ?, ?, ?)',
  );
  return {
    subscribeReporter(serviceRequestId: string, email: string, locale: string, now: number, receipt: RecipientMessage): void {
      const id = Number(insertReporter.run(serviceRequestId, email, locale, now, now).lastInsertRowid);
      insertOutbox(receipt({ subscription_id: id, email, locale, role: 'reporter' }));
    },
    /** Queues one message per active address; answers how many. */
    notifySubscribers(serviceRequestId: string, message: RecipientMessage): number {
      const recipients = distinctRecipients(selectActive.all(serviceRequestId) as Recipient[]);
      for (const recipient of recipients) insertOutbox(message(recipient));
      return recipients.length;
    },
    addHistory(serviceRequestId: string, events: readonly HistoryEvent[]): void {
      for (const event of events) {
        insertHistory.run(serviceRequestId, event.at, event.kind, event.detailed_status.join(','), event.note);
      }
    },
  };
}

export function createSqliteFollowerRepository(db: SqliteDatabase): FollowerRepository {
  const insertOutbox = prepareOutboxInsert(db);
  const requestExists = db.prepare("SELECT 1 FROM service_requests WHERE service_request_id = ? AND moderation = 'published'").pluck();
  const selectFollower = db.prepare("SELECT * FROM subscriptions WHERE service_request_id = ? AND role = 'follower' AND email = ?");
  const insertFollower = db.prepare(
    `INSERT INTO subscriptions (service_request_id, role, email, locale, created_at) VALUES (?, 'follower', ?, ?, ?)`,
  );
  const renew = db.prepare('UPDATE subscriptions SET locale = ?, created_at = ?, confirmed_at = NULL, unsubscribed_at = NULL WHERE id = ?');
  const selectById = db.prepare('SELECT * FROM subscriptions WHERE id = ?');
  const confirmRow = db.prepare('UPDATE subscriptions SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL AND unsubscribed_at IS NULL');
  const unsubscribeRow = db.prepare('UPDATE subscriptions SET unsubscribed_at = ? WHERE id = ? AND unsubscribed_at IS NULL');
  const countRows = db
    .prepare(
      `SELECT COUNT(*) FROM subscriptions
       WHERE service_request_id = ? AND role = 'follower' AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL`,
    )
    .pluck();

  const requestFollow = db.transaction((follow: Parameters<FollowerRepository['requestFollow']>[0], confirmation: RecipientMessage) => {
    if (!requestExists.get(follow.service_request_id)) return 'no_such_request' as const;
    const email = follow.email.toLowerCase();
    const existing = selectFollower.get(follow.service_request_id, email) as SubscriptionRow | undefined;
    if (existing && existing.confirmed_at !== null && existing.unsubscribed_at === null) return 'already_following' as const;
    let id: number;
    if (existing) {
      renew.run(follow.locale, follow.now, existing.id);
      id = existing.id;
    } else {
      id = Number(insertFollower.run(follow.service_request_id, email, follow.locale, follow.now).lastInsertRowid);
    }
    insertOutbox(confirmation({ subscription_id: id, email, locale: follow.locale, role: 'follower' }));
    return 'confirmation_queued' as const;
  });

  const find = (id: number): Subscription | undefined => {
    const row = selectById.get(id) as SubscriptionRow | undefined;
    return row ? subscriptionOf(row) : undefined;
  };

  return {
    async requestFollow(follow, confirmation) {
      return requestFollow.immediate(follow, confirmation);
    },
    async confirm(id, now) {
      confirmRow.run(now, id);
      return find(id);
    },
    async unsubscribe(id, now) {
      unsubscribeRow.run(now, id);
      return find(id);
    },
    async find(id) {
      return find(id);
    },
    async countFollowers(serviceRequestId) {
      return countRows.get(serviceRequestId) as number;
    },
  };
}

export function createSqliteRequestHistoryRepository(db: SqliteDatabase): RequestHistoryRepository {
  return {
    async listFor(ids) {
      const history = new Map<string, HistoryEvent[]>();
      // SQLite caps bound parameters; chunks keep long listings safe.
      for (let start = 0; start < ids.length; start += 500) {
        const chunk = ids.slice(start, start + 500);
        const rows = db
          .prepare(
            `SELECT service_request_id, at, kind, detailed_status, note FROM request_history
             WHERE service_request_id IN (${chunk.map(() => '?').join(', ')}) ORDER BY service_request_id, id`,
          )
          .all(...chunk) as (Omit<HistoryEvent, 'detailed_status'> & { service_request_id: string; detailed_status: string })[];
        for (const { service_request_id: id, detailed_status, ...event } of rows) {
          const list = history.get(id) ?? [];
          list.push({ ...event, detailed_status: decodeDetailedStatus(detailed_status) });
          history.set(id, list);
        }
      }
      return history;
    },
  };
}
