import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitRepository } from '../storage/repositories/types';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts in the database instead of this process's memory,
 * so every instance behind a load balancer counts the same client together. Keys are namespaced
 * by route so two limited routes never share a count.
 */
export function sharedRateLimitStore(rateLimits: RateLimitRepository, now: () => number, namespace = ''): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      rateLimits.hit(`${namespace}${key}`, timeWindow, at).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - at) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limit settings with the route under `routeInfo`, not
      // the route itself as its types say (its Redis store reads it there too).
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method: string | string[]; url: string } };
      const Child = sharedRateLimitStore(rateLimits, now, `${String(routeInfo.method)} ${routeInfo.url}|`);
      return new Child({});
    }
  };
}
