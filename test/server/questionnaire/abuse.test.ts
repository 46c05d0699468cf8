/** Reporting abuse (issue 28): through the proxy and the service, its limits, and the moderators' side. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import { urlencoded } from '../georeport/form';
import { addModerator, publicListIds, signIn, submitRequest } from '../moderation/moderation-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROXY_POSTS_PER_MINUTE: '100' }, { listen: true, captureLogs: true });
  await t.store.bodies.importAll([
    {
      id: 'hel',
      jurisdiction_id: 'hel.fi',
      names: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' },
      area: { type: 'Polygon', coordinates: [[[24.8, 60.1], [25.1, 60.1], [25.1, 60.3], [24.8, 60.3], [24.8, 60.1]]] },
      services: ['171'],
      send: { method: 'console' },
    },
    {
      id: 'esp',
      jurisdiction_id: 'espoo.fi',
      names: { fi: 'Espoon kaupunki', sv: 'Esbo stad', en: 'City of Espoo' },
      area: { type: 'Polygon', coordinates: [[[24.5, 60.1], [24.79, 60.1], [24.79, 60.3], [24.5, 60.3], [24.5, 60.1]]] },
      services: ['171'],
      send: { method: 'console' },
    },
  ]);
  await addModerator(t, 'maija', 'correct horse battery');
  await t.store.moderation.createModerator('eero', await lightPasswordHash('correct horse battery'), t.clock.now, ['esp']);
});
afterAll(() => t.close());

const reason = 'Kuvassa näkyy ihmisen kasvot ja auton rekisterikilpi.';
const viaProxy = (id: string, fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/proxy/open311/v1/requests/${id}/abuse.json`, ...urlencoded(fields) });
const toService = (id: string, fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/abuse.json`, ...urlencoded({ api_key: t.apiKey, ...fields }) });

async function publishedReport(): Promise<string> {
  const id = await submitRequest(t);
  await publish(t, id);
  return id;
}

describe('reporting abuse', () => {
  it('goes through the proxy with its key, is stored and audited, and never logs the reason or the address', async () => {
    const id = await publishedReport();
    const answer = await viaProxy(id, { reason, email: 'huomaaja@example.org', api_key: 'made-up' });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ service_request_id: id, status: 'received' });
    const open = (await t.store.abuseReports.listOpen([id])).get(id)!;
    expect(open.map((report) => [report.reason, report.email])).toEqual([[reason, 'huomaaja@example.org']]);
    const audit = await t.store.moderation.listAudit({ serviceRequestId: id, limit: 10 });
    expect(audit.find((entry) => entry.action === 'abuse_reported')).toMatchObject({ moderator: 'resident', details: { email_given: true } });
    expect(t.logs.join('\n')).not.toContain('huomaaja');
    expect(t.logs.join('\n')).not.toContain('rekisterikilpi');
    // Without an address too, as XML.
    const xml = await t.app.inject({ method: 'POST', url: `/proxy/open311/v1/requests/${id}/abuse.xml`, ...urlencoded({ reason: 'Loukkaava teksti.' }) });
    expect(xml.statusCode).toBe(202);
    expect(xml.body).toContain('<status>received</status>');
  });

  it('says what to fix: a reason is required, in plain text, at most 1000 characters; an address must be one', async () => {
    const id = await publishedReport();
    const cases: [Record<string, string>, string][] = [
      [{}, 'reason is required: say what is wrong with this report'],
      [{ reason: '   ' }, 'reason is required: say what is wrong with this report'],
      [{ reason: '<b>spam</b>' }, 'reason must not contain HTML tags or code; write plain text'],
      [{ reason: 'x'.repeat(1001) }, 'reason must be at most 1000 characters'],
      [{ reason, email: 'nope' }, 'email must be a valid address such as name@example.org'],
    ];
    for (const [fields, message] of cases) {
      for (const send of [viaProxy, toService]) {
        const refused = await send(id, fields);
        expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
        expect(refused.json()[0].description).toBe(message);
      }
    }
    expect((await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/abuse.json`, ...urlencoded({ reason }) })).statusCode).toBe(403);
    expect((await t.store.abuseReports.listOpen([id])).size).toBe(0);
  });

  it('is taken for published requests only, and from one client at most two an hour per request', async () => {
    const pending = await submitRequest(t);
    expect((await viaProxy(pending, { reason })).statusCode).toBe(404);
    expect((await viaProxy('no-such-request', { reason })).statusCode).toBe(404);
    const id = await publishedReport();
    for (let report = 0; report < 2; report += 1) expect((await toService(id, { reason })).statusCode).toBe(202);
    const limited = await toService(id, { reason });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.json()[0].description).toMatch(/^too many reports of abuse for this request from your network: at most 2 an hour; try again in 60 minutes$/);
  });
});

describe("the moderators' side", () => {
  it('lists the reported request with its reasons and addresses to its body\'s moderators, and resolves them: keep, then hide', async () => {
    const id = await publishedReport(); // in Helsinki: body hel
    await viaProxy(id, { reason, email: 'huomaaja@example.org' });
    const maija = await signIn(t);
    const flagged = (await maija.request('GET', '/requests?flag=abuse')).json();
    const item = flagged.items.find((entry: { service_request_id: string }) => entry.service_request_id === id);
    expect(item.abuse_reports).toEqual([{ id: expect.any(Number), reason, email: 'huomaaja@example.org', reported_at: expect.any(String) }]);
    // A moderator of another body sees none of it.
    const eero = await signIn(t, 'eero');
    expect((await eero.request('GET', '/requests?flag=abuse')).json().items).toEqual([]);
    expect((await eero.request('POST', `/requests/${id}/abuse/resolve`, { action: 'keep' })).statusCode).toBe(404);
    // Nothing public carries the reason or the address.
    const publicAnswer = await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}.json?extensions=true` });
    expect(publicAnswer.body).not.toContain('huomaaja');
    expect(publicAnswer.body).not.toContain('rekisterikilpi');

    expect((await maija.request('POST', `/requests/${id}/abuse/resolve`, { action: 'ignore' })).statusCode).toBe(400);
    const kept = await maija.request('POST', `/requests/${id}/abuse/resolve`, { action: 'keep' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ moderation: 'published', abuse_reports: [] });
    expect(kept.json().audit.find((entry: { action: string }) => entry.action === 'abuse_resolved').details).toEqual({ resolution: 'keep', reports: 1 });
    expect((await maija.request('POST', `/requests/${id}/abuse/resolve`, { action: 'keep' })).statusCode).toBe(409);
    expect((await maija.request('GET', '/requests?flag=abuse')).json().items.map((entry: { service_request_id: string }) => entry.service_request_id)).not.toContain(id);

    await viaProxy(id, { reason: 'Sama kuva uudelleen.' });
    const hidden = await maija.request('POST', `/requests/${id}/abuse/resolve`, { action: 'hide', reason: 'personal_data', note: 'Kuvassa oli henkilötietoja.' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ moderation: 'rejected', abuse_reports: [] });
    expect(await publicListIds(t)).not.toContain(id);
  });
});
