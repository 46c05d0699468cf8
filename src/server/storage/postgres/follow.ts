/** Subscriptions to a request's updates and its public history, in PostgreSQL. */
import type { PostgresDatabase, Queryable } from './database';
import { insertOutboxMessage } from './outbox';
import { decodeDetailedStatus } from '../request-rows';
import type { FollowerRepository, HistoryEvent, Recipient, RecipientMessage, RequestHistoryRepository } from '../repositories/types';
import { distinctRecipients, subscriptionOf, type SubscriptionRow } from '../subscription-rows';

export async function subscribeReporter(
  client: Queryable,
  serviceRequestId: string,
  email: string,
  locale: string,
  now: number,
  receipt: RecipientMessage,
): Promise<void> {
  const [row] = await client.query<{ id: number }>(
    `INSERT INTO subscriptions (service_request_id, role, email, locale, created_at, confirmed_at)
     VALUES ($1, 'reporter', $2, $3, $4, $4) RETURNING id`,
    [serviceRequestId, email, locale, now],
  );
  await insertOutboxMessage(client, receipt({ subscription_id: row!.id, email, locale, role: 'reporter' }));
}

/** Queues one message per active address of the request; answers how many. */
export async function notifySubscribers(client: Queryable, serviceRequestId: string, message: RecipientMessage): Promise<number> {
  const rows = await client.query<Recipient>(
    `SELECT id AS subscription_id, email, locale, role FROM subscriptions
     WHERE service_request_id = $1 AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL ORDER BY id`,
    [serviceRequestId],
  );
  const recipients = distinctRecipients(rows);
  for (const recipient of recipients) await insertOutboxMessage(client, message(recipient));
  return recipients.length;
}

export async function addHistory(client: Queryable, serviceRequestId: string, events: readonly HistoryEvent[]): Promise<void> {
  for (const event of events) {
    await client.query('INSERT INTO request_history (service_request_id, at, kind, detailed_status, note) VALUES ($1, $2, $3, $4, $5)', [
      serviceRequestId,
      event.at,
      event.kind,
      event.detailed_status.join(','),
      event.note,
    ]);
  }
}

export function createPostgresFollowerRepository(db: PostgresDatabase): FollowerRepository {
  const find = async (id: number) => {
    const [row] = await db.query<SubscriptionRow>('SELECT * FROM subscriptions WHERE id = $1', [id]);
    return row ? subscriptionOf(row) : undefined;
  };
  return {
    async requestFollow(follow, confirmation) {
      return db.transaction(async (client) => {
        const [request] = await client.query(
          "SELECT 1 FROM service_requests WHERE service_request_id = $1 AND moderation = 'published' FOR SHARE",
          [follow.service_request_id],
        );
        if (!request) return 'no_such_request' as const;
        const email = follow.email.toLowerCase();
        // Inserted or locked: two requests for the same address take turns on the one row.
        const [row] = await client.query<SubscriptionRow & { inserted: boolean }>(
          `INSERT INTO subscriptions (service_request_id, role, email, locale, created_at) VALUES ($1, 'follower', $2, $3, $4)
           ON CONFLICT (service_request_id, role, email) DO UPDATE SET email = EXCLUDED.email
           RETURNING *, (xmax = 0) AS inserted`,
          [follow.service_request_id, email, follow.locale, follow.now],
        );
        if (!row!.inserted) {
          if (row!.confirmed_at !== null && row!.unsubscribed_at === null) return 'already_following' as const;
          await client.query('UPDATE subscriptions SET locale = $1, created_at = $2, confirmed_at = NULL, unsubscribed_at = NULL WHERE id = $3', [
            follow.locale,
            follow.now,
            row!.id,
          ]);
        }
        await insertOutboxMessage(client, confirmation({ subscription_id: Number(row!.id), email, locale: follow.locale, role: 'follower' }));
        return 'confirmation_queued' as const;
      });
    },
    async confirm(id, now) {
      await db.query('UPDATE subscriptions SET confirmed_at = $1 WHERE id = $2 AND confirmed_at IS NULL AND unsubscribed_at IS NULL', [now, id]);
      return find(id);
    },
    async unsubscribe(id, now) {
      await db.query('UPDATE subscriptions SET unsubscribed_at = $1 WHERE id = $2 AND unsubscribed_at IS NULL', [now, id]);
      return find(id);
    },
    find,
    async countFollowers(serviceRequestId) {
      const [row] = await db.query<{ n: number }>(
        `SELECT COUNT(*) AS n FROM subscriptions
         WHERE service_request_id = $1 AND role = 'follower' AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL`,
        [serviceRequestId],
      );
      return Number(row!.n);
    },
  };
}

export function createPostgresRequestHistoryRepository(db: PostgresDatabase): RequestHistoryRepository {
  return {
    async listFor(ids) {
      const history = new Map<string, HistoryEvent[]>();
      if (ids.length === 0) return history;
      const rows = await db.query<Omit<HistoryEvent, 'detailed_status'> & { service_request_id: string; detailed_status: string }>(
        `SELECT service_request_id, at, kind, detailed_status, note FROM request_history
         WHERE service_request_id = ANY($1::text[]) ORDER BY service_request_id, id`,
        [ids],
      );
      for (const { service_request_id: id, detailed_status, ...event } of rows) {
        const list = history.get(id) ?? [];
        list.push({ ...event, detailed_status: decodeDetailedStatus(detailed_status) });
        history.set(id, list);
      }
      return history;
    },
  };
}
