import { describe, expect, it } from 'vitest';
import { baseTime, useFreshStore } from './fixtures';

const hash = (n: number) => n.toString(16).padStart(64, 'f');

describe('API keys', () => {
  const opened = useFreshStore();

  it('creates a key and answers its public fields only, never the hash', async () => {
    const { store } = opened;
    const created = await store.apiKeys.create('Kaupungin sovellus', hash(1), 'kerro_ab12', baseTime);
    expect(created).toEqual({ id: expect.any(Number), name: 'Kaupungin sovellus', key_prefix: 'kerro_ab12', created_at: baseTime, revoked_at: null });
    expect(Object.keys(created).sort()).toEqual(['created_at', 'id', 'key_prefix', 'name', 'revoked_at']);
    expect(await store.apiKeys.findActiveByHash(hash(1))).toEqual(created);
    expect(await store.apiKeys.list()).toEqual([created]);
  });

  it('finds only an exact, active hash', async () => {
    const { store } = opened;
    await store.apiKeys.create('app', hash(1), 'kerro_1', baseTime);
    expect(await store.apiKeys.findActiveByHash(hash(2))).toBeUndefined();
    expect(await store.apiKeys.findActiveByHash(hash(1).toUpperCase())).toBeUndefined();
    expect(await store.apiKeys.findActiveByHash(hash(1).slice(1))).toBeUndefined();
    expect(await store.apiKeys.findActiveByHash('')).toBeUndefined();
  });

  it('lists every key in creation order with distinct, increasing ids', async () => {
    const { store } = opened;
    const first = await store.apiKeys.create('b-app', hash(1), 'kerro_1', baseTime + 2);
    const second = await store.apiKeys.create('a-app', hash(2), 'kerro_2', baseTime + 1);
    const third = await store.apiKeys.create('b-app', hash(3), 'kerro_3', baseTime);
    expect(second.id).toBeGreaterThan(first.id);
    expect(third.id).toBeGreaterThan(second.id);
    expect(await store.apiKeys.list()).toEqual([first, second, third]);
  });

  it('refuses a second key with the same hash', async () => {
    const { store } = opened;
    await store.apiKeys.create('app', hash(1), 'kerro_1', baseTime);
    await expect(store.apiKeys.create('other', hash(1), 'kerro_2', baseTime)).rejects.toThrow();
    expect(await store.apiKeys.list()).toHaveLength(1);
  });

  it('revokes by name (every active key of that name) or by id, answering how many', async () => {
    const { store } = opened;
    const a1 = await store.apiKeys.create('app', hash(1), 'kerro_1', baseTime);
    const a2 = await store.apiKeys.create('app', hash(2), 'kerro_2', baseTime);
    const other = await store.apiKeys.create('other', hash(3), 'kerro_3', baseTime);
    const spare = await store.apiKeys.create('spare', hash(4), 'kerro_4', baseTime);

    expect(await store.apiKeys.revoke('app', baseTime + 10)).toBe(2);
    expect(await store.apiKeys.findActiveByHash(hash(1))).toBeUndefined();
    expect(await store.apiKeys.findActiveByHash(hash(2))).toBeUndefined();
    expect(await store.apiKeys.findActiveByHash(hash(3))).toEqual(other);

    expect(await store.apiKeys.revoke(String(other.id), baseTime + 20)).toBe(1);
    expect(await store.apiKeys.findActiveByHash(hash(3))).toBeUndefined();

    // Already revoked, unknown, or only similar: nothing happens.
    expect(await store.apiKeys.revoke('app', baseTime + 30)).toBe(0);
    expect(await store.apiKeys.revoke(String(other.id), baseTime + 30)).toBe(0);
    expect(await store.apiKeys.revoke('nobody', baseTime + 30)).toBe(0);
    expect(await store.apiKeys.revoke('APP', baseTime + 30)).toBe(0);
    expect(await store.apiKeys.revoke('999999', baseTime + 30)).toBe(0);

    // Revoked keys stay listed, with when; the first revocation time stands.
    expect(await store.apiKeys.list()).toEqual([
      { ...a1, revoked_at: baseTime + 10 },
      { ...a2, revoked_at: baseTime + 10 },
      { ...other, revoked_at: baseTime + 20 },
      spare,
    ]);
    expect(await store.apiKeys.findActiveByHash(hash(4))).toEqual(spare);
  });
});
