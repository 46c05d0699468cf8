import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/georeport-app';
import { findFreePort } from '../../helpers/kerro-server';
import { createFileTransport, createSmtpTransport, type MailTransport } from '../../../src/server/notify/mail-transport';
import { createOutboxSender, defaultRetryDelayMs } from '../../../src/server/notify/outbox-sender';
import { outboxDirectoryFor, startOutboxSender } from '../../../src/server/notify/start-outbox-sender';
import { appWithModerator, submitRequest, type ModeratorSession } from '../moderation/moderation-client';
import { readMail } from './multipart';
import { startSmtpServer } from './smtp-test-server';

const mailFrom = 'Kerro Helsinki <no-reply@kerro.example.org>';
const address = 'aino.virtanen@example.org';

let t: TestApp;
let session: ModeratorSession;
beforeEach(async () => ({ t, session } = await appWithModerator({ MAIL_FROM: mailFrom }, { captureLogs: true })));
afterEach(() => t.close());

/** The outbox id of the one message left after the receipt was set aside (PostgreSQL does not reuse ids). */
let closingId = 1;

/** A request with an email, closed by a moderator: one message in the outbox. */
async function closeRequestWithEmail(locale = 'en', notes = 'The pothole was patched on Friday.') {
  const id = await submitRequest(t, { email: address, locale, title: 'Pothole at the school gate' });
  // This suite is about delivering one message: the receipt (test/server/notify/resident-emails) is set aside.
  await t.sql.run('DELETE FROM outbox');
  const response = await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'], status_notes: notes });
  expect(response.statusCode).toBe(200);
  closingId = (await outboxRows())[0]!.id;
  return id;
}

type OutboxRow = { id: number; message_id: string; to_address: string; body_text: string; attempts: number; sent_at: number | null; failed_at: number | null; next_attempt_at: number; last_error: string | null };
const orNumber = (value: unknown) => (value === null ? null : Number(value));
/** The outbox table as stored (bigint columns as numbers on every backend). */
const outboxRows = async (): Promise<OutboxRow[]> =>
  (await t.sql.all<OutboxRow>('SELECT * FROM outbox ORDER BY id')).map((row) => ({
    ...row,
    id: Number(row.id),
    attempts: Number(row.attempts),
    next_attempt_at: Number(row.next_attempt_at),
    sent_at: orNumber(row.sent_at),
    failed_at: orNumber(row.failed_at),
  }));

function senderWith(transport: MailTransport) {
  return createOutboxSender({ store: t.store.outbox, transport, log: t.app.log, now: () => t.clock.now });
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the outbox sender without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox as soon as it is queued, then forgets the address', async () => {
    const sender = startOutboxSender(t.store.outbox, t.config, t.app.log);
    try {
      const id = await closeRequestWithEmail('fi', 'Kuoppa paikattiin perjantaina.');
      const file = join(outboxDirectoryFor(t.config), `${closingId}.eml`);
      await waitFor(async () => existsSync(file) && (await outboxRows())[0]!.sent_at !== null);
      const mail = readMail(readFileSync(file, 'utf8'));
      const [row] = await outboxRows();
      expect(mail.headers.get('to')).toBe(address);
      expect(mail.headers.get('from')).toBe(mailFrom);
      expect(mail.headers.get('subject')).toBe('Ilmoituksesi on käsitelty: Pothole at the school gate');
      expect(mail.headers.get('message-id')).toBe(row!.message_id);
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      expect(mail.headers.get('date')).toBe(new Date(t.clock.now).toUTCString().replace('GMT', '+0000'));
      expect(mail.plain).toContain('Kuoppa paikattiin perjantaina.');
      expect(mail.plain).toContain(`http://kerro.test/requests/${id}`);
      // Sent: the address and the text are no longer kept.
      expect(row).toMatchObject({ to_address: '', body_text: '', attempts: 1, sent_at: expect.any(Number) });
    } finally {
      await sender.stop();
    }
  });

  it('a retry after a crash overwrites the file instead of adding a second one', async () => {
    await closeRequestWithEmail();
    const store = t.store.outbox;
    const transport = createFileTransport(outboxDirectoryFor(t.config), mailFrom);
    // A sender leases the message, writes it, and dies before marking it sent.
    const leased = await store.claim(closingId, t.clock.now, t.clock.now + 60_000);
    await transport.deliver(leased!);

    const sender = senderWith(transport);
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 }); // still leased
    t.clock.now += 60_000;
    expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(readdirSync(outboxDirectoryFor(t.config))).toEqual([`${closingId}.eml`]);
    expect((await outboxRows())[0]).toMatchObject({ attempts: 2, sent_at: t.clock.now });
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await sender.stop();
  });
});

