import { beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../src/server/admin/cli';
import type { Store } from '../../../src/server/storage';
import type { BodyRecord } from '../../../src/server/storage/repositories/types';
import { formatW3cDateTime } from '../../../src/server/time/w3c';
import { newRequest, storeServiceTypes } from '../storage/contract/fixtures';
import { printedLines } from './printed-lines';
import { useStorePerTest } from '../../helpers/store-per-test';

const area: BodyRecord['area'] = { type: 'Polygon', coordinates: [[[24.8, 60.1], [25.2, 60.1], [25.2, 60.3], [24.8, 60.3], [24.8, 60.1]]] };
const bodies: BodyRecord[] = [
  { id: 'works', jurisdiction_id: 'works.fi', names: { fi: 'Katu', sv: 'Gata', en: 'Streets' }, area, services: ['171'], send: { method: 'open311', endpoint: 'https://cases.example.fi/open311/v1', api_key: 'secret-key-123' } },
  { id: 'parks', jurisdiction_id: 'parks.fi', names: { fi: 'Puisto', sv: 'Park', en: 'Parks' }, area, services: ['171'], send: { method: 'email', to: 'parks-cases@example.fi' } },
];

describe('npm run admin -- bodies sends|retry', { timeout: 30_000 }, () => {
  let store: Store;
  let env: Record<string, string>;
  const { out, err, io, clear } = printedLines();
  const run = (...argv: string[]) => {
    clear();
    return runAdmin(['bodies', ...argv], io, env);
  };
  const now = Date.now();
  const queue = (id: string, bodyId: string, at: number) =>
    store.serviceRequests.create(
      newRequest(id, { body_id: bodyId, requested_at: at, updated_at: at, email: 'resident@example.org', description: 'Private words of the resident' }),
      undefined,
      { forward: { body_id: bodyId, method: bodies.find((body) => body.id === bodyId)!.send.method } },
    );

  const opened = useStorePerTest('kerro-body-sends-', { storeIn: 'data' });
  beforeEach(async () => {
    ({ store, env } = opened);
    await storeServiceTypes(store);
    await store.bodies.importAll(bodies);
  });

  it('lists given-up sends first, then pending ones, with attempts, next attempt and error; never a key, contact or text', async () => {
    expect(await run('sends')).toBe(0);
    expect(out).toEqual(['0 pending; 0 given up.']);

    await queue('req-waiting', 'works', now - 3 * 3600_000);
    await queue('req-later', 'parks', now - 60_000);
    await queue('req-hopeless', 'works', now - 2 * 86_400_000);
    await store.forwards.claim('req-later', now, now + 60_000);
    await store.forwards.retryLater('req-later', now + 10 * 60_000, 'ECONNREFUSED\n  smtp 127.0.0.1:25', false);
    await store.forwards.giveUp('req-hopeless', now - 86_400_000, 'HTTP 403 from the case system: invalid api_key');

    expect(await run('sends')).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toBe('2 pending, the oldest queued 3h ago; 1 given up.');
    expect(out[1]).toMatch(/^request\s+body\s+method\s+state\s+attempts\s+next attempt\s+last error$/);
    expect(out[2]).toMatch(/^req-hopeless\s+works\s+open311\s+given up\s+0\s+HTTP 403 from the case system: invalid api_key$/);
    expect(out[3]).toMatch(/^req-waiting\s+works\s+open311\s+pending\s+0\s+now$/);
    expect(out[4]).toMatch(/^req-later\s+parks\s+email\s+pending\s+1\s+in 10m\s+ECONNREFUSED smtp 127\.0\.0\.1:25$/);
    expect(out).toHaveLength(5);
    expect(out.join('\n')).not.toMatch(/secret-key|example\.(org|fi)|Private|cases/);

    expect(await run('sends', '--failed')).toBe(0);
    expect(out.slice(2)).toHaveLength(1);
    expect(out[2]).toMatch(/^req-hopeless\s/);
  });

  it('names a lease an instance holds: a send\'s "leased until" instead of "now", and a body\'s poll', async () => {
    // TZ_NAME's time of day (Europe/Helsinki by default).
    const clockTime = (at: number) => formatW3cDateTime(at, 'Europe/Helsinki').slice(11, 19);
    await queue('req-in-flight', 'works', now - 60_000);
    await store.forwards.claim('req-in-flight', now, now + 90_000);
    await store.forwards.claimPoll('works', now, now + 120_000);
    await store.forwards.claimPoll('parks', now - 300_000, now - 180_000); // a lease that has ended: nothing to say

    expect(await run('sends')).toBe(0);
    expect(out[2]).toMatch(new RegExp(`^req-in-flight\\s+works\\s+open311\\s+pending\\s+1\\s+leased until ${clockTime(now + 90_000)} \\(next attempt then\\)$`));
    expect(out[3]).toBe(`Status back from body works: its poll is leased until ${clockTime(now + 120_000)} (no other instance polls it before then).`);
    expect(out).toHaveLength(4);

    // Ended, the leases are not shown: the send is due now again, and no poll is named.
    await store.forwards.releasePoll('works', { error: 'released by the test' });
    await store.forwards.retryLater('req-in-flight', now - 1000, 'HTTP 503', true);
    expect(await run('sends')).toBe(0);
    expect(out[2]).toMatch(/^req-in-flight\s+works\s+open311\s+pending\s+1\s+now\s+HTTP 503$/);
    expect(out).toHaveLength(3);
  });

  it('retry puts one given-up send, or every one, back in the queue, due now with fresh attempts', async () => {
    await queue('req-a', 'works', now - 3600_000);
    await queue('req-b', 'parks', now - 3600_000);
    await queue('req-pending', 'works', now - 60_000);
    for (const id of ['req-a', 'req-b']) await store.forwards.giveUp(id, now - 60_000, 'HTTP 500');

    expect(await run('retry', 'req-pending')).toBe(1);
    expect(err).toEqual(['No given-up send of request req-pending (see npm run admin -- bodies sends --failed).']);
    expect(await run('retry', 'req-a')).toBe(0);
    expect(out).toEqual(['Queued 1 given-up send again; the running server sends it within its next poll.']);
    expect((await store.forwards.findFor(['req-a'])).get('req-a')).toMatchObject({ failed_at: null, attempts: 0 });
    expect(await store.forwards.listDue(Date.now(), 10)).toEqual(expect.arrayContaining(['req-a', 'req-pending']));
    expect(await run('retry', '--all')).toBe(0);
    expect(out).toEqual(['Queued 1 given-up send again; the running server sends it within its next poll.']);
    expect(await run('retry', '--all')).toBe(1);
    expect(err).toEqual(['No given-up sends.']);
    expect((await store.forwards.summary()).failed).toBe(0);
  });

  it('is in the usage, and answers a mistake with usage and exit 2', async () => {
    expect(await run('--help')).toBe(2);
    expect(out.join('\n')).toMatch(/bodies sends \[--failed\][\s\S]*bodies retry REQUEST_ID\|--all/);
    for (const argv of [['sends', '--all'], ['sends', '--failed', 'x'], ['retry'], ['retry', '--failed'], ['retry', 'a', 'b']]) {
      expect(await run(...argv)).toBe(2);
      expect(err.join('\n')).toMatch(/Usage: npm run admin -- bodies/);
    }
  });
});
