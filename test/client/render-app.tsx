import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../../src/client/app/providers';
import { createAppRoutes } from '../../src/client/app/router';
import { createQueryClient } from '../../src/client/lib/query-client';
import type { SupportedLocale } from '../../src/shared/locales';
import { createTestI18n } from './test-i18n';
import { loadLazyAppCode } from './app-code';

await loadLazyAppCode();

/**
 * Renders the real routes and providers at a URL, with fresh clients for each test; the texts of
 * every language are loaded unless `languages` names fewer (as the app starts: only its own).
 */
export function renderApp({ path = '/', language, languages }: { path?: string; language?: SupportedLocale; languages?: SupportedLocale[] } = {}) {
  const i18n = createTestI18n(language, languages);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(i18n), { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, i18n, queryClient, router };
}

type FetchHandler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces fetch with a handler that sees each request's URL; returns the mock for assertions. */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    ...init,
  });
}
