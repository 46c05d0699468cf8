import { describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/server/storage';
import type { BodyRecord, PlannedChange } from '../../../../src/server/storage/repositories/types';
import { baseTime, hour, minute, newRequest, openSecondStore, storeServiceTypes, useFreshStore } from './fixtures';

const area: BodyRecord['area'] = { type: 'Polygon', coordinates: [[[24.8, 60.1], [25.2, 60.1], [25.2, 60.3], [24.8, 60.3], [24.8, 60.1]]] };
const body = (id: string, send: BodyRecord['send']): BodyRecord => ({
  id,
  jurisdiction_id: `${id}.example.fi`,
  names: { fi: id, sv: id, en: id },
  area,
  services: ['171'],
  send,
});
const bodies = [
  body('works', { method: 'open311', endpoint: 'https://cases.example.fi/open311/v1', api_key: 'secret-key' }),
  body('parks', { method: 'open311', endpoint: 'https://parks.example.fi/open311/v1', api_key_env: 'PARKS_KEY' }),
  body('mailed', { method: 'email', to: 'cases@example.fi' }),
  body('console', { method: 'console' }),
];

const lease = 5 * minute;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function seedBodies(store: Store): Promise<void> {
  await storeServiceTypes(store);
  await store.bodies.importAll(bodies);
}

/** The job the caller decided on (forwarding/forward-decision.ts) for a request of this body, by the body's method. */
const orderFor = (bodyId: string) => ({ body_id: bodyId, method: bodies.find((entry) => entry.id === bodyId)!.send.method });

/** A request created for a body that takes reports before moderation: its job is queued with it, due at its creation. */
async function queued(store: Store, id: string, bodyId: string, at = baseTime): Promise<void> {
  await store.serviceRequests.create(newRequest(id, { body_id: bodyId, requested_at: at, updated_at: at }), undefined, { forward: orderFor(bodyId) });
}

const audit = (at = baseTime + hour): PlannedChange['audit'] => ({ at, moderator: 'system', action: 'forwarded', details: {} });

/** What the sender's plan does when the case system took the report. */
const forwarded = (store: Store, id: string, remoteId: string | null, at = baseTime + hour) =>
  store.unitOfWork.changeRequest(id, () => ({ set: {}, audit: audit(at), forwarded: { remote_id: remoteId } }));

describe('forwards: the job queue', () => {
  const opened = useFreshStore();

  it('create with forward queues the one job it is told, due at the creation; none without the option', async () => {
    const { store } = opened;
    await seedBodies(store);
    await queued(store, 'r-works', 'works', baseTime + 2);
    await queued(store, 'r-mailed', 'mailed', baseTime + 1);
    await store.serviceRequests.create(newRequest('r-premoderated', { body_id: 'works' }));
    await store.serviceRequests.create(newRequest('r-console', { body_id: 'console' }));
    expect(await store.forwards.listDue(baseTime, 10)).toEqual([]);
    expect(await store.forwards.listDue(baseTime + 2, 10)).toEqual(['r-mailed', 'r-works']);
    expect(await store.forwards.listDue(baseTime + 2, 1)).toEqual(['r-mailed']);
    const entries = await store.forwards.list({ limit: 10 });
    expect(entries).toEqual([
      { service_request_id: 'r-mailed', body_id: 'mailed', method: 'email', created_at: baseTime + 1, attempts: 0, next_attempt_at: baseTime + 1, sent_at: null, failed_at: null, last_error: null, locked_until: null, remote_id: null, remote_updated_at: null },
      { service_request_id: 'r-works', body_id: 'works', method: 'open311', created_at: baseTime + 2, attempts: 0, next_attempt_at: baseTime + 2, sent_at: null, failed_at: null, last_error: null, locked_until: null, remote_id: null, remote_updated_at: null },
    ]);
  });

  it('claim leases a due job and counts the attempt; the lease expires; the idempotency key stays the same', async () => {
    const { store } = opened;
    await seedBodies(store);
    await queued(store, 'r1', 'works');
    expect(await store.forwards.claim('r1', baseTime - 1, baseTime + lease)).toBeUndefined();
    expect(await store.forwards.claim('no-such', baseTime, baseTime + lease)).toBeUndefined();
    const job = await store.forwards.claim('r1', baseTime, baseTime + lease);
    expect(job).toEqual({ service_request_id: 'r1', body_id: 'works', method: 'open311', idempotency_key: expect.stringMatching(uuid), attempts: 1, created_at: baseTime, uncertain: false });
    expect(await store.forwards.listDue(baseTime + lease - 1, 10)).toEqual([]);
    expect(await store.forwards.claim('r1', baseTime + lease - 1, baseTime + 2 * lease)).toBeUndefined();
    // A sender that died leaves its lease to expire.
    expect(await store.forwards.listDue(baseTime + lease, 10)).toEqual(['r1']);
    expect(await store.forwards.claim('r1', baseTime + lease, baseTime + 2 * lease)).toEqual({ ...job, attempts: 2 });
    // Each job its own key.
    await queued(store, 'r2', 'works');
    expect((await store.forwards.claim('r2', baseTime, baseTime + lease))!.idempotency_key).not.toBe(job!.idempotency_key);
  });

  it('of many senders claiming one job at once, across instances, exactly one gets it', async () => {
    await seedBodies(opened.store);
    await queued(opened.store, 'contended', 'works');
    const other = await openSecondStore(opened);
    try {
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? opened.store : other).forwards.claim('contended', baseTime, baseTime + lease)),
      );
      const winners = claims.filter((claim) => claim !== undefined);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ service_request_id: 'contended', attempts: 1 });
    } finally {
      await other.close();
    }
  });

  it('retryLater: due again from retryAt with its error; uncertain once set stays set', async () => {
    const { store } = opened;
    await seedBodies(store);
    await queued(store, 'r1', 'works');
    await store.forwards.claim('r1', baseTime, baseTime + lease);
    // The lease shows, for an operator (admin bodies sends) to read until when the job is held.
    expect((await store.forwards.list({ limit: 1 }))[0]).toMatchObject({ locked_until: baseTime + lease });
    await store.forwards.retryLater('r1', baseTime + 10 * minute, 'HTTP 400: service_code unknown', false);
    expect(await store.forwards.listDue(baseTime + 10 * minute - 1, 10)).toEqual([]);
    expect((await store.forwards.findFor(['r1'])).get('r1')).toMatchObject({
      attempts: 1, next_attempt_at: baseTime + 10 * minute, last_error: 'HTTP 400: service_code unknown', locked_until: null,
    });
    expect(await store.forwards.claim('r1', baseTime + 10 * minute, baseTime + 15 * minute)).toMatchObject({ attempts: 2, uncertain: false });

    await store.forwards.retryLater('r1', baseTime + 20 * minute, 'timed out after 10 s', true);
    expect(await store.forwards.claim('r1', baseTime + 20 * minute, baseTime + 25 * minute)).toMatchObject({ attempts: 3, uncertain: true });
    await store.forwards.retryLater('r1', baseTime + 30 * minute, 'HTTP 503', false);
    expect(await store.forwards.claim('r1', baseTime + 30 * minute, baseTime + 35 * minute)).toMatchObject({ attempts: 4, uncertain: true });
  });

  it('giveUp: never due again; retryFailed puts one or all back, due now with fresh attempts, still uncertain', async () => {
    const { store } = opened;
    await seedBodies(store);
    await queued(store, 'r1', 'works');
    await queued(store, 'r2', 'mailed');
    await queued(store, 'r3', 'works');
    for (const id of ['r1', 'r2']) await store.forwards.claim(id, baseTime, baseTime + lease);
    await store.forwards.retryLater('r1', baseTime + minute, 'connection reset', true);
    await store.forwards.claim('r1', baseTime + minute, baseTime + lease);
    await store.forwards.giveUp('r1', baseTime + 2 * minute, 'HTTP 403: invalid api_key');
    await store.forwards.giveUp('r2', baseTime + 2 * minute, '550 no such mailbox');
    expect(await store.forwards.listDue(baseTime + 1000 * hour, 10)).toEqual(['r3']);
    expect(await store.forwards.claim('r1', baseTime + 1000 * hour, baseTime + 1001 * hour)).toBeUndefined();
    expect((await store.forwards.findFor(['r1'])).get('r1')).toMatchObject({ attempts: 2, failed_at: baseTime + 2 * minute, last_error: 'HTTP 403: invalid api_key' });

    expect(await store.forwards.retryFailed(baseTime + hour, 'r3')).toBe(0);
    expect(await store.forwards.retryFailed(baseTime + hour, 'r1')).toBe(1);
    expect((await store.forwards.findFor(['r1'])).get('r1')).toMatchObject({ attempts: 0, failed_at: null, next_attempt_at: baseTime + hour });
    expect(await store.forwards.listDue(baseTime + hour, 10)).toEqual(['r3', 'r1']);
    expect(await store.forwards.claim('r1', baseTime + hour, baseTime + hour + lease)).toMatchObject({ attempts: 1, uncertain: true });
    expect(await store.forwards.retryFailed(baseTime + 2 * hour)).toBe(1);
    expect(await store.forwards.retryFailed(baseTime + 2 * hour)).toBe(0);
    // r1's lease has expired by then: it is due again too, in the order they fell due.
    expect(await store.forwards.listDue(baseTime + 2 * hour, 10)).toEqual(['r3', 'r1', 'r2']);
  });

  it('summary counts pending and given-up jobs and dates the oldest pending one; sent jobs leave it', async () => {
    const { store } = opened;
    await seedBodies(store);
    expect(await store.forwards.summary()).toEqual({ pending: 0, failed: 0, oldestPendingAt: null });
    await queued(store, 'old', 'works', baseTime);
    await queued(store, 'failed', 'works', baseTime - hour);
    await queued(store, 'new', 'mailed', baseTime + minute);
    await store.forwards.giveUp('failed', baseTime, 'HTTP 404');
    expect(await store.forwards.summary()).toEqual({ pending: 2, failed: 1, oldestPendingAt: baseTime });
    await store.forwards.claim('old', baseTime, baseTime + lease);
    await forwarded(store, 'old', 'remote-1');
    expect(await store.forwards.summary()).toEqual({ pending: 1, failed: 1, oldestPendingAt: baseTime + minute });
  });

  it('list: oldest first, filtered to failed, pending or one body; findFor answers only requests with a job', async () => {
    const { store } = opened;
    await seedBodies(store);
    await queued(store, 'a', 'works', baseTime);
    await queued(store, 'b', 'mailed', baseTime + 1);
    await queued(store, 'c', 'works', baseTime + 2);
    await queued(store, 'd', 'parks', baseTime + 3);
    await store.serviceRequests.create(newRequest('in-console', { body_id: 'console' }));
    await store.forwards.giveUp('b', baseTime + 5, 'HTTP 500');
    await store.forwards.claim('c', baseTime + 2, baseTime + lease);
    await forwarded(store, 'c', 'remote-c');
    const ids = async (query: Parameters<Store['forwards']['list']>[0]) => (await store.forwards.list(query)).map((entry) => entry.service_request_id);
    expect(await ids({ limit: 10 })).toEqual(['a', 'b', 'c', 'd']);
    expect(await ids({ limit: 2 })).toEqual(['a', 'b']);
    expect(await ids({ limit: 10, failedOnly: true })).toEqual(['b']);
    expect(await ids({ limit: 10, pendingOnly: true })).toEqual(['a', 'd']);
    expect(await ids({ limit: 10, bodyId: 'works' })).toEqual(['a', 'c']);
    expect(await ids({ limit: 10, bodyId: 'works', pendingOnly: true })).toEqual(['a']);
    // The operator's view holds no key.
    expect(JSON.stringify(await store.forwards.list({ limit: 10 }))).not.toMatch(/idempotency|secret-key/);

    const found = await store.forwards.findFor(['c', 'in-console', 'no-such', 'b']);
    expect([...found.keys()].sort()).toEqual(['b', 'c']);
    expect(found.get('c')).toMatchObject({ sent_at: baseTime + hour, remote_id: 'remote-c', failed_at: null });
    expect(found.get('b')).toMatchObject({ failed_at: baseTime + 5, last_error: 'HTTP 500', sent_at: null });
    expect((await store.forwards.findFor([])).size).toBe(0);
  });
});

