import type { Db, Engine } from './engine';
import type { IdempotencyClaim, IdempotencyRepository, KeyCompletion, StoredAnswer } from '../repositories/types';

const answerOf = (row: { status_code: number | null; content_type: string | null; body: string | null }): StoredAnswer => ({
  statusCode: Number(row.status_code),
  contentType: row.content_type ?? '',
  body: row.body ?? '',
});

/** The key's first answer, kept until `expiresAt`: by `complete`, or inside the transaction of the change it answers (a new report). */
export async function completeKey(trx: Db, { scope, key, answer, expiresAt }: KeyCompletion): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ state: 'done', status_code: answer.statusCode, content_type: answer.contentType, body: answer.body, expires_at: expiresAt })
    .where('scope', '=', scope)
    .where('idempotency_key', '=', key)
    .execute();
}

export function createIdempotencyRepository(engine: Engine): IdempotencyRepository {
  const { db } = engine;
  return {
    claim({ scope, key, fingerprint, now, leaseMs }) {
      return engine.write(async (trx): Promise<IdempotencyClaim> => {
        // Expired records of any scope go; rows another caller holds are left to it (no waiting, no deadlock).
        await trx
          .deleteFrom('idempotency_keys')
          .where(({ eb, refTuple, selectFrom }) =>
            eb(
              refTuple('scope', 'idempotency_key'),
              'in',
              engine.forUpdate(selectFrom('idempotency_keys').select(['scope', 'idempotency_key']).where('expires_at', '<=', now).limit(100), { skipLocked: true }).$asTuple('scope', 'idempotency_key'),
            ),
          )
          .execute();
        const claim = { fingerprint, state: 'running' as const, created_at: now, lease_until: now + leaseMs, expires_at: now + leaseMs, status_code: null, content_type: null, body: null };
        // One statement decides between callers arriving at once: the insert of one, nothing for the rest.
        const inserted = await trx
          .insertInto('idempotency_keys')
          .values({ scope, idempotency_key: key, ...claim })
          .onConflict((conflict) => conflict.columns(['scope', 'idempotency_key']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { outcome: 'claimed' };
        const row = await engine
          .forUpdate(trx.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('idempotency_key', '=', key))
          .executeTakeFirstOrThrow();
        // Past its expiry (a running claim expires with its lease: its holder died): as if absent.
        if (Number(row.expires_at) <= now) {
          await trx.updateTable('idempotency_keys').set(claim).where('scope', '=', scope).where('idempotency_key', '=', key).execute();
          return { outcome: 'claimed' };
        }
        if (row.fingerprint !== fingerprint) return { outcome: 'mismatch' };
        if (row.state === 'done') return { outcome: 'replay', answer: answerOf(row) };
        return { outcome: 'running', leaseUntil: Number(row.lease_until) };
      });
    },
    complete: (completion) => completeKey(db, completion),
    async release(scope, key) {
      await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('idempotency_key', '=', key).where('state', '=', 'running').execute();
    },
    async find(scope, key, now) {
      const row = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('scope', '=', scope)
        .where('idempotency_key', '=', key)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return undefined;
      return row.state === 'done' ? { state: 'done', answer: answerOf(row) } : { state: 'running', leaseUntil: Number(row.lease_until) };
    },
  };
}
