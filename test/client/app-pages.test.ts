/** The server's list of the app's pages (404 for any other path) is the router's, page for page. */
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '../../src/client/app/router';
import { appPagePatterns, isAppPagePath } from '../../src/shared/web-app/app-pages';
import { createTestI18n } from './test-i18n';

const joined = (parent: string, path: string) => (path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`);

/** Every page's whole path: a route with children is a layout, its pages are theirs; the catch-all (`*`, the not-found page) is none. */
function pagePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.index ? parent : joined(parent, route.path ?? '');
    return route.children ? pagePaths(route.children, path) : [path];
  });
}

describe("the app's pages", () => {
  it("are the router's routes", () => {
    const routed = new Set(pagePaths(createAppRoutes(createTestI18n('en', ['en']))));
    expect([...routed].sort()).toEqual([...appPagePatterns].sort());
  });

  it('match a path as the router does: any case, trailing slashes, one segment per parameter', () => {
    for (const path of ['/', '/report', '/REPORT/', '/requests/abc123', '/requests/a%2Fb', '/moderation/requests/x/', '/account/sign-in']) {
      expect(isAppPagePath(path), path).toBe(true);
    }
    for (const path of ['/report/new', '/requests', '/requests/', '/requests/a/b', '/no/such/page', '/moderationx', '/account/sign-in/more']) {
      expect(isAppPagePath(path), path).toBe(false);
    }
  });
});
