import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const sessionCookieName = 'kerro_session';

/** The cookie's value: 256 random bits. Only its hash is stored, so a leaked database opens no session. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sameToken(presented: string, expected: string): boolean {
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
