import { describe, expect, it } from 'vitest';
import type { NewAuditEntry } from '../../../../src/server/storage/repositories/types';
import { baseTime, hour, newRequest, openSecondStore, storeServiceTypes, useFreshStore } from './fixtures';

describe('moderation: a moderator’s bodies', () => {
  const opened = useFreshStore();

  it('stores the bodies with the moderator and answers them, sorted and once each, from create, find and list', async () => {
    const { moderation } = opened.store;
    const created = await moderation.createModerator('aino', 'h', baseTime, ['vantaa', 'espoo', 'vantaa']);
    expect(created).toEqual({ id: expect.any(Number), name: 'aino', created_at: baseTime, disabled_at: null, bodies: ['espoo', 'vantaa'] });
    const admin = await moderation.createModerator('eetu', 'h', baseTime);
    expect(admin?.bodies).toEqual([]);
    expect(await moderation.findModerator('aino')).toEqual({ ...created, password_hash: 'h' });
    expect(await moderation.listModerators()).toEqual([created, admin]);
  });

  it('a taken name keeps the first moderator’s bodies', async () => {
    const { moderation } = opened.store;
    await moderation.createModerator('aino', 'h', baseTime, ['espoo']);
    expect(await moderation.createModerator('aino', 'h2', baseTime, ['vantaa'])).toBeUndefined();
    expect((await moderation.findModerator('aino'))?.bodies).toEqual(['espoo']);
  });

  it('setModeratorBodies replaces the bodies, none making an administrator; false for no such moderator', async () => {
    const { moderation } = opened.store;
    await moderation.createModerator('aino', 'h', baseTime, ['espoo']);
    await moderation.createModerator('eetu', 'h', baseTime, ['hel']);
    expect(await moderation.setModeratorBodies('aino', ['vantaa', 'kauniainen'])).toBe(true);
    expect((await moderation.findModerator('aino'))?.bodies).toEqual(['kauniainen', 'vantaa']);
    expect((await moderation.findModerator('eetu'))?.bodies).toEqual(['hel']);
    expect(await moderation.setModeratorBodies('aino', [])).toBe(true);
    expect((await moderation.findModerator('aino'))?.bodies).toEqual([]);
    expect(await moderation.setModeratorBodies('nobody', ['espoo'])).toBe(false);
    expect((await moderation.listModerators()).map((moderator) => moderator.name)).toEqual(['aino', 'eetu']);
  });

  it('a live session carries its moderator’s bodies as they are now, seen by another instance too', async () => {
    const { moderation } = opened.store;
    const aino = (await moderation.createModerator('aino', 'h', baseTime, ['espoo']))!;
    await moderation.createSession({ id: 's', moderator_id: aino.id, csrf_token: 'c', created_at: baseTime, expires_at: baseTime + hour });
    expect((await moderation.findActiveSession('s', baseTime))?.moderator_bodies).toEqual(['espoo']);
    const other = await openSecondStore(opened);
    try {
      await other.moderation.setModeratorBodies('aino', ['hel', 'espoo']);
      expect((await moderation.findActiveSession('s', baseTime))?.moderator_bodies).toEqual(['espoo', 'hel']);
    } finally {
      await other.close();
    }
  });
});

describe('moderation: the audit log by bodies', () => {
  const opened = useFreshStore();

  const entry = (n: number, serviceRequestId: string | null): NewAuditEntry => ({
    at: baseTime + n,
    moderator: 'aino',
    action: serviceRequestId === null ? 'sign_in' : 'publish',
    service_request_id: serviceRequestId,
    details: { n },
  });

  /** Requests of Espoo, Vantaa and Helsinki and one from before bodies, each with entries 1–12 spread over them. */
  const seed = async () => {
    const { serviceRequests, moderation } = opened.store;
    await storeServiceTypes(opened.store);
    await serviceRequests.createMany([
      newRequest('in-espoo', { body_id: 'espoo' }),
      newRequest('in-vantaa', { body_id: 'vantaa' }),
      newRequest('in-hel', { body_id: 'hel' }),
      newRequest('no-body'),
    ]);
    const ids = [null, 'in-espoo', 'in-vantaa', 'in-hel', 'no-body'];
    for (let n = 1; n <= 12; n += 1) await moderation.recordAudit(entry(n, ids[n % ids.length]!));
  };
  const numbers = (entries: { details: Record<string, unknown> }[]) => entries.map((listed) => listed.details.n);

  it('with bodyIds, lists only entries naming a request of those bodies, newest first', async () => {
    await seed();
    const { moderation } = opened.store;
    expect(numbers(await moderation.listAudit({ limit: 20, bodyIds: ['espoo'] }))).toEqual([11, 6, 1]);
    expect(numbers(await moderation.listAudit({ limit: 20, bodyIds: ['vantaa', 'espoo'] }))).toEqual([12, 11, 7, 6, 2, 1]);
    // Sign-ins (no request) and requests without a body: an administrator's alone.
    expect(numbers(await moderation.listAudit({ limit: 20 }))).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(await moderation.listAudit({ limit: 20, bodyIds: ['kauniainen'] })).toEqual([]);
    expect(await moderation.listAudit({ limit: 20, bodyIds: [] })).toEqual([]);
  });

  it('pages within the bodies with beforeId, and combines with the request filter', async () => {
    await seed();
    const { moderation } = opened.store;
    const first = await moderation.listAudit({ limit: 4, bodyIds: ['espoo', 'vantaa'] });
    expect(numbers(first)).toEqual([12, 11, 7, 6]);
    expect(numbers(await moderation.listAudit({ limit: 4, bodyIds: ['espoo', 'vantaa'], beforeId: first.at(-1)!.id }))).toEqual([2, 1]);
    expect(numbers(await moderation.listAudit({ limit: 20, bodyIds: ['espoo'], serviceRequestId: 'in-espoo' }))).toEqual([11, 6, 1]);
    expect(await moderation.listAudit({ limit: 20, bodyIds: ['espoo'], serviceRequestId: 'in-hel' })).toEqual([]);
  });
});
