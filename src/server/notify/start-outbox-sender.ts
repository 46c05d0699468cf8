import { join } from 'node:path';
import type { Config } from '../config';
import type { OutboxStore } from '../storage/repositories/types';
import { createFileTransport, createSmtpTransport, type MailTransport } from './mail-transport';
import { onOutboxMessage } from './outbox-signal';
import { createOutboxSender, type OutboxSender, type SenderLogger } from './outbox-sender';

/** The outbox directory used when SMTP_URL is unset. */
export function outboxDirectoryFor(config: Pick<Config, 'DATA_DIR'>): string {
  return join(config.DATA_DIR, 'outbox');
}

/** Where the outbox goes: to SMTP_URL when set, else as .eml files under DATA_DIR/outbox. */
export function createOutboxTransport(config: Config): MailTransport {
  return config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : createFileTransport(outboxDirectoryFor(config), config.MAIL_FROM);
}

/** Starts delivering the outbox (createOutboxTransport says where). */
export function startOutboxSender(store: OutboxStore, config: Config, log: SenderLogger): OutboxSender {
  const sender = createOutboxSender({ store, transport: createOutboxTransport(config), log });
  const unsubscribe = onOutboxMessage(() => sender.wake());
  sender.start();
  log.info({ transport: config.SMTP_URL ? 'smtp' : 'eml files' }, 'notification outbox sender started');
  return {
    ...sender,
    async stop() {
      unsubscribe();
      await sender.stop();
    },
  };
}
