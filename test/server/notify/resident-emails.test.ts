/**
 * What residents receive, end to end through a real SMTP server on loopback: the receipt, an
 * update on each public change, a follower's double opt-in, and one-click unsubscribe.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/georeport-app';
import { urlencoded } from '../georeport/form';
import { submitRequest, type ModeratorSession } from '../moderation/moderation-client';
import { signInResident } from '../residents/resident-client';
import { linkIn } from './multipart';
import { useResidentMailbox } from './resident-mailbox';

const mailbox = useResidentMailbox();
const { deliver } = mailbox;
let t: TestApp;
let session: ModeratorSession;
beforeEach(() => ({ t, session } = mailbox));

const follow = (id: string, email: string, locale = 'en') =>
  t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/followers.json`, ...urlencoded({ api_key: t.apiKey, email, locale }) });

const followerCount = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}/followers.json` })).json().follower_count as number;

/** Proves the address is its owner's (a sign-in by its emailed link), then forgets the sign-in email. */
async function confirmAddress(email: string) {
  await signInResident(t, email);
  await deliver();
}

/** Opens a link from an email as a browser would: the page, then its button. */
async function openAndPress(link: string) {
  const path = link.replace('http://kerro.test', '');
  const page = await t.app.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`<form method="post" action="${path.replace(/&/g, '&amp;')}">`);
  return t.app.inject({ method: 'POST', url: path });
}

describe('emails at each step', () => {
  it('a receipt in the report\'s language, then an update on publishing, each status change and each public note', async () => {
    await confirmAddress('aino@example.org');
    const id = await submitRequest(t, { email: 'aino@example.org', locale: 'sv', title: 'Grop vid skolan', description: 'Djup grop vid skolans port.' });
    const [receipt, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(receipt!.to).toBe('aino@example.org');
    const { mail } = receipt!;
    expect(mail.headers.get('subject')).toBe('Din anmälan har tagits emot: Grop vid skolan');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(mail.plain.startsWith('Hej,\n')).toBe(true); // no first name given
    expect(mail.plain).toContain(`Anmälan: Grop vid skolan (${id})`);
    expect(mail.plain).toContain('Djup grop vid skolans port.');
    expect(mail.plain).not.toContain('går till'); // no body named, no line
    expect(mail.plain).toContain('en moderator granskar anmälan');
    expect(mail.plain).toContain(`http://kerro.test/requests/${id}`);
    expect(mail.html).toContain(`<a href="http://kerro.test/requests/${id}">`);
    expect(mail.html).toContain('<html lang="sv">');
    const unsubscribe = linkIn(mail.plain, 'http://kerro.test/mail/unsubscribe?token=');
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('message-id')).toMatch(/^<kerro\.[0-9a-f-]{36}@kerro\.example\.org>$/);

    await session.request('POST', `/requests/${id}/publish`);
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'] });
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'Arbetet börjar på måndag.' });
    const updates = await deliver();
    expect(updates.map(({ to, mail }) => [to, mail.headers.get('subject')])).toEqual([
      ['aino@example.org', 'Anmälan har uppdaterats: Grop vid skolan'],
      ['aino@example.org', 'Anmälan har uppdaterats: Grop vid skolan'],
      ['aino@example.org', 'Anmälan har uppdaterats: Grop vid skolan'],
    ]);
    expect(updates[0]!.mail.plain).toContain('Anmälan har publicerats');
    expect(updates[1]!.mail.plain).toContain('Status: Under behandling');
    expect(updates[2]!.mail.plain).toContain('Staden har svarat på anmälan.');
    expect(updates[2]!.mail.plain).toContain('Stadens svar:\nArbetet börjar på måndag.');

    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'], status_notes: 'Lagad.' });
    const [closing] = await deliver();
    expect(closing!.mail.headers.get('subject')).toBe('Din anmälan har behandlats: Grop vid skolan');
  });

  it('nothing to a reporter who unsubscribed (one-click POST, as a mail client sends it)', async () => {
    const id = await submitRequest(t, { email: 'aino@example.org' });
    const [receipt] = await deliver();
    const link = linkIn(receipt!.mail.plain, 'http://kerro.test/mail/unsubscribe?token=');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: link.replace('http://kerro.test', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('we will send you no more messages');
    await session.request('POST', `/requests/${id}/publish`);
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'] });
    expect(await deliver()).toEqual([]);
  });
});

