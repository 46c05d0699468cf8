/** Forward jobs and case-system polling, written once (issue 27): a job is leased like an outbox message. */
import { randomUUID } from 'node:crypto';
import type { Db, Engine } from './engine';
import { dueJobs, jobQueueSummary, retryFailedJobs } from './leased-jobs';
import type { ForwardEntry, ForwardOrder, ForwardStore, ForwardedReport } from '../repositories/types';

/** Ids per lookup: within SQLite's cap on bound values. */
const LOOKUP_BATCH = 500;

const entryColumns = [
  'service_request_id', 'body_id', 'method', 'created_at', 'attempts', 'next_attempt_at', 'sent_at', 'failed_at', 'last_error', 'locked_until', 'remote_id',
  'remote_updated_at',
] as const;
const reportColumns = ['service_request_id', 'remote_id', 'remote_updated_at'] as const;

/**
 * Queues the request's forward job as ordered, inside the caller's transaction, due `now`, unless
 * the request has one already. Whether a report is forwarded is decided before (forwarding/forward-decision.ts).
 */
export async function queueForward(trx: Db, requestId: string, order: ForwardOrder, now: number): Promise<void> {
  await trx
    .insertInto('forwards')
    .values({
      service_request_id: requestId,
      body_id: order.body_id,
      method: order.method,
      idempotency_key: randomUUID(),
      created_at: now,
      attempts: 0,
      next_attempt_at: now,
      uncertain: 0,
    })
    .onConflict((oc) => oc.column('service_request_id').doNothing())
    .execute();
}

/**
 * Ends the request's job inside the caller's transaction: the case system took it. Throws when
 * there is no unsent job, so a second sender whose lease had expired cannot apply its send twice.
 */
export async function endForward(trx: Db, requestId: string, now: number, remoteId: string | null): Promise<void> {
  const result = await trx
    .updateTable('forwards')
    .set({ sent_at: now, remote_id: remoteId, locked_until: null, last_error: null })
    .where('service_request_id', '=', requestId)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`request ${requestId} has no forward job waiting to be sent`);
}

/** Keeps the newest case-system update applied to the request; an older one never replaces it. */
export async function recordRemoteUpdate(trx: Db, requestId: string, updatedAt: number): Promise<void> {
  await trx
    .updateTable('forwards')
    .set({ remote_updated_at: updatedAt })
    .where('service_request_id', '=', requestId)
    .where((eb) => eb.or([eb('remote_updated_at', 'is', null), eb('remote_updated_at', '<', updatedAt)]))
    .execute();
}

async function inBatches<T>(ids: readonly string[], read: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += LOOKUP_BATCH) rows.push(...(await read(ids.slice(start, start + LOOKUP_BATCH))));
  return rows;
}

