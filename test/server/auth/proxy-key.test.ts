import { mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyApiKey } from '../../../src/server/auth/api-keys';
import { ensureProxyApiKey, proxyKeyName } from '../../../src/server/auth/proxy-key';
import { openDatabase, type SqliteDatabase } from '../../../src/server/storage/database';
import type { Repositories } from '../../../src/server/storage/repositories/types';
import { createSqliteRepositories } from '../../../src/server/storage/sqlite-repositories';

describe('ensureProxyApiKey', () => {
  let dataDir: string;
  let db: SqliteDatabase;
  let repositories: Repositories;
  const keyFile = () => join(dataDir, 'proxy-api-key');

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'kerro-proxykey-'));
    db = openDatabase(join(dataDir, 'kerro.sqlite'));
    repositories = createSqliteRepositories(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an active kerro-proxy key on first start and keeps it in an owner-only file', async () => {
    const key = await ensureProxyApiKey(repositories, dataDir, 1000);

    expect(key).toMatch(/^kerro_/);
    expect(readFileSync(keyFile(), 'utf8').trim()).toBe(key);
    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);
    const record = await verifyApiKey(repositories.apiKeys, key);
    expect(record).toMatchObject({ name: proxyKeyName, created_at: 1000, revoked_at: null });
  });

  it('returns the same key on later starts without creating more', async () => {
    const first = await ensureProxyApiKey(repositories, dataDir, 1000);
    const second = await ensureProxyApiKey(repositories, dataDir, 2000);
    const third = await ensureProxyApiKey(createSqliteRepositories(db), dataDir, 3000);

    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(await repositories.apiKeys.list()).toHaveLength(1);
  });

  it('issues a new key when the stored one was revoked', async () => {
    const first = await ensureProxyApiKey(repositories, dataDir, 1000);
    await repositories.apiKeys.revoke(proxyKeyName, 1500);

    const second = await ensureProxyApiKey(repositories, dataDir, 2000);

    expect(second).not.toBe(first);
    expect(readFileSync(keyFile(), 'utf8').trim()).toBe(second);
    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(await verifyApiKey(repositories.apiKeys, second)).toBeDefined();
    expect(await verifyApiKey(repositories.apiKeys, first)).toBeUndefined();
  });

  it('issues a new key when the file holds a key this database does not know', async () => {
    writeFileSync(keyFile(), 'kerro_not-a-key-of-this-database\n', { mode: 0o644 });

    const key = await ensureProxyApiKey(repositories, dataDir, 1000);

    expect(key).not.toBe('kerro_not-a-key-of-this-database');
    expect(await verifyApiKey(repositories.apiKeys, key)).toBeDefined();
    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);
  });

  it('issues a new key when the file is gone', async () => {
    const first = await ensureProxyApiKey(repositories, dataDir, 1000);
    unlinkSync(keyFile());

    const second = await ensureProxyApiKey(repositories, dataDir, 2000);

    expect(second).not.toBe(first);
    expect(readFileSync(keyFile(), 'utf8').trim()).toBe(second);
  });

  it('creates the data directory if needed', async () => {
    const nested = join(dataDir, 'nested', 'dir');
    const key = await ensureProxyApiKey(repositories, nested, 1000);
    expect(readFileSync(join(nested, 'proxy-api-key'), 'utf8').trim()).toBe(key);
  });
});
