/**
 * The app's own route table, recorded as routes are added: a test file replaces `fastify` with
 * `vi.mock('fastify', recordingFastify)` (so it belongs in vite.config.ts's moduleReplacingSuites)
 * and reads `recordedRoutes` once the app is built.
 */
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';

export interface RecordedRoute {
  method: string;
  url: string;
  schema?: FastifySchema & { hide?: boolean };
  /** The validator compiler the route's schemas are compiled with: its own, or its plugin's. */
  validatorCompiler?: FastifySchemaCompiler<unknown>;
}

export const recordedRoutes: RecordedRoute[] = [];

export async function recordingFastify(importOriginal: () => Promise<typeof import('fastify')>) {
  const original = await importOriginal();
  const create = ((options?: object) => {
    const app = original.default(options) as FastifyInstance;
    app.addHook('onRoute', function (this: FastifyInstance, route) {
      const validatorCompiler = (route.validatorCompiler ?? this.validatorCompiler) as FastifySchemaCompiler<unknown> | undefined;
      for (const method of [route.method].flat()) recordedRoutes.push({ method, url: route.url, schema: route.schema as FastifySchema, validatorCompiler });
    });
    return app;
  }) as typeof original.default;
  return { ...original, default: create, fastify: create };
}
