import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { OutboxMessage } from '../storage/repositories/types';

/** Where outbox messages go: an SMTP server, or .eml files when none is configured. */
export interface MailTransport {
  deliver(message: OutboxMessage): Promise<void>;
  close(): void;
}

function mailOptions(message: OutboxMessage, from: string) {
  // RFC 8058 one-click: a mail client may POST "List-Unsubscribe=One-Click" to the link itself.
  const unsubscribe = message.unsubscribe_url
    ? { 'List-Unsubscribe': `<${message.unsubscribe_url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return {
    from,
    to: message.to_address,
    subject: message.subject,
    text: message.body_text,
    ...(message.body_html ? { html: message.body_html } : {}),
    // Stable per outbox row: a copy sent again after a crash carries the same Message-ID and Date.
    messageId: message.message_id,
    date: new Date(message.created_at),
    headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': message.locale, ...unsubscribe },
  };
}

/** How long a silent SMTP server may keep a delivery waiting before it counts as failed (and is retried). */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

const defaultSmtpTimeouts: SmtpTimeouts = { connectionMs: 30_000, greetingMs: 30_000, socketMs: 60_000 };

export function createSmtpTransport(smtpUrl: string, from: string, timeouts: SmtpTimeouts = defaultSmtpTimeouts): MailTransport {
  const transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    // nodemailer's own logger would print addresses; ours logs outbox ids only.
    logger: false,
  });
  return {
    async deliver(message) {
      await transporter.sendMail(mailOptions(message, from));
    },
    close: () => transporter.close(),
  };
}

/**
 * Writes each message as `<outbox id>.eml` in `directory`. Written to a temporary file, synced
 * and renamed: a retry after a crash replaces the file instead of adding a second one.
 */
export function createFileTransport(directory: string, from: string): MailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(message) {
      const info = await transporter.sendMail(mailOptions(message, from));
      await mkdir(directory, { recursive: true });
      const target = join(directory, `${message.id}.eml`);
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        const handle = await open(temporary, 'w', 0o600);
        try {
          await handle.writeFile(info.message as Buffer);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, target);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}
