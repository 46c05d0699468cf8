/**
 * Status back (issue 27): a second Kerro, listening on loopback, is the body's case system; its
 * moderator's changes come back to the first Kerro's request through the poller. A tiny HTTP
 * server stands in for a case system that answers rubbish.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../../../src/server/auth/api-keys';
import { createCaseSystemPoller, type CaseSystemPoller } from '../../../src/server/forwarding/case-system-poller';
import { createForwardSender } from '../../../src/server/forwarding/forward-sender';
import { createMailLinks } from '../../../src/server/notify/mail-links';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { addModerator, signIn, submitRequest, type ModeratorSession } from '../moderation/moderation-client';
import { startCaseSystemProxy, startFixedAnswer, startRedirect } from './case-system-proxy';
import { caseSystemSets as caseSystemSetsBy, cityBody as cityBodyAt, forwardedReport as forwardedReportTo, historyOf as historyIn, reporter, requestOf as requestIn } from './kerro-and-case-system';


const cityBody = (endpoint: string, apiKey = 'k') => cityBodyAt(endpoint, { api_key: apiKey });

let kerro: TestApp;
let cases: TestApp;
let casesModerator: ModeratorSession;
const silent = { info: () => undefined, warn: () => undefined };

function pollerOf(t: TestApp, options: { overlapMs?: number; timeoutMs?: number; pageLimit?: number; intervalMs?: number; env?: NodeJS.ProcessEnv } = {}): CaseSystemPoller {
  return createCaseSystemPoller({
    store: t.store,
    mail: { links: createMailLinks('test-secret', 'http://kerro.test'), timeZone: 'Europe/Helsinki', mailFrom: t.config.MAIL_FROM },
    intervalMs: options.intervalMs ?? 3_600_000,
    log: silent,
    now: () => t.clock.now,
    overlapMs: options.overlapMs ?? 0,
    timeoutMs: options.timeoutMs,
    pageLimit: options.pageLimit,
    env: options.env ?? {},
  });
}

/** Both instances' clocks at once, on a whole second. */
function setClocks(at: number) {
  kerro.clock.now = at;
  cases.clock.now = at;
}

beforeEach(async () => {
  cases = await createTestApp({}, { listen: true });
  kerro = await createTestApp();
  await kerro.store.bodies.importAll([cityBody(`${cases.baseUrl}/open311/v1`)]);
  await addModerator(cases, 'maija', 'correct horse battery');
  casesModerator = await signIn(cases);
}, 30_000);
afterEach(async () => {
  await kerro.close();
  await cases.close();
});

/** A published report with its reporter's email, forwarded to the case system (as the sender leaves it); null: to a stand-in, as `standInId`. */
const forwardedReport = (endpointApp: TestApp | null = cases, standInId = 'remote-1') =>
  forwardedReportTo(kerro, endpointApp ? { cases: endpointApp } : { remoteId: standInId });
const caseSystemSets = (remoteId: string, detailedStatus: string[], notes?: string) => caseSystemSetsBy(casesModerator, remoteId, detailedStatus, notes);
const requestOf = (id: string) => requestIn(kerro, id);
const historyOf = (id: string) => historyIn(kerro, id);
const emailsTo = async (address: string) =>
  kerro.sql.all<{ subject: string; service_request_id: string }>('SELECT subject, service_request_id FROM outbox WHERE to_address = ? ORDER BY id', address);
const pollRow = () => kerro.sql.get<{ polled_until: number | null; last_error: string | null; locked_until: number | null }>(
  "SELECT polled_until, last_error, locked_until FROM case_system_polls WHERE body_id = 'city'",
);

