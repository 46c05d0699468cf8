import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src/server/storage';
import { copySqliteToPostgres } from '../../../src/server/storage/copy-to-postgres';
import type { BodyRecord } from '../../../src/server/storage/repositories/types';
import { freshStoreEnv, openTestSql, testBackend } from '../../helpers/test-store';
import { newRequest, storeServiceTypes } from './contract/fixtures';

const config = (dataDir: string, url?: string) => ({ DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_POOL_SIZE: 2, DATABASE_STATEMENT_TIMEOUT_MS: 30_000, MEDIA_DIR: undefined });

const area = (west: number, south: number, east: number, north: number) => ({
  type: 'Polygon' as const,
  coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]],
});
const bodies: BodyRecord[] = [
  { id: 'espoo', jurisdiction_id: 'espoo.fi', names: { fi: 'Espoo', sv: 'Esbo', en: 'Espoo' }, area: area(24.5, 60.1, 24.85, 60.35), services: ['171', '172'], send: { method: 'console' } },
  { id: 'kauniainen', jurisdiction_id: 'kauniainen.fi', names: { fi: 'Kauniainen', sv: 'Grankulla', en: 'Kauniainen' }, area: area(24.7, 60.2, 24.75, 60.22), services: ['171'], send: { method: 'console' } },
];

// Needs a PostgreSQL target: runs in the server-postgres project.
describe.runIf(testBackend === 'postgres')('db copy takes the bodies along', () => {
  it('copies bodies with their areas (PostGIS built from the GeoJSON), service lists, moderators’ bodies and requests’ bodies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kerro-copy-bodies-'));
    try {
      const sqlite = await openStore(config(dir));
      await storeServiceTypes(sqlite);
      await sqlite.bodies.importAll(bodies);
      await sqlite.serviceRequests.create(newRequest('req-k', { body_id: 'kauniainen' }));
      await sqlite.close();
      const sqliteSql = openTestSql({ DATA_DIR: dir });
      await sqliteSql.run("INSERT INTO moderator_bodies (moderator_name, body_id) VALUES ('maija', 'espoo')");
      await sqliteSql.close();

      const url = (await freshStoreEnv(mkdtempSync(join(tmpdir(), 'kerro-copy-target-')), 'postgres')).DATABASE_URL!;
      const report = await copySqliteToPostgres({ sqliteFile: join(dir, 'kerro.sqlite'), sqliteMediaDirectory: join(dir, 'media'), targetUrl: url });
      expect(report.tables.filter((table) => table.name.includes('bod')).map(({ name, rows }) => [name, rows])).toEqual([
        ['bodies', 2],
        ['body_services', 3],
        ['moderator_bodies', 1],
      ]);
      const copied = await openStore(config(dir, url));
      try {
        expect((await copied.bodies.at(60.21, 24.72)).map((body) => body.id)).toEqual(['kauniainen', 'espoo']);
        expect(await copied.bodies.find('espoo')).toMatchObject(bodies[0]!);
        expect((await copied.serviceRequests.find('req-k'))?.body_id).toBe('kauniainen');
      } finally {
        await copied.close();
      }
      const targetSql = openTestSql({ DATABASE_URL: url });
      try {
        expect(await targetSql.all('SELECT moderator_name, body_id FROM moderator_bodies')).toEqual([{ moderator_name: 'maija', body_id: 'espoo' }]);
      } finally {
        await targetSql.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