describe('whom a report goes to (issue 40, item 9)', () => {
  it("the receipt names the body at the report's place in the report's language, the confirmed reporter's and the unconfirmed alike", async () => {
    await t.repositories.bodies.importAll([
      {
        id: 'hel',
        jurisdiction_id: 'hel.fi',
        names: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' },
        area: { type: 'Polygon', coordinates: [[[24.8, 60.1], [25.1, 60.1], [25.1, 60.3], [24.8, 60.3], [24.8, 60.1]]] },
        services: ['171'],
        send: { method: 'console' },
      },
    ]);
    await confirmAddress('aino@example.org');
    await submitRequest(t, { email: 'aino@example.org', locale: 'sv', description: 'Djup grop vid skolans port.', lat: '60.1699', long: '24.9384' });
    await submitRequest(t, { email: 'someone@example.org', locale: 'fi', description: 'Syvä kuoppa koulun portilla.', lat: '60.1699', long: '24.9384' });
    const [confirmed, unconfirmed] = await deliver();
    expect(confirmed!.mail.plain).toContain('Anmälan går till Helsingfors stad.');
    expect(unconfirmed!.mail.plain).toContain('Ilmoitus menee käsiteltäväksi: Helsingin kaupunki.');
  });
});

describe('a receipt to an address nobody has confirmed (issue 39, item 7d)', () => {
  const written = {
    title: 'Cheap watches at shop dot example',
    description: 'Buy now, call Mr. Spammer',
    first_name: 'Spam',
    last_name: 'Sender',
  };

  it('quotes nothing the reporter wrote, in the text or the HTML part: only the type, the id, how to see it and how to stop', async () => {
    const id = await submitRequest(t, { email: 'victim@example.org', locale: 'en', ...written });
    const [receipt, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(receipt!.to).toBe('victim@example.org');
    const { mail } = receipt!;
    const everything = [mail.headers.get('subject'), mail.plain, mail.html].join('\n');
    for (const text of [...Object.values(written), 'Cheap', 'watches', 'Buy now', 'Spammer']) expect(everything).not.toContain(text);
    expect(mail.headers.get('subject')).toBe('A report has been received: Potholes');
    expect(mail.plain).toContain('We have received a report that gave this email address as the reporter\'s.');
    expect(mail.plain).toContain(`Report: Potholes (${id})`);
    expect(mail.plain).toContain('this message does not repeat what the report says. To see the report, sign in with this address:\nhttp://kerro.test/account');
    expect(mail.html).toContain('<a href="http://kerro.test/account">');
    expect(mail.plain).toContain('You get this message because this address was given with the report.');
    expect(mail.plain).toContain('If you did not make this report, stop messages about it:');
    const unsubscribe = linkIn(mail.plain, 'http://kerro.test/mail/unsubscribe?token=');
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
  });

  it('in Finnish and Swedish too', async () => {
    await submitRequest(t, { email: 'victim@example.org', locale: 'fi', ...written });
    await submitRequest(t, { email: 'victim@example.org', locale: 'sv', ...written });
    const [fi, sv] = await deliver();
    expect(fi!.mail.headers.get('subject')).toBe('Ilmoitus on vastaanotettu: Katujen kunto');
    expect(fi!.mail.plain).toContain('Osoitetta ei ole vielä vahvistettu');
    expect(sv!.mail.headers.get('subject')).toBe('Anmälan har tagits emot: Gatornas skick');
    expect(sv!.mail.plain).toContain('Adressen har inte bekräftats ännu');
    for (const { mail } of [fi!, sv!]) for (const text of Object.values(written)) expect(mail.plain + mail.html).not.toContain(text);
  });

  it('once the address is confirmed (signed in by its link, or a follow confirmed), the full receipt as before', async () => {
    await confirmAddress('Aino@Example.org');
    await submitRequest(t, { email: 'aino@example.org', locale: 'en', title: 'Pothole by the school', description: 'Deep pothole at the gate.', first_name: ' Aino ' });
    const [receipt] = await deliver();
    expect(receipt!.mail.headers.get('subject')).toBe('Your report has been received: Pothole by the school');
    expect(receipt!.mail.plain.startsWith('Hello Aino,\n')).toBe(true);
    expect(receipt!.mail.plain).toContain('Deep pothole at the gate.');
    expect(receipt!.mail.html).toContain('Deep pothole at the gate<wbr>.');

    const published = await submitRequest(t, { email: 'aino@example.org' });
    await session.request('POST', `/requests/${published}/publish`);
    await deliver();
    await follow(published, 'pekka@example.org');
    const [confirmation] = await deliver();
    await openAndPress(linkIn(confirmation!.mail.plain, 'http://kerro.test/mail/confirm?token='));
    await submitRequest(t, { email: 'pekka@example.org', locale: 'en', description: 'Pekka’s own words.' });
    expect((await deliver())[0]!.mail.plain).toContain('Pekka’s own words.');
  });
});

describe('following a report', () => {
  it('double opt-in: a confirmation only, nothing more until confirmed; then the same updates; nothing after unsubscribing', async () => {
    const id = await submitRequest(t, { email: 'aino@example.org', title: 'Pothole by the school', description: 'Aino’s own words.' });
    await session.request('POST', `/requests/${id}/publish`);
    await deliver();

    const asked = await follow(id, 'Pekka@Example.org', 'fi');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ service_request_id: id, status: 'confirmation_sent' });
    expect(asked.body).not.toContain('ekka');
    const [confirmation, ...none] = await deliver();
    expect(none).toEqual([]);
    expect(confirmation!.to).toBe('pekka@example.org');
    expect(confirmation!.mail.headers.get('subject')).toBe('Vahvista ilmoituksen seuraaminen: Pothole by the school');
    expect(await followerCount(id)).toBe(0);

    // Unconfirmed: the next update reaches the reporter only.
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'] });
    expect((await deliver()).map(({ to }) => to)).toEqual(['aino@example.org']);

    const confirmLink = linkIn(confirmation!.mail.plain, 'http://kerro.test/mail/confirm?token=');
    const confirmed = await openAndPress(confirmLink);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Seuraat nyt ilmoitusta.');
    expect(await followerCount(id)).toBe(1);
    // Asking again, or confirming again, changes nothing and sends nothing.
    expect((await follow(id, 'pekka@example.org')).statusCode).toBe(202);
    expect((await t.app.inject({ method: 'POST', url: confirmLink.replace('http://kerro.test', '') })).statusCode).toBe(200);
    expect(await deliver()).toEqual([]);
    expect(await followerCount(id)).toBe(1);

    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'Work starts on Monday.' });
    const both = await deliver();
    expect(both.map(({ to }) => to)).toEqual(['aino@example.org', 'pekka@example.org']);
    const toFollower = both[1]!.mail;
    expect(toFollower.plain).toContain('Kaupunki on vastannut ilmoitukseen.');
    expect(toFollower.plain).toContain('Saat tämän viestin, koska seuraat tätä ilmoitusta.');
    // Nobody else's personal data: not the reporter's address, nor her description.
    expect(toFollower.plain + toFollower.html).not.toContain('aino@');
    expect(toFollower.plain).not.toContain('Aino’s own words.');
    const followerUnsubscribe = linkIn(toFollower.plain, 'http://kerro.test/mail/unsubscribe?token=');
    expect(followerUnsubscribe).not.toBe(linkIn(both[0]!.mail.plain, 'http://kerro.test/mail/unsubscribe?token='));

    const stopped = await openAndPress(followerUnsubscribe);
    expect(stopped.body).toContain('emme lähetä sinulle enää viestejä');
    expect(await followerCount(id)).toBe(0);
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'] });
    expect((await deliver()).map(({ to }) => to)).toEqual(['aino@example.org']);
    // The old confirmation link cannot bring a stopped follow back.
    expect((await t.app.inject({ method: 'POST', url: confirmLink.replace('http://kerro.test', '') })).statusCode).toBe(410);
  });

  it('never makes resident text a link: web addresses in a title or description stay text, in the receipt and in a confirmation anyone can trigger', async () => {
    await confirmAddress('aino@example.org');
    const id = await submitRequest(t, {
      email: 'aino@example.org',
      locale: 'en',
      title: 'See https://evil.example/login now',
      description: 'Sign in at www.evil.example or http://evil.example/x?a=1 to help, mail help@evil.example',
    });
    await session.request('POST', `/requests/${id}/publish`);
    expect((await follow(id, 'stranger@example.org')).statusCode).toBe(202);
    const mails = await deliver();
    const receipt = mails.find(({ mail }) => mail.plain.includes('www.evil.example'))!.mail;
    const confirmation = mails.find(({ to }) => to === 'stranger@example.org')!.mail;
    for (const mail of [receipt, confirmation]) {
      const hrefs = [...mail.html.matchAll(/<a\b[^>]*href="([^"]*)"/g)].map((match) => match[1]!);
      expect(hrefs.length).toBeGreaterThan(0);
      // Every link is one of Kerro's own: the request's page, confirm, unsubscribe.
      for (const href of hrefs) expect(href).toMatch(/^http:\/\/kerro\.test\/(requests\/|mail\/)/);
      // Nor can a mail client find an address to link in the resident's words (the shown part: <title> is not).
      const shown = mail.html.slice(mail.html.indexOf('<body'));
      expect(shown).not.toMatch(/evil\.example|https?:\/\/evil/);
      expect(shown).toContain('evil<wbr>.example');
    }
    // The plain part says it as written.
    expect(receipt.plain).toContain('See https://evil.example/login now');
  });

  it('only published requests; a clear error for a bad address; forged links are refused; rate-limited', async () => {
    const pending = await submitRequest(t);
    expect((await follow(pending, 'a@example.org')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${pending}/followers.json` })).statusCode).toBe(404);
    const id = await submitRequest(t);
    await session.request('POST', `/requests/${id}/publish`);
    const bad = await follow(id, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()[0].description).toBe('email must be a valid address such as name@example.org');
    const noKey = await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/followers.json`, ...urlencoded({ email: 'a@example.org' }) });
    expect(noKey.statusCode).toBe(403);
    const xml = await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}/followers.xml` });
    expect(xml.body).toContain(`<followers><service_request_id>${id}</service_request_id><follower_count>0</follower_count></followers>`);
    for (const token of ['', '1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '1', 'x'.repeat(5000)]) {
      expect((await t.app.inject({ method: 'GET', url: `/mail/confirm?token=${token}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/mail/unsubscribe?token=${token}` })).statusCode).toBe(404);
    }
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await follow(id, 'same@example.org')).statusCode).toBe(202);
    const limited = await follow(id, 'SAME@example.org');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()[0].description).toMatch(/^too many follow requests for this address from your network: at most 3 an hour/);
    // Each renewed request re-sent one confirmation; the address never appears in the rate-limit table.
    expect(await deliver()).toHaveLength(3);
    const keys = await t.sql.all<{ key: string }>('SELECT key FROM rate_limits');
    expect(keys.map((row) => row.key).join()).not.toContain('same@');
  });
});
