import { afterEach, beforeEach } from 'vitest';
import { createSmtpTransport } from '../../../src/server/notify/mail-transport';
import { createOutboxSender } from '../../../src/server/notify/outbox-sender';
import type { TestApp } from '../../helpers/georeport-app';
import { appWithModerator, type ModeratorSession } from '../moderation/moderation-client';
import { readMail, type ReadMail } from './multipart';
import { startSmtpServer } from './smtp-test-server';

export interface ResidentMailbox {
  t: TestApp;
  session: ModeratorSession;
  /** Delivers everything due and answers what arrived in this pass, per recipient. */
  deliver(): Promise<{ to: string; mail: ReadMail }[]>;
}

const log = { info() {}, warn() {}, error() {} };

/**
 * A fresh app with a signed-in moderator and a real SMTP server on loopback for each test of the
 * calling file; read its fields inside tests (they are replaced before each one).
 */
export function useResidentMailbox(): ResidentMailbox {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const mailbox = {
    async deliver() {
      const { t } = mailbox;
      const before = smtp.received.length;
      const sender = createOutboxSender({ store: t.store.outbox, transport: createSmtpTransport(smtp.url, t.config.MAIL_FROM), log, now: () => t.clock.now });
      await sender.runOnce();
      await sender.stop();
      return smtp.received.slice(before).map((received) => ({ to: received.to.join(','), mail: readMail(received.raw) }));
    },
  } as ResidentMailbox;
  beforeEach(async () => {
    smtp = await startSmtpServer();
    Object.assign(mailbox, await appWithModerator({ MAIL_FROM: 'Kerro <no-reply@kerro.example.org>' }));
  });
  afterEach(async () => {
    await mailbox.t.close();
    await smtp.close();
  });
  return mailbox;
}
