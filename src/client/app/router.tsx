import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { useState, type ComponentType } from 'react';
import type { i18n as I18n } from 'i18next';
import { loadNamespaces } from '../lib/i18n';
import { AppRoot, AppRootFallback } from './routes/root';
import { RouteErrorBoundary } from './routes/route-error';

interface PageTexts {
  /** The page's own namespaces (the first ones, lib/first-namespaces.ts, are always here). */
  texts?: readonly string[];
  /** Namespaces of parts the page loads after it renders (maps, panels), asked for once it has. */
  later?: readonly string[];
}

/**
 * Pages load their code on first visit; the frame around them is in the main bundle. A page's
 * namespaces download in the UI language beside its code, and the router renders the page only
 * once both are here: its first render shows texts, never keys, with no Suspense fallback in
 * between. The namespaces of parts the page loads later are asked for as soon as the page is
 * here, beside those parts' code (lib/i18n.ts).
 */
export function createAppRoutes(i18n: I18n): RouteObject[] {
  const page =
    (load: () => Promise<ComponentType>, { texts = [], later = [] }: PageTexts = {}): LazyRouteFunction<RouteObject> =>
    async () => {
      const [Component] = await Promise.all([load(), loadNamespaces(i18n, texts)]);
      if (later.length > 0) void i18n.loadNamespaces([...later]);
      return { Component };
    };
  return [
    {
      path: '/',
      Component: AppRoot,
      HydrateFallback: AppRootFallback,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        {
          index: true,
          lazy: page(() => import('./routes/home').then((module) => module.HomeRoute), { later: ['requests', 'leaflet', 'map-pick', 'address-search', 'traffic'] }),
        },
        {
          path: 'report',
          lazy: page(() => import('./routes/report').then((module) => module.ReportRoute), { texts: ['report', 'address-search'], later: ['leaflet', 'outbox'] }),
        },
        {
          path: 'report/sent/:id',
          lazy: page(() => import('./routes/report-sent').then((module) => module.ReportSentRoute), { texts: ['report'] }),
        },
        {
          path: 'requests/:id',
          lazy: page(() => import('./routes/request-track').then((module) => module.RequestTrackRoute), { texts: ['requests', 'updates', 'nearby', 'share'], later: ['leaflet', 'resident-updates', 'abuse'] }),
        },
        {
          path: 'alerts/new',
          lazy: page(() => import('./routes/alerts-new').then((module) => module.AlertsNewRoute), { texts: ['alerts'] }),
        },
        {
          path: 'counters',
          lazy: page(() => import('./routes/counters').then((module) => module.CountersRoute), { texts: ['counters-table', 'traffic'] }),
        },
        {
          path: 'account',
          lazy: page(() => import('./routes/account').then((module) => module.AccountRoute), { texts: ['account', 'requests'] }),
        },
        {
          path: 'account/sign-in',
          lazy: page(() => import('./routes/account-sign-in').then((module) => module.AccountSignInRoute), { texts: ['account'] }),
        },
        {
          path: 'moderation/login',
          lazy: page(() => import('./routes/moderation-login').then((module) => module.ModerationLoginRoute), { texts: ['moderation'] }),
        },
        {
          path: 'moderation',
          lazy: page(() => import('./routes/moderation-layout').then((module) => module.ModerationLayoutRoute), { texts: ['moderation', 'requests', 'resident-updates'] }),
          children: [
            {
              index: true,
              lazy: page(() => import('./routes/moderation-queue').then((module) => module.ModerationQueueRoute)),
            },
            {
              path: 'requests/:id',
              lazy: page(() => import('./routes/moderation-request').then((module) => module.ModerationRequestRoute), { texts: ['updates', 'abuse'], later: ['leaflet'] }),
            },
            {
              path: 'audit',
              lazy: page(() => import('./routes/moderation-audit').then((module) => module.ModerationAuditRoute)),
            },
            {
              path: 'dashboard',
              lazy: page(() => import('./routes/moderation-dashboard').then((module) => module.ModerationDashboardRoute)),
            },
            {
              path: 'responses',
              lazy: page(() => import('./routes/moderation-responses').then((module) => module.ModerationResponsesRoute)),
            },
            {
              path: 'updates',
              lazy: page(() => import('./routes/moderation-updates').then((module) => module.ModerationUpdatesRoute), { texts: ['updates'] }),
            },
            {
              path: 'record',
              lazy: page(() => import('./routes/moderation-record').then((module) => module.ModerationRecordRoute)),
            },
          ],
        },
        {
          path: '*',
          lazy: page(() => import('./routes/not-found').then((module) => module.NotFoundRoute)),
        },
      ],
    },
  ];
}

/** `i18n` is the instance itself: useTranslation() gives a copy that keeps the language it was made in. */
export function AppRouter({ i18n }: { i18n: I18n }) {
  const [router] = useState(() => createBrowserRouter(createAppRoutes(i18n)));
  return <RouterProvider router={router} />;
}
