import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's superuser URL; pass it to createTestDatabase(). */
    postgresUrl: string;
  }
}

/**
 * vitest globalSetup: one PostgreSQL + PostGIS server for the whole run (starting one takes
 * seconds); each test file gets its own database from it with createTestDatabase(inject('postgresUrl')).
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
