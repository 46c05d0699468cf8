import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../src/server/admin/cli';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { submitRequest } from '../moderation/moderation-client';
import { readMail } from '../notify/multipart';
import { startSmtpServer } from '../notify/smtp-test-server';
import { printedLines } from './printed-lines';

describe('outbox send-now', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const { out, err, io, clear } = printedLines();
  const run = (...args: string[]) => {
    clear();
    return runAdmin(['outbox', ...args], io, { ...t.env, SMTP_URL: smtp.url });
  };

  beforeEach(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(); // no sender runs in a test app: what is queued stays queued
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers what is due once, then finds nothing left to send', async () => {
    const id = await submitRequest(t, { email: 'aino.virtanen@example.org' });
    expect(await run('send-now')).toBe(0);
    expect(out).toEqual(['Sent 1, left for a retry 0, given up 0.']);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['aino.virtanen@example.org']);
    expect(readMail(smtp.received[0]!.raw).plain).toContain(id);

    expect(await run('send-now')).toBe(0);
    expect(out).toEqual(['Sent 0, left for a retry 0, given up 0.']);
    expect(smtp.received).toHaveLength(1);
  });

  it('says what went wrong by code, never by address, and leaves the message for a retry', async () => {
    await submitRequest(t, { email: 'aino.virtanen@example.org' });
    await smtp.close(); // nobody answers on SMTP_URL
    expect(await run('send-now')).toBe(0);
    expect(out).toEqual(['Sent 0, left for a retry 1, given up 0.']);
    expect(err.join('\n')).toMatch(/^notification email failed; will retry \{"outboxId":1,.*"reason":"ESOCKET, during CONN"/);
    expect(err.join('\n')).not.toContain('aino');
    smtp = await startSmtpServer(); // for afterEach
  });

  it('explains its usage for a mistake', async () => {
    expect(await run('send-later')).toBe(2);
    expect(err.join('\n')).toContain('Unknown outbox command "send-later".');
    expect(err.join('\n')).toContain('outbox send-now');
    expect(await run('send-now', 'extra')).toBe(2);
    expect(err[0]).toBe('outbox send-now takes no arguments.');
  });
});
