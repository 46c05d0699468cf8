/**
 * Limits on asking about a target (an address, a report) that strangers could use up (issue 39,
 * item 7c): one requester's share of a target runs out without using up the target for others,
 * each refusal in the API's own format with Retry-After. Requesters are told apart by
 * X-Forwarded-For under TRUST_PROXY=1, as behind a load balancer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../../src/server/georeport/abuse-report';
import { followLimits } from '../../../src/server/georeport/follow-request';
import { alertLimits } from '../../../src/server/residents/alerts-subscribe';
import { signInLimits } from '../../../src/server/residents/sign-in';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { urlencoded } from '../georeport/form';
import { submitRequest } from '../moderation/moderation-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1', PROXY_POSTS_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const attacker = '198.51.100.66';
const resident = '203.0.113.7';
const from = (client: string) => ({ 'x-forwarded-for': client });

const askForLink = (client: string, email: string) =>
  t.app.inject({ method: 'POST', url: '/residents/api/sign-in', payload: { email, locale: 'en' }, headers: from(client) });
const subscribe = (client: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/residents/api/alerts',
    payload: { kind: 'point', lat: 60.1699, long: 24.9384, radius_m: 500, email, frequency: 'daily' },
    headers: from(client),
  });
/** Through the proxy, as the browser does: the proxy hands the browser's address to the embedded service. */
const viaProxy = (client: string, id: string, file: 'followers.json' | 'abuse.json', fields: Record<string, string>) => {
  const form = urlencoded(fields);
  return t.app.inject({ method: 'POST', url: `/proxy/open311/v1/requests/${id}/${file}`, payload: form.payload, headers: { ...form.headers, ...from(client) } });
};
const toService = (client: string, id: string, file: 'followers.json' | 'abuse.json', fields: Record<string, string>) => {
  const form = urlencoded({ api_key: t.apiKey, ...fields });
  return t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/${file}`, payload: form.payload, headers: { ...form.headers, ...from(client) } });
};

async function publishedReport(): Promise<string> {
  const id = await submitRequest(t);
  await publish(t, id);
  return id;
}

/** The client's nth neighbour in its own network, so each is a requester of its own. */
const client = (n: number) => `192.0.2.${n}`;

describe('sign-in links', () => {
  it("one client's share of an address runs out; another client still gets a link for it", async () => {
    for (let n = 0; n < signInLimits.perPair; n += 1) expect((await askForLink(attacker, 'aino@example.org')).statusCode).toBe(202);
    for (let n = 0; n < 5; n += 1) {
      const refused = await askForLink(attacker, 'aino@example.org');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      expect(refused.json()).toEqual({
        error: { code: 'too_many_attempts', message: 'too many sign-in links for this address from your network: at most 3 an hour; try again in 60 minutes' },
      });
    }
    expect((await askForLink(resident, 'aino@example.org')).statusCode).toBe(202);
  });

  it('an address takes 20 links an hour, whoever asks: many clients are needed to use it up', async () => {
    for (let n = 1; n <= signInLimits.perAddress; n += 1) expect((await askForLink(client(Math.ceil(n / signInLimits.perPair)), 'pekka@example.org')).statusCode).toBe(202);
    const ceiling = await askForLink(client(99), 'pekka@example.org');
    expect(ceiling.statusCode).toBe(429);
    expect(ceiling.json().error.message).toMatch(/^too many sign-in links for this address: at most 20 an hour; try again in \d+ minutes$/);
  });
});

describe('alert confirmations', () => {
  it("one client's share of an address runs out; another client still subscribes it", async () => {
    for (let n = 0; n < alertLimits.perPair; n += 1) expect((await subscribe(attacker, 'liisa@example.org')).statusCode).toBe(202);
    const refused = await subscribe(attacker, 'liisa@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().error).toEqual({ code: 'too_many_attempts', message: expect.stringMatching(/^too many alert requests for this address from your network: at most 3 an hour/) });
    expect((await subscribe(resident, 'liisa@example.org')).statusCode).toBe(202);
  });
});

describe('follows', () => {
  it("one client's share of a report runs out (other addresses too); another client still follows it", async () => {
    const id = await publishedReport();
    for (let n = 0; n < followLimits.perRequestAndClient; n += 1) expect((await viaProxy(attacker, id, 'followers.json', { email: `fake${n}@example.org` })).statusCode).toBe(202);
    const refused = await viaProxy(attacker, id, 'followers.json', { email: 'fake9@example.org' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toEqual([{ code: 429, description: expect.stringMatching(/^too many follow requests for this request from your network: at most 3 an hour; try again in \d+ minutes$/) }]);
    expect((await viaProxy(resident, id, 'followers.json', { email: 'maija@example.org' })).statusCode).toBe(202);
  });

  it("one client's share of an address runs out; another client still follows with it", async () => {
    const reports = [await publishedReport(), await publishedReport(), await publishedReport(), await publishedReport()];
    for (const id of reports.slice(0, followLimits.perAddressAndClient)) expect((await toService(attacker, id, 'followers.json', { email: 'ville@example.org' })).statusCode).toBe(202);
    const refused = await toService(attacker, reports[3]!, 'followers.json', { email: 'VILLE@example.org' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()[0].description).toMatch(/^too many follow requests for this address from your network/);
    expect((await toService(resident, reports[3]!, 'followers.json', { email: 'ville@example.org' })).statusCode).toBe(202);
  });
});

describe('reports of abuse', () => {
  it("one client's share of a report runs out; another client still reports it", async () => {
    const id = await publishedReport();
    for (let n = 0; n < abuseLimits.perRequestAndClient; n += 1) expect((await viaProxy(attacker, id, 'abuse.json', { reason: 'Spam.' })).statusCode).toBe(202);
    const refused = await viaProxy(attacker, id, 'abuse.json', { reason: 'Spam.' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()[0].description).toMatch(/^too many reports of abuse for this request from your network: at most 2 an hour; try again in \d+ minutes$/);
    expect((await viaProxy(resident, id, 'abuse.json', { reason: 'Kuvassa näkyy kasvot.' })).statusCode).toBe(202);
    expect((await t.store.abuseReports.listOpen([id])).get(id)).toHaveLength(3);
  });

  it('a report takes 30 an hour from many clients; one client takes 10 an hour in all', async () => {
    const id = await publishedReport();
    for (let n = 1; n <= abuseLimits.perRequest; n += 1) expect((await toService(client(100 + Math.ceil(n / 2)), id, 'abuse.json', { reason: 'Spam.' })).statusCode).toBe(202);
    expect((await toService(client(200), id, 'abuse.json', { reason: 'Spam.' })).json()[0].description).toMatch(/^too many reports of abuse for this request: at most 30/);
    const busy = '2001:db8:5:5::1';
    for (let n = 0; n < abuseLimits.perClient / 2; n += 1) {
      const other = await publishedReport();
      for (let k = 0; k < 2; k += 1) expect((await toService(busy, other, 'abuse.json', { reason: 'Spam.' })).statusCode).toBe(202);
    }
    // The same /64, another host in it: the same requester.
    const spent = await toService('2001:db8:5:5:ffff::2', await publishedReport(), 'abuse.json', { reason: 'Spam.' });
    expect(spent.json()[0].description).toMatch(/^too many reports of abuse from your network: at most 10 an hour/);
  });
});
