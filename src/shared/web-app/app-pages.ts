/**
 * The web app's pages, as its router has them (client/app/router.tsx; a client test holds the two
 * to each other). The server answers a page path none of them matches with the app's not-found
 * page and status 404 (server/client-routes.ts), so a link checker or a search engine sees the
 * page does not exist, while a browser sees the app's own not-found page.
 */
export const appPagePatterns = [
  '/',
  '/report',
  '/report/sent/:id',
  '/requests/:id',
  '/alerts/new',
  '/counters',
  '/account',
  '/account/sign-in',
  '/moderation/login',
  '/moderation',
  '/moderation/requests/:id',
  '/moderation/audit',
  '/moderation/dashboard',
  '/moderation/updates',
  '/moderation/responses',
  '/moderation/record',
] as const;

/** As react-router matches a path: in any case, trailing slashes allowed, a `:param` one whole segment. */
const compiled = appPagePatterns.map((pattern) => {
  const source = pattern
    .replace(/\/+$/, '')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:[\w-]+/g, '[^/]+');
  return new RegExp(`^${source}/*$`, 'i');
});

/** Whether the app has a page at this path (the path alone, without its query). */
export function isAppPagePath(path: string): boolean {
  return compiled.some((pattern) => pattern.test(path));
}
