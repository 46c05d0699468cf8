/** Residents' sign-in links, sessions and their own requests, written once for both engines. */
import { sql } from 'kysely';
import type { Engine } from './engine';
import { insertOutboxMessage } from './outbox';
import { decodeDetailedStatus } from '../request-rows';
import type { ResidentRepository, ResidentRequest } from '../repositories/types';

const day = 24 * 3_600_000;
/** Newest first, and no more: a list, not an export. */
const LIST_LIMIT = 500;

/** The same expression the migration indexes, so both engines use the index. */
const lowerEmail = sql<string>`lower(email)`;

const requestColumns = ['service_request_id', 'service_code', 'title', 'status', 'detailed_status', 'requested_at', 'updated_at'] as const;

type RequestRow = Omit<ResidentRequest, 'detailed_status' | 'title'> & { detailed_status: string; title: string | null };

const residentRequestOf = (row: RequestRow): ResidentRequest => ({
  service_request_id: row.service_request_id,
  service_code: row.service_code,
  title: row.title ?? '',
  status: row.status,
  detailed_status: decodeDetailedStatus(row.detailed_status),
  requested_at: Number(row.requested_at),
  updated_at: Number(row.updated_at),
});

export function createResidentRepository(engine: Engine): ResidentRepository {
  const { db } = engine;
  return {
    async startSignIn(signIn, message) {
      await engine.write(async (trx) => {
        await trx.deleteFrom('resident_sign_ins').where('expires_at', '<=', signIn.created_at - day).execute();
        await trx.insertInto('resident_sign_ins').values({ ...signIn, used_at: null }).execute();
        await insertOutboxMessage(trx, message);
      });
    },
    async consumeSignIn(tokenHash, now) {
      // One conditional statement: the check and the use cannot be split by another caller.
      const row = await db
        .updateTable('resident_sign_ins')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('email')
        .executeTakeFirst();
      return row?.email;
    },
    async createSession(session) {
      await db.deleteFrom('resident_sessions').where('expires_at', '<=', session.created_at).execute();
      await db.insertInto('resident_sessions').values(session).execute();
    },
    async findSession(id, now) {
      const row = await db.selectFrom('resident_sessions').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
      return row && { ...row, created_at: Number(row.created_at), expires_at: Number(row.expires_at) };
    },
    async deleteSession(id) {
      await db.deleteFrom('resident_sessions').where('id', '=', id).execute();
    },
    async isConfirmedAddress(email, now) {
      const address = email.toLowerCase();
      // Each a small indexed or short-lived table; the first proof found answers.
      const proofs = [
        () => db.selectFrom('resident_sessions').select('id').where('email', '=', address).where('expires_at', '>', now).limit(1).executeTakeFirst(),
        () => db.selectFrom('resident_sign_ins').select('token_hash').where('email', '=', address).where('used_at', 'is not', null).limit(1).executeTakeFirst(),
        () => db.selectFrom('alerts').select('id').where('email', '=', address).where('confirmed_at', 'is not', null).limit(1).executeTakeFirst(),
        // A reporter's own subscription is "confirmed" from the start: only a follow proves the address.
        () =>
          db.selectFrom('subscriptions').select('id').where(lowerEmail, '=', address).where('role', '=', 'follower').where('confirmed_at', 'is not', null).limit(1).executeTakeFirst(),
      ];
      for (const proof of proofs) if ((await proof()) !== undefined) return true;
      return false;
    },
    async reportsOf(email) {
      const rows = await db
        .selectFrom('service_requests as r')
        .select([...requestColumns.map((column) => `r.${column}` as const), 'r.moderation', 'r.first_name', 'r.last_name', 'r.duplicate_of'])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('subscriptions as s')
                .select('s.id')
                .whereRef('s.service_request_id', '=', 'r.service_request_id')
                .where('s.role', '=', 'reporter')
                .where('s.unsubscribed_at', 'is', null),
            )
            .as('updates'),
        )
        .where(sql<string>`lower(r.email)`, '=', email.toLowerCase())
        .orderBy('r.requested_at', 'desc')
        .orderBy('r.service_request_id')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map((row) => ({
        ...residentRequestOf(row),
        moderation: row.moderation,
        // SQLite answers EXISTS as 0/1, PostgreSQL as a boolean.
        updates: Boolean(row.updates),
        first_name: row.first_name ?? '',
        last_name: row.last_name ?? '',
        duplicate_of: row.duplicate_of,
      }));
    },
    async followsOf(email) {
      const rows = await db
        .selectFrom('subscriptions as s')
        .innerJoin('service_requests as r', 'r.service_request_id', 's.service_request_id')
        .select(requestColumns.map((column) => `r.${column}` as const))
        .where(sql<string>`lower(s.email)`, '=', email.toLowerCase())
        .where('s.role', '=', 'follower')
        .where('s.confirmed_at', 'is not', null)
        .where('s.unsubscribed_at', 'is', null)
        // Someone else's report: only while the public may see it.
        .where('r.moderation', '=', 'published')
        .orderBy('r.requested_at', 'desc')
        .orderBy('r.service_request_id')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map(residentRequestOf);
    },
    async setReportUpdates(email, on, now) {
      await db
        .updateTable('subscriptions')
        .set({ unsubscribed_at: on ? null : now })
        .where(lowerEmail, '=', email.toLowerCase())
        .where('role', '=', 'reporter')
        .where('unsubscribed_at', on ? 'is not' : 'is', null)
        // A merged duplicate's subscribers moved to its original (moveSubscribers): not back here.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('service_requests as r')
                .select('r.service_request_id')
                .whereRef('r.service_request_id', '=', 'subscriptions.service_request_id')
                .where('r.duplicate_of', 'is not', null),
            ),
          ),
        )
        .execute();
    },
    async unfollow(email, serviceRequestId, now) {
      const result = await db
        .updateTable('subscriptions')
        .set({ unsubscribed_at: now })
        .where(lowerEmail, '=', email.toLowerCase())
        .where('service_request_id', '=', serviceRequestId)
        .where('role', '=', 'follower')
        .where('unsubscribed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
