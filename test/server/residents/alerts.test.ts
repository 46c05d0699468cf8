/**
 * Email alerts end to end through app.inject, the alert sender and a real SMTP server on
 * loopback: subscribing (each field checked), the double opt-in, matching per kind, immediate
 * alerts once, daily digests at most once a day, one-click unsubscribe, and nothing of a reporter.
 */
import { alertLimits } from '../../../src/server/residents/alerts-subscribe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../../../src/server/notify/mail-transport';
import { createOutboxSender } from '../../../src/server/notify/outbox-sender';
import { createAlertSender } from '../../../src/server/residents/alerts-sender';
import { createMailLinks, ensureMailLinkSecret } from '../../../src/server/notify/mail-links';
import type { TestApp } from '../../helpers/georeport-app';
import { appWithModerator, submitRequest, type ModeratorSession } from '../moderation/moderation-client';
import { linkIn, readMail, type ReadMail } from '../notify/multipart';
import { startSmtpServer } from '../notify/smtp-test-server';
import { asResident, signInResident } from './resident-client';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let session: ModeratorSession;
const log = { info() {}, warn() {}, error() {} };
const minute = 60_000;
const centre = { lat: 60.1699, long: 24.9384 };
/** Metres north of the centre as degrees of latitude (the haversine's sphere). */
const north = (metres: number) => centre.lat + metres / ((6_371_008.8 * Math.PI) / 180);

