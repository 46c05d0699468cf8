import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from './project-root';

/**
 * A data directory the built server has already seeded with the demo data, made once per e2e run
 * (build-for-e2e.ts, after the build) and copied for each server a test starts. Seeding (85,000
 * observation rows, the addresses, the demo reports) was about half of every e2e server's start;
 * a copy keeps each file's data its own at a fraction of that.
 */
export const seededDataTemplate = join(projectRoot, 'test-results', 'seeded-data');

/** Variables that change what the demo seed writes, or where: a server given one seeds for itself. */
const seedingVariables = ['DATABASE_URL', 'DEMO_DATA', 'SERVICE_OBJECT_TYPE', 'TZ_NAME'];

/** Whether a server started with this environment may begin from the template. */
export function canStartFromTemplate(env: Record<string, string> = {}): boolean {
  return existsSync(seededDataTemplate) && !seedingVariables.some((name) => name in env);
}

/** A fresh data directory holding a copy of the template. */
export function copyOfSeededData(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'kerro-e2e-'));
  cpSync(seededDataTemplate, dataDir, { recursive: true });
  return dataDir;
}

/** Replaces the template with the data directory a server seeded and has stopped on. */
export function keepAsTemplate(seededDir: string): void {
  rmSync(seededDataTemplate, { recursive: true, force: true });
  cpSync(seededDir, seededDataTemplate, { recursive: true });
  rmSync(seededDir, { recursive: true, force: true });
}

