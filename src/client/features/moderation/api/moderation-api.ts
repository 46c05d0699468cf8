import { paths } from '@/shared/paths';

/** Every write must carry the session's token (the server's CSRF check). */
export function csrfHeaders(csrfToken: string): Record<string, string> {
  return { 'X-CSRF-Token': csrfToken };
}

export const moderationApiPath = (path: string) => `${paths.moderationApi}${path}`;

/** Query keys: everything under 'moderation' is dropped on sign-out and when the session ends. */
export const moderationKeys = {
  all: ['moderation'] as const,
  session: ['moderation', 'session'] as const,
  queue: (locale: string, flag = '') => ['moderation', 'queue', flag, locale] as const,
  queueAll: ['moderation', 'queue'] as const,
  list: (state: string, locale: string, flag = '') => ['moderation', 'list', state, flag, locale] as const,
  listAll: ['moderation', 'list'] as const,
  request: (id: string, locale: string) => ['moderation', 'request', id, locale] as const,
  requestAll: (id: string) => ['moderation', 'request', id] as const,
  audit: ['moderation', 'audit'] as const,
  dashboard: ['moderation', 'dashboard'] as const,
};