describe('forwards: following forwarded reports', () => {
  const opened = useFreshStore();

  async function sent(store: Store, id: string, bodyId: string, remoteId: string | null, at: number) {
    await queued(store, id, bodyId, at);
    await store.forwards.claim(id, at, at + lease);
    await forwarded(store, id, remoteId, at + 1);
  }

  it('findByRemoteIds answers the body\'s sent reports by the case system\'s ids; listUnseen those no listing showed, less those asked by id lately with nothing new', async () => {
    const { store } = opened;
    await seedBodies(store);
    await sent(store, 'k1', 'works', 'W-1', baseTime + 2);
    await sent(store, 'k2', 'works', 'W-2', baseTime + 1);
    await sent(store, 'k3', 'works', 'W-3', baseTime + 3);
    await sent(store, 'p1', 'parks', 'W-1', baseTime);
    await sent(store, 'm1', 'mailed', null, baseTime);
    await queued(store, 'unsent', 'works');

    const byRemote = await store.forwards.findByRemoteIds('works', ['W-1', 'W-3', 'W-9']);
    expect(byRemote.sort((a, b) => a.remote_id.localeCompare(b.remote_id))).toEqual([
      { service_request_id: 'k1', remote_id: 'W-1', remote_updated_at: null },
      { service_request_id: 'k3', remote_id: 'W-3', remote_updated_at: null },
    ]);
    expect(await store.forwards.findByRemoteIds('parks', ['W-1'])).toEqual([{ service_request_id: 'p1', remote_id: 'W-1', remote_updated_at: null }]);
    expect(await store.forwards.findByRemoteIds('works', [])).toEqual([]);

    const unseen = async (bodyId: string, limit = 10, checkedAfter = baseTime) =>
      (await store.forwards.listUnseen(bodyId, { checkedAfter, limit })).map((report) => report.service_request_id);
    expect(await unseen('works')).toEqual(['k2', 'k1', 'k3']);
    expect(await unseen('works', 1)).toEqual(['k2']);
    expect(await unseen('mailed')).toEqual([]);

    // An update applied: its newest updated_datetime is kept, never an older one; that alone does not stop asks by id.
    const update = (at: number) => store.unitOfWork.changeRequest('k2', () => ({ set: {}, audit: audit(), remoteUpdatedAt: at }));
    await update(baseTime + 2 * hour);
    await update(baseTime + hour);
    expect(await store.forwards.findByRemoteIds('works', ['W-2'])).toEqual([{ service_request_id: 'k2', remote_id: 'W-2', remote_updated_at: baseTime + 2 * hour }]);
    expect(await unseen('works')).toEqual(['k2', 'k1', 'k3']);

    // A listing showed W-2 (of works only: parks' W-1 is another report): never asked by id again.
    await store.forwards.markListed('works', ['W-2', 'W-9'], baseTime + hour);
    expect(await unseen('works')).toEqual(['k1', 'k3']);
    expect(await unseen('parks')).toEqual(['p1']);

    // k1 asked by id with nothing new: left out while the caller's rest lasts; k3's answer was new: asked again.
    await store.forwards.markChecked(['k1'], baseTime + hour);
    await store.forwards.markChecked(['k3'], null);
    expect(await unseen('works', 10, baseTime + hour - 1)).toEqual(['k3']);
    expect(await unseen('works', 10, baseTime + hour)).toEqual(['k3']);
    // The rest is over once the asks to leave out start after k1's.
    expect(await unseen('works', 10, baseTime + hour + 1)).toEqual(['k1', 'k3']);
    await store.forwards.markChecked([], baseTime);
  });

  it('claimPoll: one lease per body until it expires or is released; releasePoll keeps the window applied, or the error', async () => {
    const { forwards } = opened.store;
    expect(await forwards.claimPoll('works', baseTime, baseTime + lease)).toEqual({ body_id: 'works', polled_until: null });
    expect(await forwards.claimPoll('works', baseTime + lease - 1, baseTime + 2 * lease)).toBeUndefined();
    // Another body's lease is its own.
    expect(await forwards.claimPoll('parks', baseTime, baseTime + lease)).toEqual({ body_id: 'parks', polled_until: null });
    // An instance that died leaves the lease to expire.
    expect(await forwards.claimPoll('works', baseTime + lease, baseTime + 2 * lease)).toEqual({ body_id: 'works', polled_until: null });

    await forwards.releasePoll('works', { polledUntil: baseTime + lease });
    expect(await forwards.claimPoll('works', baseTime + lease + 1, baseTime + 3 * lease)).toEqual({ body_id: 'works', polled_until: baseTime + lease });
    await forwards.releasePoll('works', { error: 'HTTP 502 from the case system' });
    expect(await forwards.claimPoll('works', baseTime + lease + 2, baseTime + 3 * lease)).toEqual({ body_id: 'works', polled_until: baseTime + lease });
    // What an operator reads of each body's polling (admin bodies sends): the lease held and the last poll.
    expect(await forwards.listPolls()).toEqual([
      { body_id: 'parks', locked_until: baseTime + lease, last_polled_at: null, last_error: null },
      { body_id: 'works', locked_until: baseTime + 3 * lease, last_polled_at: baseTime + lease, last_error: 'HTTP 502 from the case system' },
    ]);
  });

  it('of many instances claiming a body\'s polling at once, exactly one gets it', async () => {
    const other = await openSecondStore(opened);
    try {
      for (const round of [0, 1]) {
        const now = baseTime + round * 2 * lease;
        const claims = await Promise.all(
          Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? opened.store : other).forwards.claimPoll('works', now, now + lease)),
        );
        expect(claims.filter((claim) => claim !== undefined)).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });
});

