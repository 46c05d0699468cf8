/**
 * The links in emails: the request's page, a follow's confirmation, one-click unsubscribe and the
 * two answers to a "was it fixed?" questionnaire (signed with the questionnaire's id).
 * Tokens are the subscription id signed with a secret kept in the store (every instance shares
 * it), so a link cannot be guessed from another and nothing but the id is stored in it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { SettingsRepository } from '../storage/repositories/types';

/** A follow's confirm and unsubscribe; an alert's (issue 28) and a questionnaire's answers are signed apart, so one never opens another. */
export type LinkPurpose = 'confirm' | 'unsubscribe' | 'alert-confirm' | 'alert-unsubscribe' | 'fixed' | 'not_fixed';

export interface MailLinks {
  baseUrl: string;
  requestUrl(serviceRequestId: string): string;
  confirmUrl(subscriptionId: number): string;
  unsubscribeUrl(subscriptionId: number): string;
  /** An alert's confirm and unsubscribe pages (`/mail/alerts/…`). */
  alertConfirmUrl(alertId: number): string;
  alertUnsubscribeUrl(alertId: number): string;
  /** The page answering a questionnaire: "fixed" or "not fixed". */
  answerUrl(questionnaireId: number, answer: 'fixed' | 'not_fixed'): string;
  /** The subscription (alert, questionnaire) id a token was signed for, or undefined for a forged or mangled one. */
  read(token: string, purpose: LinkPurpose): number | undefined;
}

const secretSetting = 'mail_link_secret';

/** The signing secret: made once, on the first start of any instance. */
export async function ensureMailLinkSecret(settings: SettingsRepository): Promise<string> {
  return (await settings.get(secretSetting)) ?? settings.putIfAbsent(secretSetting, randomBytes(32).toString('base64url'));
}

/**
 * Where links in emails point: PUBLIC_BASE_URL, else this server's own listen address (right for
 * a local run). Never a caller's Host header: an email outlives the request that caused it, and
 * a forged Host would put someone else's site into a message sent to a resident.
 */
export function mailBaseUrl(config: Pick<Config, 'PUBLIC_BASE_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

export function createMailLinks(secret: string, baseUrl: string): MailLinks {
  const sign = (id: number, purpose: LinkPurpose) =>
    createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url').slice(0, 32);
  const token = (id: number, purpose: LinkPurpose) => `${id}.${sign(id, purpose)}`;
  return {
    baseUrl,
    requestUrl: (id) => `${baseUrl}/requests/${encodeURIComponent(id)}`,
    confirmUrl: (id) => `${baseUrl}/mail/confirm?token=${token(id, 'confirm')}`,
    unsubscribeUrl: (id) => `${baseUrl}/mail/unsubscribe?token=${token(id, 'unsubscribe')}`,
    answerUrl: (id, answer) => `${baseUrl}/mail/${answer === 'fixed' ? 'fixed' : 'not-fixed'}?token=${token(id, answer)}`,
    alertConfirmUrl: (id) => `${baseUrl}/mail/alerts/confirm?token=${token(id, 'alert-confirm')}`,
    alertUnsubscribeUrl: (id) => `${baseUrl}/mail/alerts/unsubscribe?token=${token(id, 'alert-unsubscribe')}`,
    read(given, purpose) {
      const match = /^([1-9][0-9]{0,14})\.([A-Za-z0-9_-]{32})$/.exec(given);
      if (!match) return undefined;
      const id = Number(match[1]);
      const expected = Buffer.from(sign(id, purpose));
      const actual = Buffer.from(match[2]!);
      return expected.length === actual.length && timingSafeEqual(expected, actual) ? id : undefined;
    },
  };
}
