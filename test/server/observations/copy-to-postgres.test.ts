import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src/server/storage';
import { copySqliteToPostgres } from '../../../src/server/storage/copy-to-postgres';
import { freshStoreEnv, testBackend } from '../../helpers/test-store';

const config = (dataDir: string, url?: string) => ({ DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_POOL_SIZE: 2, DATABASE_STATEMENT_TIMEOUT_MS: 30_000, MEDIA_DIR: undefined });

// Needs a PostgreSQL target: runs in the server-postgres project.
describe.runIf(testBackend === 'postgres')('db copy takes the observations along', () => {
  it('copies series, values and sources, and the target keeps adding series after the copied ids', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kerro-copy-obs-'));
    try {
      const sqlite = await openStore(config(dir));
      const base = { measurementType: 'count', direction: 'in', vehicleType: 'bicycle', unit: 'pcs', phenomenonDurationSeconds: 3600, source: 'EcoCounter' };
      await sqlite.observations.upsertMany([
        { ...base, counterId: 7, datetime: Date.UTC(2025, 5, 1), value: 3 },
        { ...base, counterId: 8, datetime: Date.UTC(2025, 5, 1), value: 4 },
      ]);
      await sqlite.observations.upsertSources([{ name: 'EcoCounter', license: 'CC BY 4.0', descriptions: { fi: 'a', sv: 'b', en: 'c' } }]);
      const order = [{ field: 'counterId' as const, descending: false }, { field: 'datetime' as const, descending: false }];
      const expected = await sqlite.observations.list({}, { order, offset: 0, limit: 10 });
      await sqlite.close();

      const url = (await freshStoreEnv(mkdtempSync(join(tmpdir(), 'kerro-copy-target-')), 'postgres')).DATABASE_URL!;
      const target = await openStore(config(dir, url));
      await target.close();
      await copySqliteToPostgres({ sqliteFile: join(dir, 'kerro.sqlite'), sqliteMediaDirectory: join(dir, 'media'), targetUrl: url });
      const copied = await openStore(config(dir, url));
      try {
        expect(await copied.observations.list({}, { order, offset: 0, limit: 10 })).toEqual(expected);
        expect(await copied.observations.listSources()).toHaveLength(1);
        await copied.observations.upsertMany([{ ...base, counterId: 9, datetime: Date.UTC(2025, 5, 1), value: 5 }]);
        expect(await copied.observations.count({})).toBe(3);
      } finally {
        await copied.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
