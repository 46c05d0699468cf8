import { describe, expect, it } from 'vitest';
import type { StoredAnswer } from '../../../../src/server/storage/repositories/types';
import { baseTime, day, minute, newRequest, openSecondStore, storeServiceTypes, useFreshStore } from './fixtures';

const answer: StoredAnswer = { statusCode: 200, contentType: 'application/json; charset=utf-8', body: '[{"service_request_id":"abc","service_notice":""}]' };

describe('idempotency keys', () => {
  const opened = useFreshStore();
  const keys = () => opened.store.idempotencyKeys;
  const claim = (key: string, fingerprint: string, now = baseTime, scope = 'proxy:open311') =>
    keys().claim({ scope, key, fingerprint, now, leaseMs: minute });

  it('claims a new key once; a repeat sees it running, then its first answer until it expires', async () => {
    expect(await claim('k1', 'f1')).toEqual({ outcome: 'claimed' });
    expect(await claim('k1', 'f1', baseTime + 1)).toEqual({ outcome: 'running', leaseUntil: baseTime + minute });
    expect(await keys().find('proxy:open311', 'k1', baseTime + 1)).toEqual({ state: 'running', leaseUntil: baseTime + minute });
    await keys().complete({ scope: 'proxy:open311', key: 'k1', answer, expiresAt: baseTime + day });
    expect(await claim('k1', 'f1', baseTime + 2)).toEqual({ outcome: 'replay', answer });
    expect(await keys().find('proxy:open311', 'k1', baseTime + day - 1)).toEqual({ state: 'done', answer });
    // Expired: forgotten; the key starts afresh.
    expect(await keys().find('proxy:open311', 'k1', baseTime + day)).toBeUndefined();
    expect(await claim('k1', 'f2', baseTime + day)).toEqual({ outcome: 'claimed' });
  });

  it('tells a key sent with another request apart, running or done', async () => {
    await claim('k2', 'f1');
    expect(await claim('k2', 'other')).toEqual({ outcome: 'mismatch' });
    await keys().complete({ scope: 'proxy:open311', key: 'k2', answer, expiresAt: baseTime + day });
    expect(await claim('k2', 'other')).toEqual({ outcome: 'mismatch' });
  });

  it('scopes keys by caller', async () => {
    await claim('shared', 'f1', baseTime, 'api-key:a');
    expect(await claim('shared', 'f1', baseTime, 'api-key:b')).toEqual({ outcome: 'claimed' });
    expect(await keys().find('api-key:c', 'shared', baseTime)).toBeUndefined();
  });

  it('a released claim frees the key; a done record is never released', async () => {
    await claim('k3', 'f1');
    await keys().release('proxy:open311', 'k3');
    expect(await keys().find('proxy:open311', 'k3', baseTime)).toBeUndefined();
    expect(await claim('k3', 'corrected form')).toEqual({ outcome: 'claimed' });
    await keys().complete({ scope: 'proxy:open311', key: 'k3', answer, expiresAt: baseTime + day });
    await keys().release('proxy:open311', 'k3');
    expect(await claim('k3', 'corrected form')).toEqual({ outcome: 'replay', answer });
  });

  it('a claim whose holder died is taken over once its lease has passed', async () => {
    await claim('k4', 'f1');
    expect(await claim('k4', 'f1', baseTime + minute - 1)).toMatchObject({ outcome: 'running' });
    expect(await claim('k4', 'f1', baseTime + minute)).toEqual({ outcome: 'claimed' });
  });

  it('purges expired records of every key on a later claim', async () => {
    for (const key of ['old-a', 'old-b']) {
      await claim(key, 'f');
      await keys().complete({ scope: 'proxy:open311', key, answer, expiresAt: baseTime + day });
    }
    await claim('fresh', 'f', baseTime + day + 1);
    const other = await openSecondStore(opened);
    try {
      // Read through another instance, well before the expiry: had the rows stayed, they would show.
      expect(await other.idempotencyKeys.find('proxy:open311', 'old-a', baseTime)).toBeUndefined();
      expect(await other.idempotencyKeys.find('proxy:open311', 'old-b', baseTime)).toBeUndefined();
      expect(await other.idempotencyKeys.find('proxy:open311', 'fresh', baseTime + day + 1)).toMatchObject({ state: 'running' });
    } finally {
      await other.close();
    }
  });

  it('a new report records its key\'s answer in its own transaction; a report that cannot be stored leaves its key running', async () => {
    await storeServiceTypes(opened.store);
    await claim('k-report', 'f1');
    const completion = { scope: 'proxy:open311', key: 'k-report', answer, expiresAt: baseTime + day };
    await opened.store.serviceRequests.create(newRequest('abc'), undefined, { idempotencyKey: completion });
    expect(await keys().find('proxy:open311', 'k-report', baseTime + 1)).toEqual({ state: 'done', answer });
    // A retry after the claim's lease finds the report's answer: nothing runs again.
    expect(await claim('k-report', 'f1', baseTime + day - 1)).toEqual({ outcome: 'replay', answer });

    await claim('k-failed', 'f1');
    await expect(opened.store.serviceRequests.create(newRequest('abc'), undefined, { idempotencyKey: { ...completion, key: 'k-failed' } })).rejects.toThrow();
    expect(await keys().find('proxy:open311', 'k-failed', baseTime + 1)).toEqual({ state: 'running', leaseUntil: baseTime + minute });
  });

  it('claims arriving at once, across instances, let exactly one through', async () => {
    const other = await openSecondStore(opened);
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 === 0 ? opened.store : other).idempotencyKeys.claim({ scope: 'proxy:open311', key: 'busy', fingerprint: 'f', now: baseTime, leaseMs: minute }),
        ),
      );
      expect(results.filter((result) => result.outcome === 'claimed')).toHaveLength(1);
      expect(results.filter((result) => result.outcome === 'running')).toHaveLength(19);
      await other.idempotencyKeys.complete({ scope: 'proxy:open311', key: 'busy', answer, expiresAt: baseTime + day });
      expect(await opened.store.idempotencyKeys.claim({ scope: 'proxy:open311', key: 'busy', fingerprint: 'f', now: baseTime + 5, leaseMs: minute })).toEqual({
        outcome: 'replay',
        answer,
      });
    } finally {
      await other.close();
    }
  });
});
