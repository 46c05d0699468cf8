/**
 * Asking for and using a one-time sign-in link. Asking always answers the same, whether or not
 * the address has reported anything, and always sends the link (an address that only follows
 * reports may sign in too), so the answer tells nobody whose address is known. Only the
 * token's SHA-256 is stored; the token itself exists in the email alone.
 */
import { randomBytes } from 'node:crypto';
import { resolveLocale } from '../../shared/locales';
import { signInLinkMinutes } from '../../shared/residents/wire';
import type { AppContext } from '../context';
import { countAgainstLimits, sha256Hex, tryAgainIn, type LimitRefusal } from '../http/requester-limits';
import { ModerationApiError } from '../moderation/errors';
import { sessionIdOf } from '../moderation/session-tokens';
import { announceOutboxMessage } from '../notify/outbox-signal';
import { signInMessage } from './sign-in-message';

/**
 * Links within an hour: per address and client together (one client cannot use up an address's
 * links), per client address and per address (enough for seven clients' shares: a stranger alone
 * cannot keep a resident from signing in, and an address gets at most 20 links an hour).
 */
export const signInLimits = { perPair: 3, perClient: 20, perAddress: 20, windowMs: 60 * 60_000 };

export interface SignInAsk {
  email: string;
  locale?: string;
  /** A same-site path the link returns to, checked by the caller. */
  next?: string;
  clientIp: string;
}

const tooMany = (refusal: LimitRefusal) =>
  new ModerationApiError(429, 'too_many_attempts', `too many sign-in links ${refusal.whose}: at most ${refusal.max} an hour; ${tryAgainIn(refusal)}`, {
    retryAfterSeconds: refusal.retryAfterSeconds,
  });

export async function askForSignInLink(context: AppContext, ask: SignInAsk): Promise<void> {
  const { repositories, config } = context;
  const email = ask.email.trim().toLowerCase();
  const now = context.now();
  // Keyed by a hash: the rate-limit table must not become a list of addresses.
  const refusal = await countAgainstLimits(
    repositories.rateLimits,
    ask.clientIp,
    {
      scope: 'resident-sign-in',
      targets: [{ key: `address:${sha256Hex(email)}`, name: 'this address', perPair: signInLimits.perPair, perTarget: signInLimits.perAddress }],
      perRequester: signInLimits.perClient,
      windowMs: signInLimits.windowMs,
    },
    now,
  );
  if (refusal) throw tooMany(refusal);

  const token = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({ token, ...(ask.next === undefined ? {} : { next: ask.next }) });
  // As every emailed link: PUBLIC_BASE_URL, never the caller's Host.
  const link = `${context.mailLinks.baseUrl}/account/sign-in?${query}`;
  const validMs = signInLinkMinutes * 60_000;
  const message = signInMessage({
    email,
    locale: resolveLocale(ask.locale),
    link,
    validMinutes: signInLinkMinutes,
    mailFrom: config.MAIL_FROM,
    now,
  });
  await repositories.residents.startSignIn({ token_hash: sessionIdOf(token), email, created_at: now, expires_at: now + validMs }, message);
  announceOutboxMessage();
}

/** Uses the link's token once: the address it proves, or undefined (unknown, used or expired). */
export async function useSignInLink(context: AppContext, token: string): Promise<string | undefined> {
  return context.repositories.residents.consumeSignIn(sessionIdOf(token), context.now());
}