describe('forwards: the unit of work', () => {
  const opened = useFreshStore();

  /** A publication with the job the caller decided on, if any. */
  const publish = (store: Store, id: string, forward: PlannedChange['forward'], set: PlannedChange['set'] = {}, at = baseTime + hour) =>
    store.unitOfWork.changeRequest(id, () => ({ set: { moderation: 'published', ...set }, audit: audit(at), ...(forward ? { forward } : {}) }));

  it('a publication queues the one job it is told, due then; none when told none; never a second', async () => {
    const { store } = opened;
    await seedBodies(store);
    await store.serviceRequests.create(newRequest('r-works', { body_id: 'works', moderation: 'pending' }));
    await store.serviceRequests.create(newRequest('r-console', { body_id: 'console', moderation: 'pending' }));
    await publish(store, 'r-works', orderFor('works'));
    await publish(store, 'r-console', undefined);
    expect(await store.forwards.list({ limit: 10 })).toEqual([expect.objectContaining({ service_request_id: 'r-works', body_id: 'works', method: 'open311', created_at: baseTime + hour, next_attempt_at: baseTime + hour, attempts: 0 })]);
    const job = await store.forwards.claim('r-works', baseTime + hour, baseTime + hour + lease);

    // Published again (a re-publication after hiding): the one job stays, with its key.
    await publish(store, 'r-works', orderFor('works'), {}, baseTime + 2 * hour);
    expect(await store.forwards.list({ limit: 10 })).toHaveLength(1);
    await store.forwards.retryLater('r-works', baseTime + 2 * hour, 'HTTP 503', false);
    expect(await store.forwards.claim('r-works', baseTime + 2 * hour, baseTime + 3 * hour)).toEqual({ ...job, attempts: 2 });
  });

  it('storage decides nothing: the job is queued for the body and by the method it is told, whatever the body stored says', async () => {
    const { store } = opened;
    await seedBodies(store);
    await store.serviceRequests.create(newRequest('r1', { body_id: 'console', moderation: 'pending' }));
    await publish(store, 'r1', orderFor('mailed'), { body_id: 'mailed' });
    await store.serviceRequests.create(newRequest('r2', { body_id: 'console' }), undefined, { forward: { body_id: 'console', method: 'fax' } });
    expect(await store.forwards.list({ limit: 10 })).toEqual([
      expect.objectContaining({ service_request_id: 'r2', body_id: 'console', method: 'fax' }),
      expect.objectContaining({ service_request_id: 'r1', body_id: 'mailed', method: 'email' }),
    ]);
  });

  it('forwarded ends the job and records the remote id with the plan\'s change; a plan that throws leaves it unsent; a second never applies', async () => {
    const { store } = opened;
    await seedBodies(store);
    await queued(store, 'r1', 'works');
    await store.forwards.claim('r1', baseTime, baseTime + lease);

    await expect(
      store.unitOfWork.changeRequest('r1', () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await store.forwards.findFor(['r1'])).get('r1')).toMatchObject({ sent_at: null, remote_id: null });

    const forwardedPlan = (remoteId: string, at: number) => () => ({
      set: { detailed_status: ['RECEIVED', 'PUBLIC_WORKS_NEW'] },
      audit: audit(at),
      forwarded: { remote_id: remoteId },
    });
    await store.unitOfWork.changeRequest('r1', forwardedPlan('W-42', baseTime + minute));
    expect((await store.forwards.findFor(['r1'])).get('r1')).toMatchObject({ sent_at: baseTime + minute, remote_id: 'W-42', last_error: null });
    expect(await store.forwards.listDue(baseTime + 1000 * hour, 10)).toEqual([]);
    expect(await store.forwards.summary()).toEqual({ pending: 0, failed: 0, oldestPendingAt: null });
    expect((await store.serviceRequests.find('r1'))!.detailed_status).toEqual(['RECEIVED', 'PUBLIC_WORKS_NEW']);

    // A second sender whose lease had expired: its whole change is refused, the first remote id stays.
    await store.unitOfWork.changeRequest('r1', () => ({ set: { detailed_status: ['RECEIVED'] }, audit: audit() }));
    await expect(store.unitOfWork.changeRequest('r1', forwardedPlan('W-43', baseTime + 2 * minute))).rejects.toThrow(/no forward job/);
    expect((await store.forwards.findFor(['r1'])).get('r1')).toMatchObject({ sent_at: baseTime + minute, remote_id: 'W-42' });
    expect((await store.serviceRequests.find('r1'))!.detailed_status).toEqual(['RECEIVED']);
  });
});
