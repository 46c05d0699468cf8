import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { addModerator, publicDetail, signIn, submitRequest, type ModeratorSession } from './moderation-client';

/** The outbox rows, as the sender will read them. */
function outbox(t: TestApp) {
  return t.db.prepare('SELECT * FROM outbox ORDER BY id').all() as {
    id: number;
    message_id: string;
    service_request_id: string;
    to_address: string;
    locale: string;
    subject: string;
    body_text: string;
    created_at: number;
    sent_at: number | null;
  }[];
}

let t: TestApp;
let session: ModeratorSession;
beforeEach(async () => {
  t = await createTestApp({ MAIL_FROM: 'Kerro Helsinki <no-reply@kerro.example.org>' });
  await addModerator(t, 'maija', 'correct horse battery');
  session = await signIn(t);
});
afterEach(() => t.close());

describe('closing a request queues an email to the requester', () => {
  it('in the request\'s language, with the notes and the link to its page', async () => {
    const id = await submitRequest(t, { email: 'aino@example.org', locale: 'fi', title: 'Kuoppa koulun portilla' });
    await session.request('POST', `/requests/${id}/publish`);
    expect(outbox(t)).toEqual([]);
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'Työ aloitettu.' });
    expect(outbox(t)).toEqual([]); // still open

    t.clock.now += 6 * 3_600_000; // within the session's 12 hours
    await session.request('POST', `/requests/${id}/status`, {
      detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'],
      status_notes: 'Kuoppa on paikattu.',
    });
    const [row, ...rest] = outbox(t);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      service_request_id: id,
      to_address: 'aino@example.org',
      locale: 'fi',
      subject: 'Ilmoituksesi on käsitelty: Kuoppa koulun portilla',
      message_id: expect.stringMatching(/^<kerro\.[0-9a-f-]{36}@kerro\.example\.org>$/),
      created_at: t.clock.now,
      sent_at: null,
    });
    expect(row!.body_text).toContain('Kiitos ilmoituksestasi. Se on nyt käsitelty ja suljettu.');
    expect(row!.body_text).toContain(`Ilmoitus: Kuoppa koulun portilla (${id})`);
    expect(row!.body_text).toContain('Lähetetty: 20. marraskuuta 2026 klo 14.00');
    expect(row!.body_text).toContain('Tila: Käsitelty');
    expect(row!.body_text).toContain('Kaupungin vastaus:\nKuoppa on paikattu.');
    expect(row!.body_text).toContain(`http://kerro.test/requests/${id}`);

    // Already closed: moving between closed values sends nothing more.
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['ARCHIVED'] });
    expect(outbox(t)).toHaveLength(1);
    const audit = (await session.request('GET', `/requests/${id}`)).json().audit;
    expect(audit.map((entry: { details: { notified?: boolean } }) => entry.details.notified ?? false)).toEqual([false, true, false, false]);
  });

  it('on rejection, in Swedish and English, with the reason', async () => {
    const sv = await submitRequest(t, { email: 'sven@example.org', locale: 'sv' });
    await session.request('POST', `/requests/${sv}/reject`, { reason: 'Gäller inte staden.' });
    const en = await submitRequest(t, { email: 'ann@example.org', locale: 'en_GB' });
    await session.request('POST', `/requests/${en}/reject`);
    const [svRow, enRow] = outbox(t);
    expect(svRow).toMatchObject({ locale: 'sv', subject: 'Din anmälan har avslutats: Gatornas skick' });
    expect(svRow!.body_text).toContain('Vi har granskat den och avslutat den utan åtgärder.');
    expect(svRow!.body_text).toContain('Status: Avvisad');
    expect(svRow!.body_text).toContain('Motivering:\nGäller inte staden.');
    expect(enRow).toMatchObject({ locale: 'en', subject: 'Your report has been closed: Potholes' });
    expect(enRow!.body_text).not.toContain('Reason:'); // none given
    expect(enRow!.body_text).toContain(`You can see the report and its status here:\nhttp://kerro.test/requests/${en}`);
  });

  it('not when the requester gave no address', async () => {
    const id = await submitRequest(t);
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'] });
    expect((await publicDetail(t, id)).status).toBe('closed');
    expect(outbox(t)).toEqual([]);
  });

  it('uses the request\'s own origin for the link when PUBLIC_BASE_URL is unset', async () => {
    const own = await createTestApp({ PUBLIC_BASE_URL: '' });
    try {
      await addModerator(own, 'maija', 'correct horse battery');
      const ownSession = await signIn(own);
      const id = await submitRequest(own, { email: 'a@example.org' });
      await ownSession.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'] }, { host: 'kerro.local:8080' });
      expect(outbox(own)[0]!.body_text).toContain(`http://kerro.local:8080/requests/${id}`);
    } finally {
      await own.close();
    }
  });

  it('the change, its audit row and its email commit together or not at all', async () => {
    const id = await submitRequest(t, { email: 'aino@example.org' });
    t.db.exec("CREATE TRIGGER outbox_down BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox unavailable'); END");
    const failed = await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'], status_notes: 'Done.' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error.code).toBe('internal_error');
    expect(failed.body).not.toContain('outbox unavailable');
    expect(await publicDetail(t, id)).toMatchObject({ status: 'open', status_notes: '', extended_attributes: { detailed_status: 'RECEIVED' } });
    expect(t.db.prepare("SELECT COUNT(*) FROM audit_log WHERE action = 'status'").pluck().get()).toBe(0);

    t.db.exec('DROP TRIGGER outbox_down');
    t.db.exec("CREATE TRIGGER audit_down BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'audit unavailable'); END");
    expect((await session.request('POST', `/requests/${id}/reject`, { reason: 'No.' })).statusCode).toBe(500);
    expect(await publicDetail(t, id)).toMatchObject({ status: 'open' });
    expect(outbox(t)).toEqual([]);

    t.db.exec('DROP TRIGGER audit_down');
    expect((await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'] })).statusCode).toBe(200);
    expect(outbox(t)).toHaveLength(1);
  });
});
