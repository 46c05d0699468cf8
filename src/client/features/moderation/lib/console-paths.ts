import type { ModerationFlag, ModerationState } from '@/shared/moderation/wire';

/** A list's address: the queue is `/moderation`, the others `?state=`; `flag` keeps only the requests with it (shareable). */
function listPath(state: ModerationState, flag?: ModerationFlag): string {
  const params = new URLSearchParams();
  if (state !== 'pending') params.set('state', state);
  if (flag) params.set('flag', flag);
  const query = params.toString();
  return query ? `/moderation?${query}` : '/moderation';
}

/** The console's own addresses; the app router maps them onto its pages. */
export const consolePaths = {
  login: '/moderation/login',
  queue: '/moderation',
  audit: '/moderation/audit',
  dashboard: '/moderation/dashboard',
  updates: '/moderation/updates',
  responses: '/moderation/responses',
  /** Recording a report taken by phone or at a desk (issue 41, item 8). */
  record: '/moderation/record',
  list: listPath,
  request: (id: string) => `/moderation/requests/${encodeURIComponent(id)}`,
} as const;

/** Why the login page is shown: the session ended, the moderator signed out, or never signed in. */
export const loginReasons = ['expired', 'signed-out', 'required'] as const;
export type LoginReason = (typeof loginReasons)[number];

export function isLoginReason(value: unknown): value is LoginReason {
  return typeof value === 'string' && (loginReasons as readonly string[]).includes(value);
}

export function loginPath({ next, reason }: { next?: string; reason?: LoginReason } = {}): string {
  const params = new URLSearchParams();
  if (reason) params.set('reason', reason);
  if (next && next !== consolePaths.queue) params.set('next', next);
  const query = params.toString();
  return query ? `${consolePaths.login}?${query}` : consolePaths.login;
}

/**
 * Where to go after signing in: a console page on this site, never anywhere else (an open
 * redirect would let a crafted login link send a moderator to a look-alike site).
 */
export function safeNextPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return consolePaths.queue;
  let url: URL;
  try {
    url = new URL(value, 'https://console.invalid');
  } catch {
    return consolePaths.queue;
  }
  const inConsole = url.pathname === consolePaths.queue || url.pathname.startsWith(`${consolePaths.queue}/`);
  if (url.origin !== 'https://console.invalid' || !inConsole || url.pathname === consolePaths.login) return consolePaths.queue;
  return `${url.pathname}${url.search}${url.hash}`;
}
