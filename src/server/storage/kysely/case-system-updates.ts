/** mySociety updates read from and owed to case systems (issue 40, item 8), written once; the owed ones leased like a forward. */
import { randomUUID } from 'node:crypto';
import type { Db, Engine } from './engine';
import { dueJobs } from './leased-jobs';
import type { CaseSystemUpdateStore, NewCaseSystemUpdate, SeenCaseSystemUpdate } from '../repositories/types';

/** Ids per lookup: within SQLite's cap on bound values. */
const LOOKUP_BATCH = 500;

/** Records an update as seen inside the caller's transaction; seen before, nothing changes. */
export async function insertSeenUpdate(trx: Db, update: SeenCaseSystemUpdate, now: number): Promise<void> {
  await trx
    .insertInto('case_system_seen_updates')
    .values({ ...update, seen_at: now })
    .onConflict((oc) => oc.columns(['body_id', 'update_id']).doNothing())
    .execute();
}

/** Queues an update owed to the body's case system inside the caller's transaction, due `now`. */
export async function queueCaseSystemUpdate(trx: Db, requestId: string, update: NewCaseSystemUpdate, now: number): Promise<void> {
  await trx
    .insertInto('case_system_update_posts')
    .values({ id: randomUUID(), service_request_id: requestId, ...update, created_at: now, attempts: 0, next_attempt_at: now })
    .execute();
}

export function createCaseSystemUpdateStore(engine: Engine): CaseSystemUpdateStore {
  const { db } = engine;
  const due = (now: number) => dueJobs(db, 'case_system_update_posts', now);
  const unsent = (id: string) => db.updateTable('case_system_update_posts').where('id', '=', id).where('sent_at', 'is', null);

  return {
    async seen(bodyId, updateIds) {
      const seen = new Set<string>();
      for (let start = 0; start < updateIds.length; start += LOOKUP_BATCH) {
        const rows = await db
          .selectFrom('case_system_seen_updates')
          .select('update_id')
          .where('body_id', '=', bodyId)
          .where('update_id', 'in', updateIds.slice(start, start + LOOKUP_BATCH))
          .execute();
        for (const row of rows) seen.add(row.update_id);
      }
      return seen;
    },
    markSeen: (update, now) => insertSeenUpdate(db, update, now),
    async listDue(now, limit) {
      const rows = await due(now).select('id').orderBy('next_attempt_at').orderBy('id').limit(limit).execute();
      return rows.map((row) => row.id);
    },
    claim(id, now, leaseUntil) {
      // One statement, as the forwards' claim: the due check and the lease are never split by another sender.
      return db
        .updateTable('case_system_update_posts')
        .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', engine.forUpdate(due(now).where('id', '=', id).select('id'), { skipLocked: true }))
        .returning(['id', 'service_request_id', 'body_id', 'kind', 'status', 'description', 'media_url', 'created_at', 'attempts'])
        .executeTakeFirst();
    },
    async retryLater(id, retryAt, error) {
      await unsent(id).set({ locked_until: null, next_attempt_at: retryAt, last_error: error }).execute();
    },
    async giveUp(id, now, error) {
      await unsent(id).set({ locked_until: null, failed_at: now, last_error: error }).execute();
    },
    end(id, now, remoteUpdateId) {
      return engine.write(async (trx) => {
        const row = await trx
          .updateTable('case_system_update_posts')
          .set({ sent_at: now, locked_until: null, last_error: null, remote_update_id: remoteUpdateId })
          .where('id', '=', id)
          .where('sent_at', 'is', null)
          .returning(['service_request_id', 'body_id'])
          .executeTakeFirst();
        if (!row) throw new Error(`case-system update ${id} is not waiting to be sent`);
        if (remoteUpdateId !== null) await insertSeenUpdate(trx, { ...row, update_id: remoteUpdateId }, now);
      });
    },
    list({ limit, serviceRequestId }) {
      return db
        .selectFrom('case_system_update_posts')
        .select(['id', 'service_request_id', 'body_id', 'kind', 'status', 'created_at', 'attempts', 'sent_at', 'failed_at', 'last_error', 'remote_update_id'])
        .$if(serviceRequestId !== undefined, (qb) => qb.where('service_request_id', '=', serviceRequestId!))
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}
