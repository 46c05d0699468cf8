import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src/server/storage';
import { copySqliteToPostgres } from '../../../src/server/storage/copy-to-postgres';
import type { StoredAnswer } from '../../../src/server/storage/repositories/types';
import { freshStoreEnv, testBackend } from '../../helpers/test-store';
import { baseTime, day, minute } from './contract/fixtures';

const config = (dataDir: string, url?: string) => ({ DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_POOL_SIZE: 2, DATABASE_STATEMENT_TIMEOUT_MS: 30_000, MEDIA_DIR: undefined });

const scope = 'proxy:open311';
const answer: StoredAnswer = { statusCode: 201, contentType: 'application/json; charset=utf-8', body: '[{"service_request_id":"moved-1","service_notice":""}]' };

// Needs a PostgreSQL target: runs in the server-postgres project.
describe.runIf(testBackend === 'postgres')('db copy takes the idempotency keys along', () => {
  it('a submission answered before the move is answered alike after it: asked after by its key, or sent again with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kerro-copy-keys-'));
    try {
      const sqlite = await openStore(config(dir));
      expect(await sqlite.idempotencyKeys.claim({ scope, key: 'draft-1', fingerprint: 'f1', now: baseTime, leaseMs: minute })).toEqual({ outcome: 'claimed' });
      await sqlite.idempotencyKeys.complete({ scope, key: 'draft-1', answer, expiresAt: baseTime + day });
      await sqlite.close();

      const url = (await freshStoreEnv(mkdtempSync(join(tmpdir(), 'kerro-copy-target-')), 'postgres')).DATABASE_URL!;
      const report = await copySqliteToPostgres({ sqliteFile: join(dir, 'kerro.sqlite'), sqliteMediaDirectory: join(dir, 'media'), targetUrl: url });
      expect(report.tables.find((table) => table.name === 'idempotency_keys')?.rows).toBe(1);
      const copied = await openStore(config(dir, url));
      try {
        expect(await copied.idempotencyKeys.find(scope, 'draft-1', baseTime + minute)).toEqual({ state: 'done', answer });
        expect(await copied.idempotencyKeys.claim({ scope, key: 'draft-1', fingerprint: 'f1', now: baseTime + minute, leaseMs: minute })).toEqual({ outcome: 'replay', answer });
      } finally {
        await copied.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