beforeEach(async () => {
  smtp = await startSmtpServer();
  ({ t, session } = await appWithModerator({ MAIL_FROM: 'Kerro <no-reply@kerro.example.org>' }));
  const box = [[24.7, 60.0], [25.2, 60.0], [25.2, 60.4], [24.7, 60.4], [24.7, 60.0]];
  await t.store.bodies.importAll([
    { id: 'helsinki', jurisdiction_id: 'helsinki', names: { fi: 'Helsinki', sv: 'Helsingfors', en: 'Helsinki' }, area: { type: 'Polygon', coordinates: [box] }, services: ['171', '198', '900'], send: { method: 'console' } },
  ]);
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

/** Delivers everything due and answers what arrived in this pass. */
async function deliver(): Promise<{ to: string; raw: string; mail: ReadMail }[]> {
  const before = smtp.received.length;
  const sender = createOutboxSender({ store: t.store.outbox, transport: createSmtpTransport(smtp.url, t.config.MAIL_FROM), log, now: () => t.clock.now });
  await sender.runOnce();
  await sender.stop();
  return smtp.received.slice(before).map((received) => ({ to: received.to.join(','), raw: received.raw, mail: readMail(received.raw) }));
}

/** One pass of the alert sender, on the app's clock, then the outbox delivered. */
async function tellAlerts() {
  const sender = createAlertSender({
    repositories: t.store,
    log,
    mail: { links: createMailLinks(await ensureMailLinkSecret(t.store.settings), 'http://kerro.test'), mailFrom: t.config.MAIL_FROM },
    timeZone: 'Europe/Helsinki',
    digestHour: 7,
    now: () => t.clock.now,
  });
  await sender.runOnce();
  await sender.stop();
  return deliver();
}

const subscribe = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/residents/api/alerts', headers: { 'content-type': 'application/json', ...headers }, payload: typeof body === 'string' ? body : JSON.stringify(body) });

/** Subscribes and confirms through the emailed link's page, as a resident does. */
async function confirmedAlert(body: Record<string, unknown>) {
  expect((await subscribe({ frequency: 'immediate', locale: 'en', ...body })).statusCode).toBe(202);
  const [confirmation] = await deliver();
  const path = linkIn(confirmation!.mail.plain, 'http://kerro.test/mail/alerts/confirm?token=').replace('http://kerro.test', '');
  expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
  t.clock.now += minute;
}

async function publishedReport(fields: Record<string, string>) {
  const id = await submitRequest(t, fields);
  expect((await session.request('POST', `/requests/${id}/publish`)).statusCode).toBe(200);
  await deliver(); // the reporter's receipt and update: not what these tests look at
  return id;
}

describe('subscribing', () => {
  it('refuses each bad field with a message that says what to fix, in the resident API’s error format', async () => {
    const good = { kind: 'point', lat: centre.lat, long: centre.long, radius_m: 500, email: 'aino@example.org', frequency: 'immediate', locale: 'fi' };
    const cases: [unknown, string, RegExp][] = [
      [{ ...good, email: undefined }, 'email', /email is required/],
      [{ ...good, email: 'not an address' }, 'email', /valid address/],
      [{ ...good, kind: 'planet' }, 'kind', /kind must be one of: point, street, body/],
      [{ ...good, lat: 91 }, 'lat', /between -90 and 90/],
      [{ ...good, long: '24.9' }, 'long', /must be a number/],
      [{ ...good, radius_m: 300 }, 'radius_m', /one of: 250, 500, 1000, 2000/],
      [{ ...good, frequency: 'hourly' }, 'frequency', /immediate, daily/],
      [{ ...good, locale: 'de' }, 'locale', /fi, sv, en/],
      [{ ...good, name: 'Aino' }, '', /name/],
      [{ kind: 'street', street: 'Hämeentie 30', email: 'aino@example.org', frequency: 'daily' }, 'street', /no house number/],
      [{ kind: 'street', email: 'aino@example.org', frequency: 'daily' }, 'street', /street is required/],
      [{ kind: 'body', body_id: 'atlantis', email: 'aino@example.org', frequency: 'daily' }, 'body_id', /no body of this installation/],
    ];
    for (const [body, field, message] of cases) {
      const response = await subscribe(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('invalid_input');
      expect(error.fields.find((problem: { field: string }) => problem.field === field)?.message ?? error.message, field).toMatch(message);
    }
    const notJson = await subscribe('{"kind":');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('invalid_input');
    const form = await t.app.inject({ method: 'POST', url: '/residents/api/alerts', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'kind=point' });
    expect(form.statusCode).toBe(415);
    expect(await deliver()).toEqual([]);
  });

  it('double opt-in: only a confirmation; its page’s GET confirms nothing, its POST does; the same answer when the address already has the alert', async () => {
    const alert = { kind: 'street', street: 'Hämeentie', email: 'Aino@Example.org', frequency: 'immediate', locale: 'sv' };
    const first = await subscribe(alert);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 'confirmation_sent' });
    const [confirmation] = await deliver();
    expect(confirmation!.to).toBe('aino@example.org');
    expect(confirmation!.mail.headers.get('subject')).toBe('Bekräfta bevakningen av nya anmälningar');
    // The address is nobody's confirmed one yet: the street the asker wrote is not repeated (issue 39, item 7d).
    expect(confirmation!.mail.plain).toContain('en gata vars namn angavs i beställningen (namnet syns på bekräftelsesidan)');
    expect(confirmation!.mail.plain + confirmation!.mail.html).not.toContain('Hämeentie');
    const path = linkIn(confirmation!.mail.plain, 'http://kerro.test/mail/alerts/confirm?token=').replace('http://kerro.test', '');

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('gatan Hämeentie');
    expect(page.body).toContain(`<form method="post" action="${path.replace(/&/g, '&amp;')}">`);
    expect(page.body).not.toContain('aino@example.org');
    const [stored] = await t.store.alerts.listByEmail('aino@example.org');
    expect(stored!.confirmed).toBe(false);
    // A follow's confirm link is signed for another purpose: it opens no alert.
    expect((await t.app.inject({ method: 'POST', url: path.replace('/mail/alerts/', '/mail/') })).statusCode).toBe(404);

    const confirmed = await t.app.inject({ method: 'POST', url: path });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Bevakningen gäller nu');
    expect((await t.store.alerts.find(stored!.id))!.confirmed).toBe(true);

    const again = await subscribe(alert);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(await deliver()).toEqual([]);
  });

  it('names the street in a confirmation only to an address already confirmed (here: signed in by its link)', async () => {
    const alert = { kind: 'street', street: 'Mannerheimintie', email: 'pekka@example.org', frequency: 'daily', locale: 'en' };
    await subscribe(alert);
    const [unconfirmed] = await deliver();
    expect(unconfirmed!.mail.plain).toContain('a street named when the alert was asked for');
    expect(unconfirmed!.mail.plain + unconfirmed!.mail.html).not.toContain('Mannerheimintie');
    await signInResident(t, 'pekka@example.org');
    await deliver();
    await subscribe({ ...alert, street: 'Hämeentie' });
    const [confirmed] = await deliver();
    expect(confirmed!.mail.plain).toContain('Emails about new published reports in this area were asked for at this address:\nthe street Hämeentie');
  });

  it('names a point by its nearest address in the confirmation and on its page, in the alert’s language; coordinates where no address is near', async () => {
    await t.store.addresses.replace(['test'], [
      { street_fi: 'Hämeentie', street_sv: 'Tavastvägen', number: '30', postal_code: '00530', municipality_fi: 'Helsinki', municipality_sv: 'Helsingfors', lat: 60.1841, long: 24.9522, source: 'test' },
    ]);
    await subscribe({ kind: 'point', lat: 60.18415, long: 24.9522, radius_m: 500, email: 'aino@example.org', frequency: 'daily', locale: 'sv' });
    const [named] = await deliver();
    expect(named!.mail.plain).toContain('inom 500 m från Tavastvägen 30');
    expect(named!.mail.plain).not.toContain('60.18415');
    const page = await t.app.inject({ method: 'GET', url: linkIn(named!.mail.plain, 'http://kerro.test/mail/alerts/confirm?token=').replace('http://kerro.test', '') });
    expect(page.body).toContain('inom 500 m från Tavastvägen 30');

    await subscribe({ kind: 'point', lat: 60.2, long: 24.9522, radius_m: 250, email: 'aino@example.org', frequency: 'daily', locale: 'en' });
    const [far] = await deliver();
    expect(far!.mail.plain).toContain('within 250 m of 60.20000, 24.95220');
  });

  it('names the place in every later email of the alert, as it was named when asked for (an immediate one and a digest)', async () => {
    await t.store.addresses.replace(['test'], [
      { street_fi: 'Hämeentie', street_sv: 'Tavastvägen', number: '30', postal_code: '00530', municipality_fi: 'Helsinki', municipality_sv: 'Helsingfors', lat: 60.1841, long: 24.9522, source: 'test' },
    ]);
    await confirmedAlert({ kind: 'point', lat: 60.18415, long: 24.9522, radius_m: 500, email: 'now@example.org', frequency: 'immediate', locale: 'fi' });
    await confirmedAlert({ kind: 'point', lat: 60.18415, long: 24.9522, radius_m: 500, email: 'daily@example.org', frequency: 'daily', locale: 'sv' });
    // The register changes after: the alerts keep the place they were confirmed with.
    await t.store.addresses.replace(['test'], []);
    await publishedReport({ title: 'Kuoppa', lat: '60.1842', long: '24.9523' });

    const mails = await tellAlerts();
    const to = (address: string) => mails.find((mail) => mail.to === address)!.mail.plain;
    expect(to('now@example.org')).toContain('500 m säteellä osoitteesta Hämeentie 30');
    expect(to('daily@example.org')).toContain('inom 500 m från Tavastvägen 30');
    for (const mail of mails) expect(mail.mail.plain).not.toContain('60.18415');
  });

  it('limits confirmation emails per address and client', async () => {
    const alert = (radius: number) => ({ kind: 'point', lat: centre.lat, long: centre.long, radius_m: radius, email: 'aino@example.org', frequency: 'daily' });
    for (const radius of [250, 500, 1000]) expect((await subscribe(alert(radius))).statusCode).toBe(202);
    const limited = await subscribe(alert(500));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('too_many_attempts');
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('limits confirmation emails per client, an IPv6 client by its /64 (one home or phone network, whatever its last 64 bits)', async () => {
    const from = (address: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/residents/api/alerts',
        remoteAddress: address,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ kind: 'point', lat: centre.lat, long: centre.long, radius_m: 500, email, frequency: 'daily' }),
      });
    for (let n = 1; n <= alertLimits.perClient; n += 1) expect((await from(`2001:db8:7:1::${n.toString(16)}`, `neighbour${n}@example.org`)).statusCode).toBe(202);
    const sameNetwork = await from('2001:db8:7:1:ffff:1:2:3', 'another@example.org');
    expect(sameNetwork.statusCode).toBe(429);
    expect((await from('2001:db8:7:2::1', 'elsewhere@example.org')).statusCode).toBe(202);
  });

  it('a signed-in resident lists and deletes their own alerts only; signed out, neither', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/residents/api/alerts' })).json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
    expect((await t.app.inject({ method: 'DELETE', url: '/residents/api/alerts/1' })).statusCode).toBe(401);
    await subscribe({ kind: 'street', street: 'Hämeentie', email: 'Aino@example.org', frequency: 'daily' });
    await subscribe({ kind: 'street', street: 'Hämeentie', email: 'someone@example.org', frequency: 'daily' });
    const [mine, theirs] = await t.store.alerts.listByEmail('aino@example.org').then(async (own) => [own[0]!, (await t.store.alerts.listByEmail('someone@example.org'))[0]!]);
    const cookie = await signInResident(t, 'aino@example.org');
    const listed = await asResident(t, cookie, 'GET', '/alerts');
    expect(listed.json()).toEqual({ alerts: [{ id: mine!.id, area: { kind: 'street', street: 'Hämeentie' }, frequency: 'daily', confirmed: false, created_at: '2026-11-20T14:00:00+02:00' }] });
    expect(listed.body).not.toContain('@');
    expect((await asResident(t, cookie, 'DELETE', `/alerts/${theirs!.id}`)).statusCode).toBe(404);
    expect((await asResident(t, cookie, 'DELETE', `/alerts/${mine!.id}`)).statusCode).toBe(204);
    expect((await asResident(t, cookie, 'GET', '/alerts')).json()).toEqual({ alerts: [] });
    expect(await t.store.alerts.listByEmail('someone@example.org')).toHaveLength(1);
  });
});

