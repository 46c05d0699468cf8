/** Subscriptions to a request's updates and its public history, written once. */
import type { Db, Engine } from './engine';
import { insertOutboxMessage } from './outbox';
import { publicChangesReader } from './public-changes';
import { decodeDetailedStatus, encodeDetailedStatus } from '../request-rows';
import type { FollowerRepository, HistoryEvent, RecipientMessage, RequestHistoryRepository } from '../repositories/types';
import { distinctRecipients, subscriptionOf } from '../subscription-rows';

/** Ids per history lookup: within SQLite's cap on bound values. */
const HISTORY_BATCH = 500;

/** The reporter's subscription and their receipt, inside the caller's transaction. */
export async function subscribeReporter(trx: Db, serviceRequestId: string, email: string, locale: string, now: number, receipt: RecipientMessage): Promise<void> {
  const row = await trx
    .insertInto('subscriptions')
    .values({ service_request_id: serviceRequestId, role: 'reporter', email, locale, created_at: now, confirmed_at: now, unsubscribed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertOutboxMessage(trx, receipt({ subscription_id: row.id, email, locale, role: 'reporter' }));
}

/** A request's confirmed, not unsubscribed subscriptions, oldest first. */
function activeSubscriptions(trx: Db, serviceRequestId: string) {
  return trx
    .selectFrom('subscriptions')
    .select(['id as subscription_id', 'email', 'locale', 'role'])
    .where('service_request_id', '=', serviceRequestId)
    .where('confirmed_at', 'is not', null)
    .where('unsubscribed_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Queues one message per active address of the request (but `except`), inside the caller's transaction; answers how many. */
export async function notifySubscribers(trx: Db, serviceRequestId: string, message: RecipientMessage, except?: string): Promise<number> {
  const recipients = distinctRecipients(await activeSubscriptions(trx, serviceRequestId)).filter(
    (recipient) => except === undefined || recipient.email.toLowerCase() !== except,
  );
  for (const recipient of recipients) await insertOutboxMessage(trx, message(recipient));
  return recipients.length;
}

/**
 * A duplicate's active subscribers follow its original instead, inside the caller's transaction:
 * their subscriptions to the duplicate end, each address follows the original (confirmed: it was
 * confirmed on the duplicate) unless it already does, and gets `message` once, written for its
 * subscription to the original. Answers how many addresses were told.
 */
export async function moveSubscribers(trx: Db, fromId: string, toId: string, message: RecipientMessage, now: number): Promise<number> {
  const moving = distinctRecipients(await activeSubscriptions(trx, fromId));
  if (moving.length === 0) return 0;
  await trx
    .updateTable('subscriptions')
    .set({ unsubscribed_at: now })
    .where('service_request_id', '=', fromId)
    .where('unsubscribed_at', 'is', null)
    .execute();
  const following = new Map(distinctRecipients(await activeSubscriptions(trx, toId)).map((recipient) => [recipient.email.toLowerCase(), recipient]));
  for (const mover of moving) {
    let recipient = following.get(mover.email.toLowerCase());
    if (!recipient) {
      const email = mover.email.toLowerCase();
      const row = await trx
        .insertInto('subscriptions')
        .values({ service_request_id: toId, role: 'follower', email, locale: mover.locale, created_at: now, confirmed_at: now, unsubscribed_at: null })
        // A follow of the original that was pending or ended: the address asked for updates on the same problem.
        .onConflict((oc) => oc.columns(['service_request_id', 'role', 'email']).doUpdateSet({ locale: mover.locale, confirmed_at: now, unsubscribed_at: null }))
        .returning('id')
        .executeTakeFirstOrThrow();
      recipient = { subscription_id: Number(row.id), email, locale: mover.locale, role: 'follower' };
    }
    await insertOutboxMessage(trx, message({ ...recipient, locale: mover.locale }));
  }
  return moving.length;
}

export async function addHistory(trx: Db, serviceRequestId: string, events: readonly HistoryEvent[]): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('request_history')
    .values(
      events.map((event) => ({
        service_request_id: serviceRequestId,
        at: event.at,
        kind: event.kind,
        detailed_status: encodeDetailedStatus(event.detailed_status),
        note: event.note,
        resident_update_id: event.resident_update_id ?? null,
      })),
    )
    .execute();
}

export function createFollowerRepository(engine: Engine): FollowerRepository {
  const { db } = engine;
  const find = async (id: number) => {
    const row = await db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? subscriptionOf(row) : undefined;
  };
  const forPostgres = engine.kind === 'postgres';
  return {
    async requestFollow(follow, confirmation) {
      return engine.write(async (trx) => {
        // PostgreSQL: FOR SHARE keeps the request published until this commits (SQLite's write lock does).
        const request = await trx
          .selectFrom('service_requests')
          .select('service_request_id')
          .where('service_request_id', '=', follow.service_request_id)
          .where('moderation', '=', 'published')
          .$if(forPostgres, (qb) => qb.forShare())
          .executeTakeFirst();
        if (!request) return 'no_such_request' as const;
        const email = follow.email.toLowerCase();
        const key = { service_request_id: follow.service_request_id, role: 'follower' as const, email };
        const inserted = await trx
          .insertInto('subscriptions')
          .values({ ...key, locale: follow.locale, created_at: follow.now, confirmed_at: null, unsubscribed_at: null })
          .onConflict((oc) => oc.columns(['service_request_id', 'role', 'email']).doNothing())
          .returning('id')
          .executeTakeFirst();
        let id = inserted?.id;
        if (id === undefined) {
          // Locked on PostgreSQL: two requests for the same address take turns on the one row.
          const existing = await trx
            .selectFrom('subscriptions')
            .selectAll()
            .where('service_request_id', '=', key.service_request_id)
            .where('role', '=', key.role)
            .where('email', '=', key.email)
            .$if(forPostgres, (qb) => qb.forUpdate())
            .executeTakeFirstOrThrow();
          if (existing.confirmed_at !== null && existing.unsubscribed_at === null) return 'already_following' as const;
          await trx
            .updateTable('subscriptions')
            .set({ locale: follow.locale, created_at: follow.now, confirmed_at: null, unsubscribed_at: null })
            .where('id', '=', existing.id)
            .execute();
          id = existing.id;
        }
        await insertOutboxMessage(trx, confirmation({ subscription_id: id, email, locale: follow.locale, role: 'follower' }));
        return 'confirmation_queued' as const;
      });
    },
    async confirm(id, now) {
      await db.updateTable('subscriptions').set({ confirmed_at: now }).where('id', '=', id).where('confirmed_at', 'is', null).where('unsubscribed_at', 'is', null).execute();
      return find(id);
    },
    async unsubscribe(id, now) {
      await db.updateTable('subscriptions').set({ unsubscribed_at: now }).where('id', '=', id).where('unsubscribed_at', 'is', null).execute();
      return find(id);
    },
    find,
    async countFollowers(serviceRequestId) {
      const row = await db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('service_request_id', '=', serviceRequestId)
        .where('role', '=', 'follower')
        .where('confirmed_at', 'is not', null)
        .where('unsubscribed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export function createRequestHistoryRepository(engine: Engine): RequestHistoryRepository {
  return {
    async listFor(ids) {
      const history = new Map<string, HistoryEvent[]>();
      for (let start = 0; start < ids.length; start += HISTORY_BATCH) {
        const rows = await engine.db
          .selectFrom('request_history as h')
          // Only a published update is shown, whatever a history row names.
          .leftJoin('resident_updates as u', (join) => join.onRef('u.id', '=', 'h.resident_update_id').on('u.moderation', '=', 'published'))
          .select(['h.service_request_id', 'h.at', 'h.kind', 'h.detailed_status', 'h.note'])
          .select(['u.id as update_id', 'u.text as update_text', 'u.media_file as update_media', 'u.name as update_name', 'u.show_name', 'u.state as update_state'])
          .where('h.service_request_id', 'in', ids.slice(start, start + HISTORY_BATCH))
          .orderBy('h.service_request_id')
          .orderBy('h.id')
          .execute();
        for (const { service_request_id: id, detailed_status, update_id, update_text, update_media, update_name, show_name, update_state, ...event } of rows) {
          if (event.kind === 'resident_update' && (update_id === null || update_text === null)) continue;
          const list = history.get(id) ?? [];
          list.push({
            ...event,
            detailed_status: decodeDetailedStatus(detailed_status),
            ...(update_id !== null && update_text !== null
              ? {
                  resident_update: {
                    id: update_id,
                    text: update_text,
                    media_file: update_media,
                    // The name leaves storage only when its poster chose to show it.
                    shown_name: show_name === 1 ? update_name : null,
                    state: update_state,
                  },
                }
              : {}),
          });
          history.set(id, list);
        }
      }
      return history;
    },
    listPublicChanges: publicChangesReader(engine),
  };
}