describe('the outbox sender with SMTP_URL', () => {
  it('delivers to the SMTP server with the right envelope, To, Subject and link, once', async () => {
    const smtp = await startSmtpServer();
    try {
      const id = await closeRequestWithEmail();
      const sender = senderWith(createSmtpTransport(smtp.url, mailFrom));
      expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      await sender.stop();

      expect(smtp.received).toHaveLength(1);
      const [received] = smtp.received;
      expect(received!.to).toEqual([address]);
      expect(received!.from).toBe('no-reply@kerro.example.org');
      const mail = readMail(received!.raw);
      expect(mail.headers.get('to')).toBe(address);
      expect(mail.headers.get('subject')).toBe('Your report has been handled: Pothole at the school gate');
      expect(mail.headers.get('content-language')).toBe('en');
      expect(mail.plain).toContain('Reply from the city:\nThe pothole was patched on Friday.');
      expect(mail.plain).toContain(`You can see the report and its status here:\nhttp://kerro.test/requests/${id}`);
    } finally {
      await smtp.close();
    }
  });

  it('retries with backoff while the server is down and delivers once it is up, without duplicates', async () => {
    const port = await findFreePort();
    await closeRequestWithEmail();
    const sender = senderWith(createSmtpTransport(`smtp://127.0.0.1:${port}`, mailFrom));

    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [afterFailure] = await outboxRows();
    expect(afterFailure).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, next_attempt_at: t.clock.now + defaultRetryDelayMs(1) });
    expect(afterFailure!.last_error).toBe('ESOCKET, during CONN');
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 }); // not due yet

    const smtp = await startSmtpServer(port);
    try {
      t.clock.now += defaultRetryDelayMs(1);
      expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      t.clock.now += 3_600_000;
      expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect((await outboxRows())[0]).toMatchObject({ attempts: 2, last_error: null, sent_at: expect.any(Number) });
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });

  it('sends again with the same Message-ID when it dies between delivering and marking (at-least-once)', async () => {
    const smtp = await startSmtpServer();
    try {
      await closeRequestWithEmail();
      const smtpTransport = createSmtpTransport(smtp.url, mailFrom);
      let crashes = 1;
      const crashingAfterDelivery: MailTransport = {
        async deliver(message) {
          await smtpTransport.deliver(message);
          if (crashes-- > 0) throw new Error('process died');
        },
        close: () => smtpTransport.close(),
      };
      const sender = senderWith(crashingAfterDelivery);
      await sender.runOnce();
      t.clock.now += defaultRetryDelayMs(1);
      await sender.runOnce();
      await sender.stop();
      expect(smtp.received).toHaveLength(2);
      const ids = smtp.received.map((mail) => readMail(mail.raw).headers.get('message-id'));
      expect(ids[0]).toBe((await outboxRows())[0]!.message_id);
      expect(ids[1]).toBe(ids[0]);
    } finally {
      await smtp.close();
    }
  });

  it('sends once when the database blinks as the message is marked sent: the mark is made at the next pass', async () => {
    const smtp = await startSmtpServer();
    try {
      await closeRequestWithEmail();
      let databaseDown = true;
      const blinking = {
        ...t.store.outbox,
        markSent: (id: number, at: number) => (databaseDown ? Promise.reject(new Error('the database could not be reached')) : t.store.outbox.markSent(id, at)),
      };
      const sender = createOutboxSender({ store: blinking, transport: createSmtpTransport(smtp.url, mailFrom), log: t.app.log, now: () => t.clock.now });
      await sender.runOnce().catch(() => undefined); // the pass ends when the mark fails again
      expect(smtp.received).toHaveLength(1);
      expect((await outboxRows())[0]!.sent_at).toBeNull();
      // The database is back; the next pass comes after the message's lease has run out.
      databaseDown = false;
      t.clock.now += 5 * 60_000;
      await sender.runOnce();
      t.clock.now += 3_600_000;
      await sender.runOnce();
      await sender.stop();
      expect(smtp.received).toHaveLength(1);
      expect((await outboxRows())[0]).toMatchObject({ attempts: 1, sent_at: expect.any(Number), to_address: '' });
      expect(t.logs.join('\n')).toContain('notification email sent, but recording it failed');
    } finally {
      await smtp.close();
    }
  });

  it('gives up on a permanent refusal, and never logs the address or the text', async () => {
    const smtp = await startSmtpServer(0, { rejectRecipients: true });
    try {
      await closeRequestWithEmail('en', 'Private note about the gate code 4321.');
      const sender = senderWith(createSmtpTransport(smtp.url, mailFrom));
      expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
      await sender.stop();
      const [row] = await outboxRows();
      expect(row).toMatchObject({ failed_at: t.clock.now, sent_at: null });
      expect(row!.last_error).toBe('EENVELOPE, SMTP 550, during RCPT');
      const logs = t.logs.join('\n');
      expect(logs).toContain('notification email given up');
      expect(logs).toContain(`"outboxId":${closingId}`);
      expect(logs).not.toContain(address);
      expect(logs).not.toContain('example.org');
      expect(logs).not.toContain('gate code');
    } finally {
      await smtp.close();
    }
  });

  it('gives up after the last attempt', async () => {
    await closeRequestWithEmail();
    const failing: MailTransport = { deliver: async () => Promise.reject(Object.assign(new Error('x'), { code: 'ETIMEDOUT' })), close: () => undefined };
    const sender = createOutboxSender({
      store: t.store.outbox,
      transport: failing,
      log: t.app.log,
      now: () => t.clock.now,
      maxAttempts: 3,
      retryDelayMs: () => 1000,
    });
    const runs = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      runs.push(await sender.runOnce());
      t.clock.now += 1000;
    }
    expect(runs.map((run) => [run.retried, run.failed])).toEqual([[1, 0], [1, 0], [0, 1], [0, 0]]);
    expect((await outboxRows())[0]).toMatchObject({ attempts: 3, failed_at: expect.any(Number), last_error: 'ETIMEDOUT' });
  });
});

describe('logs', () => {
  it('name outbox ids, not addresses, through a whole moderation and delivery', async () => {
    const sender = startOutboxSender(t.store.outbox, t.config, t.app.log);
    try {
      await closeRequestWithEmail();
      await waitFor(async () => (await outboxRows())[0]?.sent_at != null);
    } finally {
      await sender.stop();
    }
    const logs = t.logs.join('\n');
    expect(logs).toContain('notification email sent');
    expect(logs).not.toContain(address);
    expect(logs).not.toContain('patched on Friday');
  });
});
