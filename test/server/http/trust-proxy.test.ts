/**
 * TRUST_PROXY in each form the README gives: whose X-Forwarded-For decides the client address the
 * proxy's rate limit counts under, and whose X-Forwarded-Proto makes the session cookie Secure.
 * Every request comes from a socket address (inject's remoteAddress), as behind a load balancer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { urlencoded } from '../georeport/form';
import { addModerator, login } from '../moderation/moderation-client';

const proxy = '10.0.0.5';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Starts an app allowing one report a minute per client address. */
async function start(trustProxy: string): Promise<TestApp> {
  t = await createTestApp({ TRUST_PROXY: trustProxy, PROXY_POSTS_PER_MINUTE: '1' });
  return t;
}

/** A (bad, hence cheap) report through the proxy: 429 once the client it is counted for has used its one. */
async function report(app: TestApp, from: string, forwardedFor?: string): Promise<number> {
  const body = urlencoded({ description: 'x' });
  const answer = await app.app.inject({
    method: 'POST',
    url: '/proxy/open311/v1/requests.json',
    remoteAddress: from,
    payload: body.payload,
    headers: { ...body.headers, ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }) },
  });
  return answer.statusCode;
}

const limited = 429;

describe('a hop count (TRUST_PROXY=1)', () => {
  it('counts each client forwarded by the proxy apart', async () => {
    const app = await start('1');
    expect(await report(app, proxy, '203.0.113.7')).not.toBe(limited);
    expect(await report(app, proxy, '203.0.113.7')).toBe(limited);
    expect(await report(app, proxy, '203.0.113.8')).not.toBe(limited);
  });

  it('believes only the hop it was told to: an address the client wrote itself is not its address', async () => {
    const app = await start('1');
    expect(await report(app, proxy, '203.0.113.7')).not.toBe(limited);
    // The client sent "X-Forwarded-For: 198.51.100.1"; the proxy appended the address it saw.
    expect(await report(app, proxy, '198.51.100.1, 203.0.113.7')).toBe(limited);
  });

  it('makes the session cookie Secure when the proxy says the client used https', async () => {
    const app = await start('1');
    await addModerator(app, 'maija', 'correct horse battery');
    const cookie = async (headers: Record<string, string>) =>
      [(await login(app, 'maija', 'correct horse battery', headers)).headers['set-cookie']].flat().join('\n');
    expect(await cookie({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' })).toMatch(/; Secure/);
    expect(await cookie({ 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.7' })).not.toMatch(/; Secure/);
  });
});

describe('addresses and CIDR ranges (TRUST_PROXY=10.0.0.5,10.1.0.0/16)', () => {
  it('believes the listed proxies, each of them, and nobody else', async () => {
    const app = await start('10.0.0.5,10.1.0.0/16');
    // Through both proxies: the client is the address before them.
    expect(await report(app, proxy, '203.0.113.7, 10.1.4.2')).not.toBe(limited);
    expect(await report(app, '10.1.200.9', '203.0.113.7')).toBe(limited);
    // A client that is not a proxy is counted under its own address, whatever it writes.
    expect(await report(app, '192.0.2.50', '203.0.113.9')).not.toBe(limited);
    expect(await report(app, '192.0.2.50', '203.0.113.10')).toBe(limited);
  });

  it('takes X-Forwarded-Proto from a listed proxy only', async () => {
    const app = await start('10.0.0.5,10.1.0.0/16');
    await addModerator(app, 'maija', 'correct horse battery');
    const cookie = async (from: string) =>
      [
        (
          await app.app.inject({
            method: 'POST',
            url: '/moderation/api/session',
            remoteAddress: from,
            payload: { name: 'maija', password: 'correct horse battery' },
            headers: { 'x-forwarded-proto': 'https' },
          })
        ).headers['set-cookie'],
      ].flat().join('\n');
    expect(await cookie(proxy)).toMatch(/; Secure/);
    expect(await cookie('192.0.2.50')).not.toMatch(/; Secure/);
  });
});

describe('no proxy (TRUST_PROXY=false, the default)', () => {
  it('ignores X-Forwarded-For', async () => {
    const app = await start('false');
    expect(await report(app, proxy, '203.0.113.7')).not.toBe(limited);
    expect(await report(app, proxy, '203.0.113.8')).toBe(limited);
  });
});

describe('the setting', () => {
  it('reads each documented form', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
  });

  it.each([
    ['true', /TRUST_PROXY: .*true would believe X-Forwarded-For from anybody/],
    ['nginx', /TRUST_PROXY: .*not understood: nginx/],
    ['10.0.0.300', /not understood: 10\.0\.0\.300/],
    ['10.0.0.0/33', /not understood: 10\.0\.0\.0\/33/],
    ['10.0.0.5,,1', /not understood: 1\)/],
  ])('refuses %s at start, naming it', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
  });
});
