import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, startTime, testServiceTypes, type TestApp } from '../../helpers/georeport-app';
import { testBackend } from '../../helpers/test-store';
import { newRequest } from '../storage/contract/fixtures';

/** The value of one series in Prometheus text, by its name and exact label set ('' for none). */
function series(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

// Generous: each test opens a fresh store (a new PostgreSQL database on that backend).
describe('GET /metrics', { timeout: 30_000 }, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('shows requests by route pattern, upstream calls, cache hits, the outbox and uploads', async () => {
    t = await createTestApp();
    const sent = (await t.app.inject({ url: '/open311/v1/services.json' })).statusCode;
    expect(sent).toBe(200);
    await t.app.inject({ url: '/open311/v1/requests/private-id-123.json' });
    await t.app.inject({ url: '/no/such/path?email=someone@example.org', headers: { accept: 'application/json' } });
    // The proxy's service list: an in-process upstream call, then the cache answers.
    for (let ask = 0; ask < 2; ask += 1) expect((await t.app.inject({ url: '/proxy/open311/v1/services.json' })).statusCode).toBe(200);
    // Two unsent emails: one waiting since ten minutes before the app's clock, one given up.
    const insert = `INSERT INTO outbox (message_id, to_address, locale, subject, body_text, created_at, next_attempt_at, failed_at)
                    VALUES (?, 'resident@example.org', 'fi', 'Subject', 'Text', ?, ?, ?)`;
    await t.sql.run(insert, 'waiting', startTime - 600_000, startTime - 600_000, null);
    await t.sql.run(insert, 'hopeless', startTime - 900_000, startTime - 900_000, startTime - 60_000);

    const answer = await t.app.inject({ url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    const duration = 'kerro_http_request_duration_seconds';
    // Asked once directly, once by the proxy in-process (its embedded service): both are answered requests.
    expect(series(text, `${duration}_count`, 'route="/open311/v1/services.:format",method="GET",status="200"')).toBe(2);
    expect(series(text, `${duration}_count`, 'route="/proxy/open311/v1/*",method="GET",status="200"')).toBe(2);
    // The route's pattern, never the id or the raw path asked for.
    expect(series(text, `${duration}_count`, 'route="/open311/v1/requests/:service_request_id.:format",method="GET",status="404"')).toBe(1);
    expect(series(text, `${duration}_count`, 'route="(unmatched)",method="GET",status="404"')).toBe(1);
    expect(text).not.toContain('private-id-123');
    expect(text).not.toContain('example.org');
    expect(series(text, `${duration}_sum`, 'route="/open311/v1/services.:format",method="GET",status="200"')).toBeGreaterThan(0);
    expect(series(text, `${duration}_bucket`, 'le="+Inf",route="/open311/v1/services.:format",method="GET",status="200"')).toBe(2);

    expect(series(text, 'kerro_upstream_request_duration_seconds_count', 'service="issue reporting",target="embedded",outcome="200"')).toBe(1);
    expect(series(text, 'kerro_answer_cache_lookups_total', 'cache="proxy_services",result="miss"')).toBe(1);
    expect(series(text, 'kerro_answer_cache_lookups_total', 'cache="proxy_services",result="hit"')).toBe(1);
    expect(series(text, 'kerro_answer_cache_lookups_total', 'cache="georeport_listing",result="hit"')).toBe(0);

    expect(series(text, 'kerro_outbox_messages', 'state="pending"')).toBe(1);
    expect(series(text, 'kerro_outbox_messages', 'state="failed"')).toBe(1);
    expect(series(text, 'kerro_outbox_oldest_pending_age_seconds')).toBe(600);
    expect(series(text, 'kerro_upload_bytes_in_flight')).toBe(0);
    expect(series(text, 'kerro_upload_bytes_in_flight_max')).toBe(t.config.UPLOAD_BYTES_IN_FLIGHT_MAX);
    expect(series(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (testBackend === 'postgres') {
      expect(series(text, 'kerro_db_pool_connections', 'state="max"')).toBe(t.config.DATABASE_POOL_SIZE);
      expect(series(text, 'kerro_db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('kerro_db_pool_connections');
    }
  });

  it("shows reports waiting for their body's case system: pending, failed and the oldest pending one's age", async () => {
    t = await createTestApp();
    const open311 = { method: 'open311' as const, endpoint: 'https://cases.example.fi/open311/v1', api_key: 'secret-key' };
    const area = { type: 'Polygon' as const, coordinates: [[[24, 60], [25, 60], [25, 61], [24, 61], [24, 60]]] };
    await t.store.bodies.importAll([{ id: 'works', jurisdiction_id: 'works.test', names: { fi: 'Katu', sv: 'Gata', en: 'Streets' }, area, services: ['171'], send: open311 }]);
    const queue = (id: string, at: number) =>
      t!.store.serviceRequests.create(newRequest(id, { body_id: 'works', requested_at: at, updated_at: at }), undefined, { forward: { body_id: 'works', method: 'open311' } });
    await queue('waiting', startTime - 300_000);
    await queue('newer', startTime - 60_000);
    await queue('hopeless', startTime - 900_000);
    await t.store.forwards.giveUp('hopeless', startTime - 60_000, 'HTTP 403: invalid api_key');

    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(series(text, 'kerro_forwards', 'state="pending"')).toBe(2);
    expect(series(text, 'kerro_forwards', 'state="failed"')).toBe(1);
    expect(series(text, 'kerro_forwards_oldest_pending_age_seconds')).toBe(300);
    expect(text).not.toContain('secret-key');
  });

  it('shows overdue open reports per body, counted when scraped, 0 for a body with none, no personal data', async () => {
    t = await createTestApp();
    const area = { type: 'Polygon' as const, coordinates: [[[24, 60], [25, 60], [25, 61], [24, 61], [24, 60]]] };
    const body = (id: string) => ({ id, jurisdiction_id: `${id}.test`, names: { fi: id, sv: id, en: id }, area, services: ['171'], send: { method: 'console' as const } });
    await t.store.bodies.importAll([body('streets'), body('parks')]);
    // Potholes (171) are to be closed within 7 days; traffic signs (198) have no target.
    await t.store.serviceTypes.upsert({ ...testServiceTypes[0]!, target_days: 7 });
    const daysAgo = (days: number) => ({ requested_at: startTime - days * 86_400_000, updated_at: startTime - days * 86_400_000 });
    await t.store.serviceRequests.createMany([
      newRequest('late-1', { body_id: 'streets', email: 'reporter@example.org', ...daysAgo(8) }),
      newRequest('late-2', { body_id: 'streets', ...daysAgo(30) }),
      newRequest('on-time', { body_id: 'streets', ...daysAgo(6) }),
      newRequest('late-closed', { body_id: 'streets', detailed_status: ['PROCESSED'], ...daysAgo(8) }),
      newRequest('late-pending', { body_id: 'parks', moderation: 'pending', ...daysAgo(8) }),
      newRequest('no-target', { body_id: 'parks', service_code: '198', ...daysAgo(100) }),
      newRequest('late-no-body', { body_id: null, ...daysAgo(8) }),
    ]);

    const scrape = async () => (await t!.app.inject({ url: '/metrics' })).body;
    let text = await scrape();
    expect(series(text, 'kerro_overdue_requests', 'body="streets"')).toBe(2);
    expect(series(text, 'kerro_overdue_requests', 'body="parks"')).toBe(0);
    expect(series(text, 'kerro_overdue_requests', 'body=""')).toBe(1);
    expect(text).not.toContain('example.org');
    expect(text).not.toContain('late-1');
    // Read at each scrape, at the app's clock: two days on, the one on time is overdue too.
    t.clock.now += 2 * 86_400_000;
    text = await scrape();
    expect(series(text, 'kerro_overdue_requests', 'body="streets"')).toBe(3);
  });

  it('counts an upstream that cannot be reached as an error', async () => {
    // A port nothing listens on (the discard port, closed on loopback).
    t = await createTestApp({ OPEN311_URL: 'http://127.0.0.1:9/open311/v1', OPEN311_API_KEY: 'k', UPSTREAM_TIMEOUT_MS: '2000' });
    expect((await t.app.inject({ url: '/proxy/open311/v1/requests.json' })).statusCode).toBe(502);
    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(series(text, 'kerro_upstream_errors_total', 'service="issue reporting",target="http",reason="unreachable"')).toBe(1);
  });

  it('is a 404 to any address outside METRICS_ALLOW, and to an outside client behind a trusted proxy', async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', METRICS_ALLOW: '127.0.0.1,::1,10.1.0.0/16' });
    const notFound = await t.app.inject({ url: '/metrics/no-such-thing', remoteAddress: '192.0.2.7' });
    const outside = await t.app.inject({ url: '/metrics', remoteAddress: '192.0.2.7' });
    expect(outside.statusCode).toBe(404);
    // Indistinguishable from a path that does not exist.
    expect(outside.body).toBe(notFound.body);
    expect(outside.headers['content-type']).toBe(notFound.headers['content-type']);
    // Behind the load balancer every socket is loopback: the client it names decides.
    const throughProxy = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } });
    expect(throughProxy.statusCode).toBe(404);
    const allowedBehindProxy = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '10.1.2.3' } });
    expect(allowedBehindProxy.statusCode).toBe(200);
    // A client-sent X-Forwarded-For from an untrusted socket is not believed.
    const spoofed = await t.app.inject({ url: '/metrics', remoteAddress: '192.0.2.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(spoofed.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('refuses a METRICS_ALLOW entry that is not an address, naming it', async () => {
    await expect(createTestApp({ METRICS_ALLOW: '127.0.0.1,localhost' })).rejects.toThrow(/METRICS_ALLOW: .*not understood: localhost/);
  });
});
