import { createServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { createSmtpTransport } from '../../../src/server/notify/mail-transport';
import { createOutboxSender, defaultRetryDelayMs } from '../../../src/server/notify/outbox-sender';
import { submitRequest } from '../moderation/moderation-client';

/** A real SMTP server that answers 451 (try again later) to the first `refusals` deliveries, then takes mail. */
async function refusingSmtpServer(refusals: number) {
  let refused = 0;
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refused < refusals) {
        refused += 1;
        const error = new Error('4.3.2 Service busy, try again later') as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      return callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ MAIL_FROM: 'Kerro <no-reply@kerro.example.org>' });
});
afterEach(() => t.close());

describe('an SMTP server refusing for a while (451)', () => {
  it('gets the message again after each back-off and delivers it once when it accepts', async () => {
    // One message in the outbox: the receipt of a report with an email.
    const id = await submitRequest(t, { email: 'aino.virtanen@example.org', locale: 'en' });

    const smtp = await refusingSmtpServer(2);
    const sender = createOutboxSender({ store: t.store.outbox, transport: createSmtpTransport(smtp.url, 'no-reply@kerro.example.org'), log: t.app.log, now: () => t.clock.now });
    try {
      expect(await sender.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 }); // backing off: not due yet
      t.clock.now += defaultRetryDelayMs(1);
      expect(await sender.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      t.clock.now += defaultRetryDelayMs(1); // the second delay is longer: still not due
      expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      t.clock.now += defaultRetryDelayMs(2);
      expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      t.clock.now += 24 * 3_600_000;
      expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain(id);
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });
});

/** A server that takes the connection and never says a word (no SMTP greeting), until told to stop. */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const close = () => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });
  return { url: `smtp://127.0.0.1:${port}`, close };
}

describe('an SMTP server that times out (never greets)', () => {
  it('counts the delivery as failed for now, backs off, and sends once when a working server answers', async () => {
    const id = await submitRequest(t, { email: 'aino.virtanen@example.org', locale: 'en' });
    const timeouts = { connectionMs: 300, greetingMs: 300, socketMs: 300 };
    const silent = await silentServer();
    const hanging = createOutboxSender({ store: t.store.outbox, transport: createSmtpTransport(silent.url, 'no-reply@kerro.example.org', timeouts), log: t.app.log, now: () => t.clock.now });
    try {
      expect(await hanging.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    } finally {
      await hanging.stop();
      await silent.close();
    }

    const smtp = await refusingSmtpServer(0);
    const sender = createOutboxSender({ store: t.store.outbox, transport: createSmtpTransport(smtp.url, 'no-reply@kerro.example.org', timeouts), log: t.app.log, now: () => t.clock.now });
    try {
      expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 }); // backing off: not due yet
      t.clock.now += defaultRetryDelayMs(1);
      expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      t.clock.now += 24 * 3_600_000;
      expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain(id);
    } finally {
      await sender.stop();
      await smtp.close();
    }
  });
});
