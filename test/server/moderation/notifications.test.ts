import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { testBackend } from '../../helpers/test-store';
import { addModerator, appWithModerator, publicDetail, signIn, submitRequest, type ModeratorSession } from './moderation-client';

interface OutboxRow {
  id: number;
  message_id: string;
  service_request_id: string;
  to_address: string;
  locale: string;
  subject: string;
  body_text: string;
  created_at: number;
  sent_at: number | null;
}

/** The outbox rows, as the sender will read them (bigint columns as numbers on every backend). */
async function outbox(t: TestApp): Promise<OutboxRow[]> {
  const rows = await t.sql.all<OutboxRow>('SELECT * FROM outbox ORDER BY id');
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    created_at: Number(row.created_at),
    sent_at: row.sent_at === null ? null : Number(row.sent_at),
  }));
}

/**
 * Makes every insert into `table` fail, as if that part of the store were down, with a trigger
 * of the backend's own kind. Answers how to undo it.
 */
async function failInserts(t: TestApp, table: 'outbox' | 'audit_log', message: string): Promise<() => Promise<void>> {
  const trigger = `${table}_down`;
  if (testBackend === 'postgres') {
    await t.sql.run(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${message}'; END; $$`);
    await t.sql.run(`CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${trigger}()`);
    return async () => {
      await t.sql.run(`DROP TRIGGER ${trigger} ON ${table}`);
      await t.sql.run(`DROP FUNCTION ${trigger}()`);
    };
  }
  await t.sql.run(`CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, '${message}'); END`);
  return () => t.sql.run(`DROP TRIGGER ${trigger}`);
}

let t: TestApp;
let session: ModeratorSession;
beforeEach(async () => ({ t, session } = await appWithModerator({ MAIL_FROM: 'Kerro Helsinki <no-reply@kerro.example.org>' })));
afterEach(() => t.close());

/** The rows queued after the receipt (which requests-with-an-address always get first). */
async function afterReceipt(t: TestApp): Promise<OutboxRow[]> {
  const [receipt, ...rest] = await outbox(t);
  expect(receipt?.subject).toMatch(/vastaanotettu|tagits emot|received/);
  return rest;
}

describe('closing a request queues an email to the requester', () => {
  it('in the request\'s language, with the notes and the link to its page', async () => {
    const id = await submitRequest(t, { email: 'aino@example.org', locale: 'fi', title: 'Kuoppa koulun portilla' });
    await session.request('POST', `/requests/${id}/publish`);
    expect((await afterReceipt(t)).map((row) => row.subject)).toEqual(['Ilmoitukseen on päivitys: Kuoppa koulun portilla']);
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'Työ aloitettu.' });
    expect(await afterReceipt(t)).toHaveLength(2); // the status update

    t.clock.now += 6 * 3_600_000; // within the session's 12 hours
    await session.request('POST', `/requests/${id}/status`, {
      detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'],
      status_notes: 'Kuoppa on paikattu.',
    });
    const [, , row, ...rest] = await afterReceipt(t);
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

    // Already closed: a move between closed values is an ordinary status update.
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['ARCHIVED'] });
    const archived = (await afterReceipt(t))[3]!;
    expect(archived.subject).toBe('Ilmoitukseen on päivitys: Kuoppa koulun portilla');
    expect(archived.body_text).toContain('Tila: Käsitelty ja arkistoitu');
    const audit = (await session.request('GET', `/requests/${id}`)).json().audit;
    expect(audit.map((entry: { details: { notified?: boolean } }) => entry.details.notified ?? false)).toEqual([true, true, true, true]);
  });

  it('on rejection, in Swedish and English, with the reason', async () => {
    const sv = await submitRequest(t, { email: 'sven@example.org', locale: 'sv' });
    await session.request('POST', `/requests/${sv}/reject`, { reason: 'other', note: 'Gäller inte staden.' });
    const en = await submitRequest(t, { email: 'ann@example.org', locale: 'en_GB' });
    await session.request('POST', `/requests/${en}/reject`, { reason: 'not_a_problem' });
    const [, svRow, , enRow] = await outbox(t);
    expect(svRow).toMatchObject({ locale: 'sv', subject: 'Din anmälan har avslutats: Gatornas skick' });
    expect(svRow!.body_text).toContain('Vi har granskat den och avslutat den utan åtgärder.');
    expect(svRow!.body_text).toContain('Status: Avvisad');
    expect(svRow!.body_text).toContain('Motivering:\nEn moderator stängde anmälan.\n\nGäller inte staden.');
    expect(enRow).toMatchObject({ locale: 'en', subject: 'Your report has been closed: Potholes' });
    expect(enRow!.body_text).toContain('Reason:\nA moderator looked at this report and found nothing that needs fixing.');
    expect(enRow!.body_text).toContain(`You can see the report and its status here:\nhttp://kerro.test/requests/${en}`);
  });

  it('not when the requester gave no address', async () => {
    const id = await submitRequest(t);
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'] });
    expect((await publicDetail(t, id)).status).toBe('closed');
    expect(await outbox(t)).toEqual([]);
  });

  it('links to this server\'s own address when PUBLIC_BASE_URL is unset, never to the moderator\'s Host', async () => {
    const own = await createTestApp({ PUBLIC_BASE_URL: '', HOST: '127.0.0.1', PORT: '8080', ALLOWED_HOSTS: 'localhost,kerro.local' });
    try {
      await addModerator(own, 'maija', 'correct horse battery');
      const ownSession = await signIn(own);
      const id = await submitRequest(own, { email: 'a@example.org' });
      await ownSession.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'] }, { host: 'kerro.local:8080' });
      const closing = (await outbox(own))[1]!;
      expect(closing.body_text).toContain(`http://127.0.0.1:8080/requests/${id}`);
      expect(closing.body_text).not.toContain('kerro.local');
    } finally {
      await own.close();
    }
  });

  it('the change, its audit row and its email commit together or not at all', async () => {
    const id = await submitRequest(t, { email: 'aino@example.org' });
    const restoreOutbox = await failInserts(t, 'outbox', 'outbox unavailable');
    const failed = await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'], status_notes: 'Done.' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error.code).toBe('internal_error');
    expect(failed.body).not.toContain('outbox unavailable');
    expect(await publicDetail(t, id)).toMatchObject({ status: 'open', status_notes: '', extended_attributes: { detailed_status: 'RECEIVED' } });
    const statusAudits = await t.sql.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'status'");
    expect(Number(statusAudits!.n)).toBe(0);

    await restoreOutbox();
    const restoreAudit = await failInserts(t, 'audit_log', 'audit unavailable');
    expect((await session.request('POST', `/requests/${id}/reject`, { reason: 'not_a_problem' })).statusCode).toBe(500);
    expect(await publicDetail(t, id)).toMatchObject({ status: 'open' });
    expect(await afterReceipt(t)).toEqual([]);

    await restoreAudit();
    expect((await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'] })).statusCode).toBe(200);
    expect(await afterReceipt(t)).toHaveLength(1);
  });
});