describe('the case-system poller', () => {
  it('applies a change made at the window’s edge once: status, notes, history, the reporter’s email', async () => {
    const { id, remoteId } = await forwardedReport();
    const emailsBefore = (await emailsTo(reporter)).length;
    const poller = pollerOf(kerro);
    setClocks(kerro.clock.now + 60_000);
    await caseSystemSets(remoteId, ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], 'Crew booked for Monday.');
    // The poll's window ends exactly at the change's second.
    expect(await poller.pollOnce()).toEqual([{ bodyId: 'city', outcome: 'polled', applied: 1 }]);

    const request = await requestOf(id);
    expect(request.detailed_status).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS']);
    expect(request.status).toBe('open');
    expect(request.status_notes).toBe('Crew booked for Monday.');
    expect((await historyOf(id)).at(-1)).toMatchObject({ kind: 'status', detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], note: 'Crew booked for Monday.' });
    const emails = await emailsTo(reporter);
    expect(emails).toHaveLength(emailsBefore + 1);
    expect(emails.at(-1)!.service_request_id).toBe(id);
    expect((await kerro.store.forwards.findFor([id])).get(id)!.remote_updated_at).toBe(cases.clock.now);
    expect((await pollRow())!.polled_until).toBe(kerro.clock.now);

    // The next window starts at that same second: seen again, applied once.
    setClocks(kerro.clock.now + 1000);
    const historyLength = (await historyOf(id)).length;
    expect(await poller.pollOnce()).toEqual([{ bodyId: 'city', outcome: 'polled', applied: 0 }]);
    expect(await historyOf(id)).toHaveLength(historyLength);
    expect(await emailsTo(reporter)).toHaveLength(emailsBefore + 1);

    // Closing it there closes it here.
    setClocks(kerro.clock.now + 60_000);
    await caseSystemSets(remoteId, ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], 'Filled.');
    expect((await poller.pollOnce())[0]!.applied).toBe(1);
    expect((await requestOf(id)).status).toBe('closed');
    expect(await emailsTo(reporter)).toHaveLength(emailsBefore + 2);
  });

  it('never moves a request backwards: an update older than the one applied is ignored', async () => {
    const { id, remoteId } = await forwardedReport();
    const poller = pollerOf(kerro, { overlapMs: 5 * 60_000 });
    const start = kerro.clock.now;
    setClocks(start + 120_000);
    await caseSystemSets(remoteId, ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], 'Filled.');
    expect((await poller.pollOnce())[0]!.applied).toBe(1);

    // The case system's clock went back a minute: its next change is stamped before the one applied.
    cases.clock.now = start + 60_000;
    kerro.clock.now = start + 180_000;
    await caseSystemSets(remoteId, ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], 'Reopened?');
    expect((await poller.pollOnce())[0]!.applied).toBe(0);
    expect((await requestOf(id)).detailed_status).toEqual(['PROCESSED', 'PUBLIC_WORKS_COMPLETED']);
    expect((await requestOf(id)).status_notes).toBe('Filled.');
  });

  it('asks by id for a forwarded report no window showed', async () => {
    const forwardedAt = kerro.clock.now;
    // Changed in the case system long before it was forwarded (its clock far behind): before the first window.
    cases.clock.now = forwardedAt - 3 * 3_600_000;
    const { id, remoteId } = await forwardedReport();
    await caseSystemSets(remoteId, ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], 'Seen by id.');
    kerro.clock.now = forwardedAt + 60_000;
    expect((await pollerOf(kerro).pollOnce())[0]!.applied).toBe(1);
    expect((await requestOf(id)).status_notes).toBe('Seen by id.');
    // Something came back: asked again at the next pass; nothing new then: it rests an hour.
    const dueById = async () => (await kerro.store.forwards.listUnseen('city', { checkedAfter: kerro.clock.now - 3_600_000, limit: 10 })).map((report) => report.service_request_id);
    expect(await dueById()).toEqual([id]);
    kerro.clock.now += 60_000;
    expect((await pollerOf(kerro).pollOnce())[0]!.applied).toBe(0);
    expect(await dueById()).toEqual([]);
  });

  it('follows no redirect: a 302 to an address of the case system\'s choosing is an error, and nothing is fetched there', async () => {
    const elsewhere = await startFixedAnswer(200, 'text/plain', 'kerro_metrics 1');
    const redirecting = await startRedirect(`${elsewhere.url}/metrics`);
    try {
      await kerro.store.bodies.importAll([cityBody(`${redirecting.url}/open311/v1`)]);
      await forwardedReport(null);
      kerro.clock.now += 60_000;
      await pollerOf(kerro).pollOnce();
      expect(redirecting.requests).toBeGreaterThan(0);
      expect(elsewhere.requests).toBe(0);
      expect((await pollRow())?.last_error).toMatch(/answered 302/);
    } finally {
      await redirecting.close();
      await elsewhere.close();
    }
  });

  it('lets one instance poll a body at a time', async () => {
    const { id, remoteId } = await forwardedReport();
    setClocks(kerro.clock.now + 60_000);
    await caseSystemSets(remoteId, ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], 'On it.');

    // Another instance holds the lease: this one leaves the body alone.
    const held = await kerro.store.forwards.claimPoll('city', kerro.clock.now, kerro.clock.now + 60_000);
    expect(held).toBeDefined();
    expect(await pollerOf(kerro).pollOnce()).toEqual([{ bodyId: 'city', outcome: 'leased elsewhere', applied: 0 }]);
    expect((await requestOf(id)).status_notes).toBe('');
    await kerro.store.forwards.releasePoll('city', { error: 'released by the test' });

    // Two pollers at once: the change is applied once between them.
    const outcomes = (await Promise.all([pollerOf(kerro).pollOnce(), pollerOf(kerro).pollOnce()])).flat();
    expect(outcomes.reduce((sum, outcome) => sum + outcome.applied, 0)).toBe(1);
    expect((await historyOf(id)).filter((event) => event.kind === 'status' && event.note === 'On it.')).toHaveLength(1);
  });
});

