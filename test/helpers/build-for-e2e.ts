import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKerroServer } from './kerro-server';
import { projectRoot } from './project-root';
import { keepAsTemplate, seededDataTemplate } from './seeded-data';
import { buildIfStale, builds } from '../../scripts/build-stamp.mjs';

/** vitest globalSetup of the e2e project: the browser tests need the real built app and server. */
export default async function buildForE2e(): Promise<void> {
  // As `npm start` builds (scripts/build-stamp.mjs): only what changed; the e2e servers run
  // compiled, as `npm start` does (plain node starts in half the time of tsx).
  for (const build of [builds.client, builds.server]) buildIfStale(build, { log: (line) => console.log(`[e2e] ${line}`) });
  // Both e2e projects name this set-up; the second finds the first one's template current.
  if (!isTemplateCurrent()) await seedTemplate();
}

/** Made after the server's build and recently: the demo data's times are relative to the seeding. */
function isTemplateCurrent(): boolean {
  if (!existsSync(seededDataTemplate)) return false;
  const madeAt = statSync(seededDataTemplate).mtimeMs;
  return madeAt > statSync(join(projectRoot, 'dist-server/server/main.js')).mtimeMs && Date.now() - madeAt < 30 * 60_000;
}

/** The run's seeded data directory (seeded-data.ts), made by the server just built, stopped cleanly. */
async function seedTemplate(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kerro-seed-'));
  const server = await startKerroServer({ dataDir });
  await server.stop();
  keepAsTemplate(dataDir);
}
