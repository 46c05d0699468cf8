/**
 * A process killed between writing a report's photo and committing its row leaves a photo no row
 * names (2 of 65 in issue 39's SIGKILL run): a starting server removes those older than an hour,
 * on a real data directory and store of this run's backend.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../src/server/config';
import { startServer, type RunningServer } from '../../../src/server/main';
import { openStore } from '../../../src/server/storage';
import { freshStoreEnv } from '../../helpers/test-store';
import { mediaRow, newRequest, storeServiceTypes } from './contract/fixtures';

let dataDir: string | undefined;
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const photoName = (letter: string, extension = 'jpg') => `${letter.repeat(32)}.${extension}`;
const twoHoursAgo = () => new Date(Date.now() - 2 * 60 * 60_000);

/** A data directory with photos in a MEDIA_DIR (as several instances share it), and the config to start on it. */
async function dataDirectory(): Promise<{ config: Config; media: string; write: (name: string, old: boolean) => string }> {
  dataDir = mkdtempSync(join(tmpdir(), 'kerro-orphans-'));
  const media = join(dataDir, 'shared-media');
  mkdirSync(media);
  const config = loadConfig({ ...(await freshStoreEnv(dataDir)), MEDIA_DIR: media, PORT: '0', DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const write = (name: string, old: boolean) => {
    const path = join(media, name);
    writeFileSync(path, 'jpeg bytes');
    if (old) utimesSync(path, twoHoursAgo(), twoHoursAgo());
    return path;
  };
  return { config, media, write };
}

it("removes the old photos no report or update names, but not a named one, a recent one (another instance's report in progress) or a file not the store's", { timeout: 30_000 }, async () => {
  const { config, write } = await dataDirectory();
  const store = await openStore(config);
  try {
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('with-photo', { media: [{ ...mediaRow(0), file_name: photoName('a') }] }));
    await store.residentUpdates.create({
      id: 'u1', service_request_id: 'with-photo', body_id: null, text: 'Still there', media_file: photoName('c', 'png'),
      name: null, show_name: false, email: null, locale: 'fi', state: null, created_at: Date.now(),
    });
  } finally {
    await store.close();
  }
  const requestPhoto = write(photoName('a'), true);
  const updatePhoto = write(photoName('c', 'png'), true);
  const orphan = write(photoName('b'), true);
  const inProgress = write(photoName('d'), false);
  const notAPhoto = write('README.txt', true);

  server = await startServer(config);
  expect(existsSync(orphan)).toBe(false);
  for (const kept of [requestPhoto, updatePhoto, inProgress, notAPhoto]) expect(existsSync(kept), kept).toBe(true);
  const photo = await server.app.inject({ url: `/media/${photoName('a')}` });
  expect(photo.statusCode).toBe(200);
});

it('removes nothing when the database names none of the photos: a DATA_DIR or DATABASE_URL pointed elsewhere, not a crash', { timeout: 30_000 }, async () => {
  const { config, write } = await dataDirectory();
  const photos = ['a', 'b', 'c'].map((letter) => write(photoName(letter), true));
  server = await startServer(config);
  for (const photo of photos) expect(existsSync(photo), photo).toBe(true);
});