describe('sending', () => {
  it('matches each kind: a point within its radius (the edge included), a street by the address or the registry, a body', async () => {
    await t.store.addresses.replace(['test'], [
      { street_fi: 'Hämeentie', street_sv: 'Tavastvägen', number: '30', postal_code: '00530', municipality_fi: 'Helsinki', municipality_sv: 'Helsingfors', lat: 60.1841, long: 24.9522, source: 'test' },
    ]);
    await confirmedAlert({ kind: 'point', lat: centre.lat, long: centre.long, radius_m: 250, email: 'point@example.org' });
    await confirmedAlert({ kind: 'street', street: 'tavastvägen', email: 'street@example.org' });
    await confirmedAlert({ kind: 'body', body_id: 'helsinki', email: 'body@example.org' });

    const inside = await publishedReport({ lat: String(north(249)), long: String(centre.long), title: 'Inside the radius' });
    const outside = await publishedReport({ lat: String(north(251)), long: String(centre.long) });
    // No address written: 10 m from the registry's Hämeentie 30, whose Swedish name the alert gave.
    const onStreet = await publishedReport({ lat: '60.18419', long: '24.9522' });
    const writtenStreet = await publishedReport({ lat: '60.2', long: '25.0', address_string: 'Tavastvägen 99, Helsingfors' });
    const mail = await tellAlerts();
    const told = (to: string) => mail.filter((message) => message.to === to).map((message) => /\/requests\/(\S+)/.exec(message.mail.plain)?.[1]);
    expect(told('point@example.org')).toEqual([inside]);
    expect(told('street@example.org').sort()).toEqual([onStreet, writtenStreet].sort());
    expect(told('body@example.org').sort()).toEqual([inside, outside, onStreet, writtenStreet].sort());
    const [pointMail] = mail.filter((message) => message.to === 'point@example.org');
    expect(pointMail!.mail.headers.get('subject')).toBe('New report in your area: Inside the radius');
  });

  it('an immediate alert is told once, with no reporter data; its one-click unsubscribe ends it', async () => {
    await confirmedAlert({ kind: 'point', lat: centre.lat, long: centre.long, radius_m: 500, email: 'near@example.org' });
    const id = await publishedReport({
      lat: String(centre.lat), long: String(centre.long), title: 'Pothole', address_string: 'Aleksanterinkatu 20, Helsinki',
      description: 'Secret details from Reija about the pothole', email: 'reporter@example.org', first_name: 'Reija', last_name: 'Reporter', phone: '+358 40 123 4567',
    });
    const [alertMail, ...rest] = await tellAlerts();
    expect(rest).toEqual([]);
    expect(alertMail!.to).toBe('near@example.org');
    expect(alertMail!.mail.plain).toContain('Pothole\nType: Potholes\nAddress: Aleksanterinkatu 20, Helsinki\nhttp://kerro.test/requests/' + id);
    for (const secret of ['reporter@example.org', 'Reija', 'Reporter', '123 4567', 'Secret details']) {
      for (const part of [alertMail!.raw, alertMail!.mail.plain, alertMail!.mail.html]) expect(part).not.toContain(secret);
    }
    // The only address in the message is the recipient's (besides Kerro's own sender and Message-ID).
    expect(new Set(alertMail!.raw.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g)!.filter((address) => !address.endsWith('@kerro.example.org')))).toEqual(new Set(['near@example.org']));
    expect(await tellAlerts()).toEqual([]);

    const unsubscribe = linkIn(alertMail!.mail.plain, 'http://kerro.test/mail/alerts/unsubscribe?token=');
    expect(alertMail!.mail.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(alertMail!.mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = await t.app.inject({ method: 'POST', url: unsubscribe.replace('http://kerro.test', ''), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('we will send you no more messages');
    t.clock.now += minute;
    await publishedReport({ lat: String(centre.lat), long: String(centre.long) });
    expect(await tellAlerts()).toEqual([]);
  });

  it('a daily alert gets at most one digest a local day, from the digest hour on', async () => {
    await confirmedAlert({ kind: 'body', body_id: 'helsinki', email: 'daily@example.org', frequency: 'daily', locale: 'fi' });
    const one = await publishedReport({ title: 'Yksi' });
    const two = await publishedReport({ title: 'Kaksi' });
    // 14:02 in Helsinki: past the digest hour, so the first digest goes now.
    const [digest, ...rest] = await tellAlerts();
    expect(rest).toEqual([]);
    expect(digest!.mail.headers.get('subject')).toBe('Uudet ilmoitukset alueeltasi (2)');
    expect(digest!.mail.plain).toContain(`Yksi\nTyyppi: Katujen kunto\nhttp://kerro.test/requests/${one}`);
    expect(digest!.mail.plain).toContain(`Kaksi\nTyyppi: Katujen kunto\nhttp://kerro.test/requests/${two}`);

    t.clock.now += minute;
    const three = await publishedReport({ title: 'Kolme' });
    expect(await tellAlerts()).toEqual([]);
    t.clock.now = Date.parse('2026-11-21T04:30:00Z'); // 06:30 the next day: before the digest hour
    expect(await tellAlerts()).toEqual([]);
    t.clock.now = Date.parse('2026-11-21T05:30:00Z'); // 07:30
    const [next, ...more] = await tellAlerts();
    expect(more).toEqual([]);
    expect(next!.mail.headers.get('subject')).toBe('Uudet ilmoitukset alueeltasi (1)');
    expect(next!.mail.plain).toContain(`http://kerro.test/requests/${three}`);
    expect(await tellAlerts()).toEqual([]);
  });
});
