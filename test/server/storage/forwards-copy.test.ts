import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src/server/storage';
import { copySqliteToPostgres } from '../../../src/server/storage/copy-to-postgres';
import type { BodyRecord } from '../../../src/server/storage/repositories/types';
import { freshStoreEnv, testBackend } from '../../helpers/test-store';
import { baseTime, minute, newRequest, storeServiceTypes } from './contract/fixtures';

const config = (dataDir: string, url?: string) => ({ DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_POOL_SIZE: 2, DATABASE_STATEMENT_TIMEOUT_MS: 30_000, MEDIA_DIR: undefined });

const works: BodyRecord = {
  id: 'works',
  jurisdiction_id: 'works.fi',
  names: { fi: 'Katu', sv: 'Gata', en: 'Streets' },
  area: { type: 'Polygon', coordinates: [[[24.5, 60.1], [25.2, 60.1], [25.2, 60.4], [24.5, 60.4], [24.5, 60.1]]] },
  services: ['171'],
  send: { method: 'open311', endpoint: 'https://cases.example.fi/open311/v1', api_key_env: 'WORKS_KEY' },
};

// Needs a PostgreSQL target: runs in the server-postgres project.
describe.runIf(testBackend === 'postgres')('db copy takes the forwarding along', () => {
  it('copies forward jobs (sent and pending, with their keys) and the case systems\' polling windows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kerro-copy-forwards-'));
    try {
      const sqlite = await openStore(config(dir));
      await storeServiceTypes(sqlite);
      await sqlite.bodies.importAll([works]);
      for (const id of ['sent', 'pending']) await sqlite.serviceRequests.create(newRequest(id, { body_id: 'works' }), undefined, { forward: { body_id: 'works', method: 'open311' } });
      const sentJob = await sqlite.forwards.claim('sent', baseTime, baseTime + minute);
      await sqlite.unitOfWork.changeRequest('sent', () => ({ set: {}, audit: { at: baseTime + 1, moderator: 'system', action: 'forwarded', details: {} }, forwarded: { remote_id: 'W-1' } }));
      const pendingJob = await sqlite.forwards.claim('pending', baseTime, baseTime + minute);
      await sqlite.forwards.retryLater('pending', baseTime + minute, 'HTTP 503', true);
      await sqlite.forwards.claimPoll('works', baseTime, baseTime + minute);
      await sqlite.forwards.releasePoll('works', { polledUntil: baseTime });
      const before = await sqlite.forwards.list({ limit: 10 });
      await sqlite.close();

      const url = (await freshStoreEnv(mkdtempSync(join(tmpdir(), 'kerro-copy-target-')), 'postgres')).DATABASE_URL!;
      const report = await copySqliteToPostgres({ sqliteFile: join(dir, 'kerro.sqlite'), sqliteMediaDirectory: join(dir, 'media'), targetUrl: url });
      expect(report.tables.filter((table) => ['forwards', 'case_system_polls'].includes(table.name)).map(({ name, rows }) => [name, rows])).toEqual([
        ['forwards', 2],
        ['case_system_polls', 1],
      ]);
      const copied = await openStore(config(dir, url));
      try {
        expect(await copied.forwards.list({ limit: 10 })).toEqual(before);
        expect(await copied.forwards.findByRemoteIds('works', ['W-1'])).toEqual([{ service_request_id: 'sent', remote_id: 'W-1', remote_updated_at: null }]);
        // The same key and the same doubt: the copy's sender looks the report up before resending it.
        expect(await copied.forwards.claim('pending', baseTime + minute, baseTime + 2 * minute)).toEqual({ ...pendingJob, attempts: 2, uncertain: true });
        expect(sentJob?.idempotency_key).not.toBe(pendingJob?.idempotency_key);
        expect(await copied.forwards.claimPoll('works', baseTime + 1, baseTime + minute)).toEqual({ body_id: 'works', polled_until: baseTime });
      } finally {
        await copied.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
