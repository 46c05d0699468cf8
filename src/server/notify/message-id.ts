import { randomUUID } from 'node:crypto';

/** The domain of the sender address in MAIL_FROM ("Kerro <no-reply@city.fi>" → city.fi). */
export function mailDomainOf(mailFrom: string): string {
  const address = (/<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? address.slice(at + 1).toLowerCase() : '';
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(domain) ? domain : 'kerro.local';
}

/** A new, globally unique Message-ID, stored with the outbox row so every retry reuses it. */
export function newMessageId(mailFrom: string): string {
  return `<kerro.${randomUUID()}@${mailDomainOf(mailFrom)}>`;
}