describe('asking by id (issue 40, items 5 and 6)', () => {
  let proxy: Awaited<ReturnType<typeof startCaseSystemProxy>>;
  beforeEach(async () => {
    proxy = await startCaseSystemProxy(cases.baseUrl);
  });
  afterEach(() => proxy.close());

  const asksById = () => proxy.gets.filter((url) => url.searchParams.has('service_request_id'));
  const windowAsks = () => proxy.gets.filter((url) => url.searchParams.has('updated_after'));
  /** Polls `count` times, five minutes apart. */
  async function pollEveryFiveMinutes(poller: CaseSystemPoller, count: number) {
    for (let index = 0; index < count; index += 1) {
      setClocks(kerro.clock.now + 5 * 60_000);
      expect((await poller.pollOnce())[0]!.outcome).toBe('polled');
    }
  }

  it('never asks by id for a report a window listed, unchanged, however many polls', async () => {
    await kerro.store.bodies.importAll([cityBody(`${proxy.url}/open311/v1`, cases.apiKey)]);
    const { id } = await forwardedReport();
    const before = await requestOf(id);
    await pollEveryFiveMinutes(pollerOf(kerro), 6);
    expect(windowAsks()).toHaveLength(6);
    expect(asksById()).toEqual([]);
    expect((await requestOf(id)).detailed_status).toEqual(before.detailed_status);
  });

  it('asks by id for a report no listing shows at most once an hour while nothing comes back', async () => {
    await kerro.store.bodies.importAll([cityBody(`${proxy.url}/open311/v1`, cases.apiKey)]);
    // An id the case system does not know: no listing shows it, and by id it answers [].
    await forwardedReport(null, 'gone-1');
    const poller = pollerOf(kerro);
    await pollEveryFiveMinutes(poller, 6);
    expect(asksById().map((url) => url.searchParams.get('service_request_id'))).toEqual(['gone-1']);
    // An hour after that ask, it is asked again, once.
    setClocks(kerro.clock.now + 35 * 60_000);
    await pollEveryFiveMinutes(poller, 2);
    expect(asksById()).toHaveLength(2);
  });

  it('follows a report still pending in the Kerro it was forwarded to: by id with Kerro\'s key, listed there to that key alone', async () => {
    // The key from the environment (api_key_env), as the sender reads it; every ask goes through the proxy.
    const env = { KERRO_TEST_CASE_SYSTEM_KEY: cases.apiKey };
    const body = cityBody(`${proxy.url}/open311/v1`);
    body.send = { method: 'open311', endpoint: `${proxy.url}/open311/v1`, api_key_env: 'KERRO_TEST_CASE_SYSTEM_KEY', premoderation: false };
    await kerro.store.bodies.importAll([body]);
    const id = await submitRequest(kerro, { email: reporter });
    const sender = createForwardSender({ repositories: kerro.store, log: kerro.app.log, mail: { links: createMailLinks('s', 'http://kerro.test'), mailFrom: kerro.config.MAIL_FROM, timeZone: 'Europe/Helsinki' }, env, now: () => kerro.clock.now });
    expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const remoteId = (await kerro.store.forwards.findFor([id])).get(id)!.remote_id!;
    expect((await cases.store.serviceRequests.find(remoteId))!.moderation).toBe('pending');

    // The case system's moderator works on it before publishing it.
    setClocks(kerro.clock.now + 60_000);
    await caseSystemSets(remoteId, ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], 'Crew booked, report not yet public.');
    expect(await pollerOf(kerro, { env }).pollOnce()).toEqual([{ bodyId: 'city', outcome: 'polled', applied: 1 }]);
    const request = await requestOf(id);
    expect(request.detailed_status).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS']);
    expect(request.status_notes).toBe('Crew booked, report not yet public.');
    // Every ask carried the key, as GeoReport clients send it on GETs.
    expect(asksById().map((url) => url.searchParams.get('service_request_id'))).toEqual([remoteId]);
    for (const url of proxy.gets) expect(url.searchParams.get('api_key')).toBe(cases.apiKey);

    // Still pending there: another key, or none, is not shown it.
    const other = (await createApiKey(cases.repositories.apiKeys, 'another client', cases.clock.now)).key;
    for (const key of [other, undefined]) {
      const query = key === undefined ? '' : `&api_key=${encodeURIComponent(key)}`;
      const listed = await cases.app.inject({ method: 'GET', url: `/open311/v1/requests.json?service_request_id=${remoteId}${query}` });
      expect(listed.json()).toEqual([]);
    }
  });
});

