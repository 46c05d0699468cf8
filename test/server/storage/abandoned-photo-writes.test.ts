import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { startServer, type RunningServer } from '../../../src/server/main';
import { freshStoreEnv } from '../../helpers/test-store';

let dataDir: string | undefined;
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('a starting server removes the half-written photos a killed process left, but not a write another instance has in progress', { timeout: 30_000 }, async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kerro-abandoned-'));
  const media = join(dataDir, 'shared-media');
  mkdirSync(media);
  const photo = join(media, `${'a'.repeat(32)}.jpg`);
  const abandoned = join(media, `.${'b'.repeat(32)}.jpg.0123abcd.tmp`);
  const inProgress = join(media, `.${'c'.repeat(32)}.jpg.4567cdef.tmp`);
  for (const file of [photo, abandoned, inProgress]) writeFileSync(file, 'jpeg bytes');
  // Killed an hour ago, mid-write; the photo beside it is as old and stays.
  const anHourAgo = new Date(Date.now() - 60 * 60_000);
  utimesSync(abandoned, anHourAgo, anHourAgo);
  utimesSync(photo, anHourAgo, anHourAgo);

  const config = loadConfig({ ...(await freshStoreEnv(dataDir)), MEDIA_DIR: media, PORT: '0', DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  server = await startServer(config);
  expect(existsSync(abandoned)).toBe(false);
  expect(existsSync(inProgress)).toBe(true);
  expect(existsSync(photo)).toBe(true);
});
