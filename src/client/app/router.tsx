import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { useState } from 'react';
import { AppRoot, AppRootFallback } from './routes/root';
import { RouteErrorBoundary } from './routes/route-error';

/** Pages load their code on first visit; the frame around them is in the main bundle. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppRoot,
    HydrateFallback: AppRootFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        index: true,
        lazy: async () => {
          const { HomeRoute } = await import('./routes/home');
          return { Component: HomeRoute };
        },
      },
      {
        path: 'report',
        lazy: async () => {
          const { ReportRoute } = await import('./routes/report');
          return { Component: ReportRoute };
        },
      },
      {
        path: 'report/sent/:id',
        lazy: async () => {
          const { ReportSentRoute } = await import('./routes/report-sent');
          return { Component: ReportSentRoute };
        },
      },
      {
        path: 'requests/:id',
        lazy: async () => {
          const { RequestTrackRoute } = await import('./routes/request-track');
          return { Component: RequestTrackRoute };
        },
      },
      {
        path: 'counters',
        lazy: async () => {
          const { CountersRoute } = await import('./routes/counters');
          return { Component: CountersRoute };
        },
      },
      {
        path: 'moderation/login',
        lazy: async () => {
          const { ModerationLoginRoute } = await import('./routes/moderation-login');
          return { Component: ModerationLoginRoute };
        },
      },
      {
        path: 'moderation',
        lazy: async () => {
          const { ModerationLayoutRoute } = await import('./routes/moderation-layout');
          return { Component: ModerationLayoutRoute };
        },
        children: [
          {
            index: true,
            lazy: async () => {
              const { ModerationQueueRoute } = await import('./routes/moderation-queue');
              return { Component: ModerationQueueRoute };
            },
          },
          {
            path: 'requests/:id',
            lazy: async () => {
              const { ModerationRequestRoute } = await import('./routes/moderation-request');
              return { Component: ModerationRequestRoute };
            },
          },
          {
            path: 'audit',
            lazy: async () => {
              const { ModerationAuditRoute } = await import('./routes/moderation-audit');
              return { Component: ModerationAuditRoute };
            },
          },
        ],
      },
      {
        path: '*',
        lazy: async () => {
          const { NotFoundRoute } = await import('./routes/not-found');
          return { Component: NotFoundRoute };
        },
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return <RouterProvider router={router} />;
}
