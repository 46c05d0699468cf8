/**
 * What a resident saw on the walk (issue 25): the emails carry the detailed status the page shows,
 * a follow's confirmation says why it came before anything is confirmed, and the pages the links
 * open say what pressing does, name the report and come styled under their own CSP.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/georeport-app';
import { urlencoded } from '../georeport/form';
import { submitRequest, type ModeratorSession } from '../moderation/moderation-client';
import { linkIn } from './multipart';
import { useResidentMailbox } from './resident-mailbox';

const mailbox = useResidentMailbox();
const { deliver } = mailbox;
let t: TestApp;
let session: ModeratorSession;
beforeEach(() => ({ t, session } = mailbox));

const follow = (id: string, email: string, locale: string) =>
  t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/followers.json`, ...urlencoded({ api_key: t.apiKey, email, locale }) });

const pathOf = (link: string) => link.replace('http://kerro.test', '');

async function serviceName(code: string, locale: string): Promise<string> {
  const services = (await t.app.inject({ method: 'GET', url: `/open311/v1/services.json?locale=${locale}` })).json() as { service_code: string; service_name: string }[];
  return services.find((service) => service.service_code === code)!.service_name;
}

describe('status emails', () => {
  it('carry the detailed status as the page shows it, public works stage and all', async () => {
    const id = await submitRequest(t, { email: 'aino@example.org', locale: 'fi', title: 'Kuoppa koululla' });
    await session.request('POST', `/requests/${id}/publish`);
    await deliver();
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_NEW'] });
    const [update] = await deliver();
    expect(update!.mail.plain).toContain('Tila: Käsittelyssä · Siirretty kunnossapitoon');

    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'] });
    const [closing] = await deliver();
    expect(closing!.mail.headers.get('subject')).toBe('Ilmoituksesi on käsitelty: Kuoppa koululla');
    expect(closing!.mail.plain).toContain('Tila: Käsitelty · Kunnossapito valmis');
  });
});

describe('a follow confirmation', () => {
  it.each([
    ['fi', 'koska seuraat', 'koska osoitteesi annettiin tämän ilmoituksen seuraamiseen'],
    ['sv', 'eftersom du följer anmälan', 'eftersom din adress angavs för att följa anmälan'],
    ['en', 'because you follow this report', 'because your address was given to follow this report'],
  ])('in %s says the address was given, not that it follows, until it is confirmed', async (locale, follows, given) => {
    const id = await submitRequest(t, { email: 'aino@example.org' });
    await session.request('POST', `/requests/${id}/publish`);
    await deliver();
    await follow(id, 'pekka@example.org', locale);
    const [confirmation] = await deliver();
    expect(confirmation!.mail.plain).toContain(given);
    expect(confirmation!.mail.plain).not.toContain(follows);

    const confirmLink = pathOf(linkIn(confirmation!.mail.plain, 'http://kerro.test/mail/confirm?token='));
    expect((await t.app.inject({ method: 'POST', url: confirmLink })).statusCode).toBe(200);
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'] });
    const toFollower = (await deliver()).find(({ to }) => to === 'pekka@example.org')!;
    expect(toFollower.mail.plain).toContain(follows);
  });
});

describe('the pages email links open', () => {
  it('say that nothing happens until the button is pressed, name the report without personal data, and are styled under their own CSP', async () => {
    const id = await submitRequest(t, {
      email: 'aino@example.org',
      locale: 'en',
      title: 'Aino’s private title',
      description: 'Aino’s own words about the pothole.',
      address_string: 'Hämeentie 30',
    });
    await session.request('POST', `/requests/${id}/publish`);
    const [receipt] = await deliver();
    const unsubscribe = pathOf(linkIn(receipt!.mail.plain, 'http://kerro.test/mail/unsubscribe?token='));
    const name = await serviceName('171', 'en');

    const before = await t.app.inject({ method: 'GET', url: unsubscribe });
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('You will no longer get email');
    expect(before.body).toContain('Messages stop only when you press the button below.');
    expect(before.body).toContain(`${name}, Hämeentie 30 (${id})`);
    for (const personal of ['aino@', 'Aino’s private title', 'Aino’s own words']) expect(before.body).not.toContain(personal);

    // One inline style, admitted by its hash and nothing else; no style attributes, no script.
    const style = /<style>([\s\S]*?)<\/style>/.exec(before.body)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    const csp = String(before.headers['content-security-policy']);
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(before.body).not.toMatch(/\sstyle=|<script/);
    expect(style).toMatch(/button\{[^}]*min-height:2\.75rem/);

    const after = await t.app.inject({ method: 'POST', url: unsubscribe });
    expect(after.body).toContain('Done: we will send you no more messages about this report.');
    expect(after.body).toContain(`${name}, Hämeentie 30 (${id})`);
  });

  it('name the report a follower confirms, in the follower’s language', async () => {
    const id = await submitRequest(t, { email: 'aino@example.org', address_string: 'Hämeentie 30' });
    await session.request('POST', `/requests/${id}/publish`);
    await deliver();
    await follow(id, 'pekka@example.org', 'sv');
    const [confirmation] = await deliver();
    const page = await t.app.inject({ method: 'GET', url: pathOf(linkIn(confirmation!.mail.plain, 'http://kerro.test/mail/confirm?token=')) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<b>Anmälan</b>${await serviceName('171', 'sv')}, Hämeentie 30 (${id})`);
    expect(page.body).toContain('Bekräfta med knappen nedan.');
    expect(page.body).not.toContain('pekka@');
  });
});
