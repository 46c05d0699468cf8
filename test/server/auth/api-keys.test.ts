import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey, generateApiKey, hashApiKey, keyPrefix, verifyApiKey } from '../../../src/server/auth/api-keys';
import type { Store } from '../../../src/server/storage';
import { openTestSql, openTestStore, type TestSql } from '../../helpers/test-store';

describe('API key primitives', () => {
  it('generates kerro_-prefixed keys with 32 random bytes in base64url', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^kerro_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key.slice('kerro_'.length), 'base64url')).toHaveLength(32);
    }
  });

  it('hashes with SHA-256 to lowercase hex', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).not.toBe(hashApiKey(generateApiKey()));
  });

  it('keeps a short prefix for listings that does not reveal the key', () => {
    const key = generateApiKey();
    expect(keyPrefix(key)).toBe(key.slice(0, 10));
    expect(keyPrefix(key).startsWith('kerro_')).toBe(true);
  });
});

describe('API keys in the store', () => {
  let dir: string;
  let repositories: Store;
  let sql: TestSql;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kerro-apikeys-'));
    const opened = await openTestStore(dir);
    repositories = opened.store;
    sql = openTestSql(opened.env);
  });
  afterEach(async () => {
    await sql.close();
    await repositories.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('verifies a created key and stores only its hash', async () => {
    const { key, record } = await createApiKey(repositories.apiKeys, 'city-app', 1_700_000_000_000);
    expect(record).toMatchObject({ name: 'city-app', key_prefix: keyPrefix(key), created_at: 1_700_000_000_000, revoked_at: null });

    expect(await verifyApiKey(repositories.apiKeys, key)).toEqual(record);

    const rows = await sql.all('SELECT * FROM api_keys');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toBe(hashApiKey(key));
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  it('rejects unknown, empty, missing and overlong keys', async () => {
    await createApiKey(repositories.apiKeys, 'city-app', 1);
    expect(await verifyApiKey(repositories.apiKeys, generateApiKey())).toBeUndefined();
    expect(await verifyApiKey(repositories.apiKeys, '')).toBeUndefined();
    expect(await verifyApiKey(repositories.apiKeys, undefined)).toBeUndefined();
    expect(await verifyApiKey(repositories.apiKeys, null)).toBeUndefined();
    expect(await verifyApiKey(repositories.apiKeys, 'x'.repeat(10_000))).toBeUndefined();
  });

  it('stops accepting a key once revoked, by id or by name, and leaves others alone', async () => {
    const first = await createApiKey(repositories.apiKeys, 'first', 1);
    const second = await createApiKey(repositories.apiKeys, 'second', 2);

    expect(await repositories.apiKeys.revoke(String(first.record.id), 10)).toBe(1);
    expect(await verifyApiKey(repositories.apiKeys, first.key)).toBeUndefined();
    expect(await verifyApiKey(repositories.apiKeys, second.key)).toBeDefined();

    expect(await repositories.apiKeys.revoke('second', 11)).toBe(1);
    expect(await verifyApiKey(repositories.apiKeys, second.key)).toBeUndefined();
    expect(await repositories.apiKeys.revoke('second', 12)).toBe(0);

    const listed = await repositories.apiKeys.list();
    expect(listed.map((record) => record.revoked_at)).toEqual([10, 11]);
  });
});