describe('a case system that answers rubbish', () => {
  let server: Server;
  let answer: (response: ServerResponse, url: URL) => void;
  const sockets = new Set<Socket>();

  beforeEach(async () => {
    server = createServer((request, response) => answer(response, new URL(request.url!, 'http://stand-in')));
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await kerro.store.bodies.importAll([cityBody(`http://127.0.0.1:${port}/open311/v1`)]);
  });
  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const json = (body: unknown) => (response: ServerResponse) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  it.each([
    ['HTML', (response: ServerResponse) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Maintenance</title>'), /other than JSON/],
    ['the wrong shape', json({ service_requests: [] }), /unexpected shape/],
    ['a wrong status', json([{ service_request_id: 'remote-1', status: 'pending', updated_datetime: '2026-11-20T12:00:00Z' }]), /unexpected shape: 0\.status/],
    ['an error status', (response: ServerResponse) => response.writeHead(503).end('busy'), /answered 503/],
    ['nothing (it hangs)', () => undefined, /no answer within 300 ms/],
  ])('changes nothing when it answers %s, records the error, and the next poll recovers', async (_name, rubbish, error) => {
    const { id } = await forwardedReport(null);
    const before = await requestOf(id);
    const poller = pollerOf(kerro, { timeoutMs: 300 });
    answer = rubbish;
    const [outcome] = await poller.pollOnce();
    expect(outcome).toMatchObject({ outcome: 'failed', applied: 0 });
    expect(outcome!.error).toMatch(error);
    expect(await pollRow()).toMatchObject({ polled_until: null, locked_until: null });
    expect((await pollRow())!.last_error).toMatch(error);
    expect(await requestOf(id)).toEqual(before);

    answer = json([
      {
        service_request_id: 'remote-1',
        status: 'closed',
        status_notes: 'Done.',
        updated_datetime: new Date(kerro.clock.now).toISOString(),
        extended_attributes: { detailed_status: 'PROCESSED,PUBLIC_WORKS_COMPLETED' },
      },
    ]);
    expect((await poller.pollOnce())[0]).toEqual({ bodyId: 'city', outcome: 'polled', applied: 1 });
    expect((await requestOf(id)).detailed_status).toEqual(['PROCESSED', 'PUBLIC_WORKS_COMPLETED']);
    expect(await pollRow()).toMatchObject({ polled_until: kerro.clock.now, last_error: null });
  });

  it('holds a body about one interval: with a 60 s interval, another instance polls 2 minutes after one died mid-poll, not 26', async () => {
    await forwardedReport(null);
    // The first ask never gets its answer while the test looks: the instance asking it is as good as dead.
    let hung: ServerResponse | undefined;
    answer = (response) => {
      if (hung) json([])(response);
      else hung = response;
    };
    const dying = pollerOf(kerro, { intervalMs: 60_000 }).pollOnce();
    await vi.waitFor(() => expect(hung).toBeDefined());
    const leasedUntil = (await pollRow())!.locked_until!;
    expect(leasedUntil - kerro.clock.now).toBeGreaterThan(60_000);
    expect(leasedUntil - kerro.clock.now).toBeLessThanOrEqual(2 * 60_000);

    const other = pollerOf(kerro, { intervalMs: 60_000 });
    kerro.clock.now = leasedUntil - 1000;
    expect(await other.pollOnce()).toEqual([{ bodyId: 'city', outcome: 'leased elsewhere', applied: 0 }]);
    kerro.clock.now = leasedUntil;
    expect(await other.pollOnce()).toEqual([{ bodyId: 'city', outcome: 'polled', applied: 0 }]);
    json([])(hung!);
    await dying;
  });

  it('stops asking a slow case system after one interval, inside its lease, and goes on at the next pass', async () => {
    await forwardedReport(null);
    let asks = 0;
    // Every answer is a full page (so the window is halved and asked again) and takes 25 s.
    answer = (response) => {
      asks += 1;
      kerro.clock.now += 25_000;
      json([{ service_request_id: 'not-ours', status: 'open', updated_datetime: new Date(kerro.clock.now).toISOString() }])(response);
    };
    const leasedUntil = kerro.clock.now + 2 * 60_000; // the lease of a 60 s interval
    const poller = pollerOf(kerro, { intervalMs: 60_000, pageLimit: 1 });
    expect(await poller.pollOnce()).toEqual([{ bodyId: 'city', outcome: 'polled', applied: 0 }]);
    // Asked at 0, 25 and 50 s; not at 75 s, past the 60 s interval (an answer then could outlast the lease).
    expect(asks).toBe(3);
    expect(kerro.clock.now).toBeLessThan(leasedUntil);
    expect(await pollRow()).toMatchObject({ locked_until: null, last_error: null });
    expect((await poller.pollOnce())[0]!.outcome).toBe('polled');
    expect(asks).toBe(6);
  });

  it('halves a window whose answer may have been cut at a page, so no change is lost', async () => {
    const start = kerro.clock.now;
    const reports = [await forwardedReport(null, 'remote-1'), await forwardedReport(null, 'remote-2'), await forwardedReport(null, 'remote-3')];
    // Seen at an earlier poll, so only the windows can bring their next changes.
    for (const { id } of reports) {
      await kerro.store.unitOfWork.changeRequest(id, () => ({ set: {}, audit: { at: start, moderator: 'test', action: 'case_system_update', details: {} }, remoteUpdatedAt: start - 1000 }));
    }
    // Each closed a second apart; the stand-in lists the newest reports first and cuts its answer at two.
    const changes = reports.map(({ remoteId }, index) => ({
      service_request_id: remoteId,
      status: 'closed',
      updated_datetime: new Date(start + (index + 1) * 1000).toISOString(),
      extended_attributes: { detailed_status: 'PROCESSED,PUBLIC_WORKS_COMPLETED' },
    }));
    answer = (response, url) => {
      const [from, to] = ['updated_after', 'updated_before'].map((name) => Date.parse(url.searchParams.get(name) ?? ''));
      const inWindow = changes.filter((change) => Date.parse(change.updated_datetime) >= from! && Date.parse(change.updated_datetime) <= to!);
      json(inWindow.reverse().slice(0, 2))(response);
    };
    kerro.clock.now = start + 10_000;
    expect((await pollerOf(kerro, { pageLimit: 2 }).pollOnce())[0]).toEqual({ bodyId: 'city', outcome: 'polled', applied: 3 });
    for (const { id } of reports) expect((await requestOf(id)).status).toBe('closed');
    expect((await pollRow())!.polled_until).toBe(kerro.clock.now);
  });
});
