import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../../src/client/app/providers';
import { appRoutes } from '../../src/client/app/router';
import { createI18n } from '../../src/client/lib/i18n';
import { createQueryClient } from '../../src/client/lib/query-client';
import type { SupportedLocale } from '../../src/shared/locales';

/** Renders the real routes and providers at a URL, with fresh clients for each test. */
export function renderApp({ path = '/', language }: { path?: string; language?: SupportedLocale } = {}) {
  const i18n = createI18n(language ? { language } : {});
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
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