export function createForwardStore(engine: Engine): ForwardStore {
  const { db } = engine;
  const due = (now: number) => dueJobs(db, 'forwards', now);
  const unsentJob = (id: string) => db.updateTable('forwards').where('service_request_id', '=', id).where('sent_at', 'is', null);
  const forwardedOf = (bodyId: string) =>
    db.selectFrom('forwards').select(reportColumns).where('body_id', '=', bodyId).where('sent_at', 'is not', null).where('remote_id', 'is not', null);
  const asReport = (row: { service_request_id: string; remote_id: string | null; remote_updated_at: number | null }): ForwardedReport => ({
    service_request_id: row.service_request_id,
    remote_id: row.remote_id!,
    remote_updated_at: row.remote_updated_at,
  });

  return {
    async listDue(now, limit) {
      const rows = await due(now).select('service_request_id').orderBy('next_attempt_at').orderBy('service_request_id').limit(limit).execute();
      return rows.map((row) => row.service_request_id);
    },
    async claim(id, now, leaseUntil) {
      // One statement, as the outbox's claim: the due check and the lease are never split by
      // another sender (PostgreSQL skips a row another sender is leasing right now).
      const row = await db
        .updateTable('forwards')
        .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('service_request_id', '=', engine.forUpdate(due(now).where('service_request_id', '=', id).select('service_request_id'), { skipLocked: true }))
        .returning(['service_request_id', 'body_id', 'method', 'idempotency_key', 'attempts', 'created_at', 'uncertain'])
        .executeTakeFirst();
      return row && { ...row, uncertain: row.uncertain !== 0 };
    },
    async retryLater(id, retryAt, error, uncertain) {
      // Once uncertain, it stays so until sent: a later clean failure does not prove the earlier attempt never arrived.
      await unsentJob(id)
        .set({ locked_until: null, next_attempt_at: retryAt, last_error: error })
        .$if(uncertain, (qb) => qb.set({ uncertain: 1 }))
        .execute();
    },
    async giveUp(id, now, error) {
      await unsentJob(id).set({ locked_until: null, failed_at: now, last_error: error }).execute();
    },
    summary: () => jobQueueSummary(db, 'forwards'),
    async list({ limit, failedOnly, pendingOnly, bodyId }) {
      return db
        .selectFrom('forwards')
        .select(entryColumns)
        .$if(failedOnly === true, (qb) => qb.where('sent_at', 'is', null).where('failed_at', 'is not', null))
        .$if(pendingOnly === true, (qb) => qb.where('sent_at', 'is', null).where('failed_at', 'is', null))
        .$if(bodyId !== undefined, (qb) => qb.where('body_id', '=', bodyId!))
        .orderBy('created_at')
        .orderBy('service_request_id')
        .limit(limit)
        .execute();
    },
    async findFor(ids) {
      const rows = await inBatches(ids, (batch) => db.selectFrom('forwards').select(entryColumns).where('service_request_id', 'in', batch).execute());
      return new Map<string, ForwardEntry>(rows.map((row) => [row.service_request_id, row]));
    },
    // `uncertain` stays: a given-up job may still have reached the case system, so it is looked up first.
    retryFailed: (now, id) => retryFailedJobs(db, 'forwards', now, id),

    async findByRemoteIds(bodyId, remoteIds) {
      const rows = await inBatches(remoteIds, (batch) => forwardedOf(bodyId).where('remote_id', 'in', batch).execute());
      return rows.map(asReport);
    },
    async listUnseen(bodyId, { checkedAfter, limit }) {
      const rows = await forwardedOf(bodyId)
        .where('listed_at', 'is', null)
        .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', checkedAfter)]))
        .orderBy('sent_at')
        .orderBy('service_request_id')
        .limit(limit)
        .execute();
      return rows.map(asReport);
    },
    async markListed(bodyId, remoteIds, now) {
      await inBatches(remoteIds, async (batch) => {
        await db.updateTable('forwards').set({ listed_at: now }).where('body_id', '=', bodyId).where('remote_id', 'in', batch).execute();
        return [];
      });
    },
    async markChecked(ids, checkedAt) {
      await inBatches(ids, async (batch) => {
        await db.updateTable('forwards').set({ checked_at: checkedAt }).where('service_request_id', 'in', batch).execute();
        return [];
      });
    },
    async claimPoll(bodyId, now, leaseUntil) {
      // The row first (a no-op once it exists), then the lease as one conditional update: on
      // PostgreSQL a second instance's update waits for the first's row lock and then rechecks
      // the lease on the row as the first left it, so only one of them gets it.
      await db.insertInto('case_system_polls').values({ body_id: bodyId }).onConflict((oc) => oc.column('body_id').doNothing()).execute();
      return db
        .updateTable('case_system_polls')
        .set({ locked_until: leaseUntil })
        .where('body_id', '=', bodyId)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .returning(['body_id', 'polled_until'])
        .executeTakeFirst();
    },
    async releasePoll(bodyId, outcome) {
      const values =
        'polledUntil' in outcome
          ? { polled_until: outcome.polledUntil, last_polled_at: outcome.polledUntil, last_error: null }
          : { last_error: outcome.error };
      await db.updateTable('case_system_polls').set({ ...values, locked_until: null }).where('body_id', '=', bodyId).execute();
    },
    listPolls: () => db.selectFrom('case_system_polls').select(['body_id', 'locked_until', 'last_polled_at', 'last_error']).orderBy('body_id').execute(),
  };
}
