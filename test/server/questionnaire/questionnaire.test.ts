/**
 * "Was it fixed?" end to end through the app (issue 28): the sender's pass, the email and its two
 * signed links, the pages (GET never answers; POST answers once), and what "not fixed" does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/georeport-app';
import { createMailLinks, ensureMailLinkSecret, mailBaseUrl } from '../../../src/server/notify/mail-links';
import { createQuestionnaireSender } from '../../../src/server/questionnaire/questionnaire-sender';
import type { SendSettings } from '../../../src/server/forwarding/senders';
import { urlencoded } from '../georeport/form';
import { appWithModerator, signIn, submitRequest, type ModeratorSession } from '../moderation/moderation-client';

const day = 24 * 3_600_000;
const reporter = { email: 'aino.virtanen@example.org', first_name: 'Aino', last_name: 'Virtanen', phone: '+358401234567' };

let t: TestApp;
let session: ModeratorSession;
beforeEach(async () => ({ t, session } = await appWithModerator({ MAIL_FROM: 'Kerro Helsinki <no-reply@kerro.example.org>' })));
afterEach(() => t.close());

interface OutboxRow {
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string;
}
const outbox = () => t.sql.all<OutboxRow>('SELECT to_address, subject, body_text, body_html FROM outbox ORDER BY id');

async function sender() {
  const links = createMailLinks(await ensureMailLinkSecret(t.store.settings), mailBaseUrl(t.config));
  return createQuestionnaireSender({
    repositories: t.store,
    log: t.app.log,
    mail: { links, mailFrom: t.config.MAIL_FROM, timeZone: t.config.TZ_NAME },
    afterDays: 28,
    now: () => t.clock.now,
  });
}

/** A report published and then closed as done by a moderator, now. */
async function closedReport(fields: Record<string, string> = { ...reporter, locale: 'fi' }): Promise<string> {
  const id = await submitRequest(t, { title: 'Kuoppa koulun portilla', ...fields });
  expect((await session.request('POST', `/requests/${id}/publish`)).statusCode).toBe(200);
  expect((await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'], status_notes: 'Paikattu.' })).statusCode).toBe(200);
  return id;
}

/** The two answer links of the newest questionnaire email, as paths this app serves. */
async function answerLinks() {
  const mail = (await outbox()).filter((row) => row.subject.startsWith('Korjattiinko ongelma?')).at(-1)!;
  const path = (kind: string) => {
    const url = new URL(new RegExp(`https?://\\S+/mail/${kind}\\?token=\\S+`).exec(mail.body_text)![0]);
    return url.pathname + url.search;
  };
  return { fixed: path('fixed'), notFixed: path('not-fixed'), mail };
}

const historyKinds = async (id: string) => ((await t.store.requestHistory.listFor([id])).get(id) ?? []).map((event) => event.kind);
const auditActions = async (id: string) => (await t.store.moderation.listAudit({ serviceRequestId: id, limit: 50 })).map((entry) => entry.action);

async function askedAfter28Days() {
  t.clock.now += 28 * day;
  const run = await (await sender()).runOnce();
  session = await signIn(t); // the moderator's session has expired meanwhile
  return run;
}

/** Helsinki as the one body, handling service 171, its reports sent by `send`. */
async function helsinkiSendingBy(send: SendSettings) {
  await t.store.bodies.importAll([
    {
      id: 'hel',
      jurisdiction_id: 'hel.fi',
      names: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' },
      area: { type: 'Polygon', coordinates: [[[24.8, 60.1], [25.1, 60.1], [25.1, 60.3], [24.8, 60.3], [24.8, 60.1]]] },
      services: ['171'],
      send,
    },
  ]);
}

describe('the questionnaire email', () => {
  it('goes once per closed report with an address, only after the delay, never twice and never from a second instance', async () => {
    const id = await closedReport();
    await closedReport({ locale: 'fi' }); // no address: nobody to ask
    const before = (await outbox()).length;
    t.clock.now += 28 * day - 1;
    expect((await (await sender()).runOnce()).sent).toBe(0);
    t.clock.now += 1;
    expect(await (await sender()).runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await (await sender()).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const rows = await outbox();
    expect(rows).toHaveLength(before + 1);
    const { mail, fixed, notFixed } = await answerLinks();
    expect(mail.to_address).toBe(reporter.email);
    expect(mail.subject).toBe('Korjattiinko ongelma? – Kuoppa koulun portilla');
    expect(mail.body_text).toContain(`(${id})`);
    expect(fixed).toMatch(/^\/mail\/fixed\?token=\d+\.[\w-]{32}$/);
    expect(notFixed).toMatch(/^\/mail\/not-fixed\?token=\d+\.[\w-]{32}$/);
    // Both links are clickable in the HTML part.
    expect(mail.body_html).toContain(`/mail/fixed?token=`);
    expect(mail.body_html).toMatch(/<a href="[^"]+\/mail\/not-fixed\?token=/);
  });

  it('is not sent for a report reopened by a moderator before the delay', async () => {
    const id = await closedReport();
    expect((await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'] })).statusCode).toBe(200);
    expect((await askedAfter28Days()).sent).toBe(0);
  });
});

describe('the answer pages', () => {
  it('"fixed": GET shows a button and changes nothing, POST records it in the public history only, and each link works once', async () => {
    const id = await closedReport();
    await askedAfter28Days();
    const { fixed, notFixed } = await answerLinks();
    const mails = (await outbox()).length;

    const page = await t.app.inject({ method: 'GET', url: fixed });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fi">');
    expect(page.body).toContain(`<form method="post" action="${fixed.replace(/&/g, '&amp;')}"><button type="submit">Kyllä, se on korjattu</button>`);
    expect(await historyKinds(id)).not.toContain('confirmed_fixed');

    const done = await t.app.inject({ method: 'POST', url: fixed });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<p role="status">Kiitos! Merkitsimme, että ongelma on korjattu.</p>');
    expect(await historyKinds(id)).toEqual(['published', 'status', 'confirmed_fixed']);
    expect((await t.store.serviceRequests.find(id))!.detailed_status).toEqual(['PROCESSED']);
    expect((await outbox()).length).toBe(mails); // nobody is emailed
    expect(await auditActions(id)).toContain('questionnaire_fixed');

    for (const [method, url] of [['POST', fixed], ['GET', fixed], ['GET', notFixed], ['POST', notFixed]] as const) {
      const again = await t.app.inject({ method, url });
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain('Tähän kyselyyn on jo vastattu.');
    }
    expect((await t.store.serviceRequests.find(id))!.status).toBe('closed');
    // A link signed for the other answer, or mangled, opens nothing.
    const [, token] = fixed.split('token=');
    expect((await t.app.inject({ method: 'GET', url: `/mail/not-fixed?token=${token}` })).statusCode).toBe(404);
    // The last character changed to another one (a fixed replacement equalled it now and then).
    const mangled = `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.app.inject({ method: 'POST', url: `/mail/fixed?token=${mangled}` })).statusCode).toBe(404);
  });

  it('"not fixed" reopens the report: RECEIVED, a public reopened entry, followers emailed, audited, flagged for the console body', async () => {
    const id = await closedReport();
    // A confirmed follower.
    const follow = await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/followers.json`, ...urlencoded({ api_key: t.apiKey, email: 'naapuri@example.org', locale: 'sv' }) });
    expect(follow.statusCode).toBe(202);
    const [pending] = await t.sql.all<{ id: number }>("SELECT id FROM subscriptions WHERE role = 'follower'");
    await t.store.followers.confirm(Number(pending!.id), t.clock.now);
    await askedAfter28Days();
    const { notFixed } = await answerLinks();
    const mails = (await outbox()).length;

    const page = await t.app.inject({ method: 'GET', url: notFixed });
    expect(page.statusCode).toBe(200);
    expect((await t.store.serviceRequests.find(id))!.status).toBe('closed');

    const done = await t.app.inject({ method: 'POST', url: notFixed });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Ilmoitus on avattu uudelleen');
    const after = (await t.store.serviceRequests.find(id))!;
    expect(after).toMatchObject({ status: 'open', detailed_status: ['RECEIVED'], status_notes: '' });
    expect(await historyKinds(id)).toEqual(['published', 'status', 'reopened']);
    const told = (await outbox()).slice(mails);
    expect(told.map((row) => [row.to_address, row.subject])).toEqual([
      [reporter.email, 'Ilmoitukseen on päivitys: Kuoppa koulun portilla'],
      ['naapuri@example.org', 'Anmälan har uppdaterats: Kuoppa koulun portilla'],
    ]);
    expect(told[1]!.body_text).toContain('Anmälaren meddelade att problemet inte är åtgärdat, så anmälan öppnades igen.');
    const audit = (await t.store.moderation.listAudit({ serviceRequestId: id, limit: 50 })).find((entry) => entry.action === 'reopen_by_reporter');
    expect(audit).toMatchObject({ moderator: 'reporter', details: { from: ['PROCESSED'], body_told: 'console_flag', notified: true } });

    // The console shows it, marked, in its own list.
    const detail = (await session.request('GET', `/requests/${id}`)).json();
    expect(detail.reopened_by_reporter).toBe(true);
    const flagged = (await session.request('GET', '/requests?flag=reopened')).json();
    expect(flagged.items.map((item: { service_request_id: string }) => item.service_request_id)).toEqual([id]);
    // The public answer shows the entry.
    const publicAnswer = (await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}.json?extensions=true` })).json()[0];
    expect(publicAnswer.extended_attributes.history.map((entry: { kind: string }) => entry.kind)).toContain('reopened');

    expect((await t.app.inject({ method: 'POST', url: notFixed })).statusCode).toBe(410);
    // Closed again by a moderator: no longer flagged.
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'] });
    expect((await session.request('GET', `/requests/${id}`)).json().reopened_by_reporter).toBe(false);
    expect((await session.request('GET', '/requests?flag=reopened')).json().items).toEqual([]);
  });

  it('"not fixed" tells an email body\'s department by email, with nothing of the reporter', async () => {
    const send: SendSettings = { method: 'email', to: 'katutyot@hel.example.fi' };
    await helsinkiSendingBy(send);
    const id = await closedReport();
    await askedAfter28Days();
    const { notFixed } = await answerLinks();
    const mails = (await outbox()).length;
    expect((await t.app.inject({ method: 'POST', url: notFixed })).statusCode).toBe(200);
    const department = (await outbox()).slice(mails).filter((row) => row.to_address === send.to);
    expect(department).toHaveLength(1);
    expect(department[0]!.subject).toMatch(/^Ilmoitus avattu uudelleen: .+ \(/);
    expect(department[0]!.body_text).toContain('Ilmoittaja kertoi, ettei ongelmaa ole korjattu.');
    for (const value of Object.values(reporter)) expect(department[0]!.body_text + department[0]!.body_html).not.toContain(value);
    const audit = (await t.store.moderation.listAudit({ serviceRequestId: id, limit: 50 })).find((entry) => entry.action === 'reopen_by_reporter');
    expect(audit?.details.body_told).toBe('department_email');
  });

  it('"not fixed" of a CitySDK open311 body\'s report tells no one outside Kerro (it takes no updates), and the audit log says so', async () => {
    await helsinkiSendingBy({ method: 'open311', endpoint: 'https://cases.hel.example.fi/open311/v1', api_key: 'k' });
    const id = await closedReport();
    await askedAfter28Days();
    const { notFixed } = await answerLinks();
    const mails = (await outbox()).length;
    expect((await t.app.inject({ method: 'POST', url: notFixed })).statusCode).toBe(200);
    expect((await outbox()).slice(mails).map((row) => row.to_address)).toEqual([reporter.email]);
    const audit = (await t.store.moderation.listAudit({ serviceRequestId: id, limit: 50 })).find((entry) => entry.action === 'reopen_by_reporter');
    expect(audit?.details.body_told).toBe('not_told_case_system');
  });
});
