import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http-client';

const MAX_RETRIES = 2;

/** Retries only what may pass on a second try: lost connections and server-side failures. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return false;
  return error.kind === 'network' || (error.kind === 'http' && error.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Asked even when the browser says it is offline: the service worker may answer from
        // what it keeps (the service list, the definitions); only retries wait for the network.
        networkMode: 'offlineFirst',
      },
      mutations: {
        // A report must never be sent twice behind the person's back.
        retry: false,
      },
    },
  });
}
