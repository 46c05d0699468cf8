import { beforeEach, describe, expect, it } from 'vitest';
import { apikeyCommand } from '../../../src/server/admin/commands/apikey';
import { verifyApiKey } from '../../../src/server/auth/api-keys';
import type { Store } from '../../../src/server/storage';
import { printedLines } from './printed-lines';
import { useStorePerTest } from '../../helpers/store-per-test';

const now = Date.parse('2026-05-04T09:00:00Z');

describe('apikey command', () => {
  let repositories: Store;
  const { out, err, io, clear } = printedLines();
  const run = (...args: string[]) => {
    clear();
    return apikeyCommand(args, io, repositories, now);
  };
  const printed = () => [...out, ...err].join('\n');

  const opened = useStorePerTest('kerro-admin-');
  beforeEach(() => ({ store: repositories } = opened));

  it('create prints the new key alone on the last line, after a shown-once warning', async () => {
    expect(await run('create', 'city app')).toBe(0);
    expect(err).toEqual([]);
    const key = out.at(-1)!;
    expect(key).toMatch(/^kerro_[A-Za-z0-9_-]{43}$/);
    expect(out.at(-2)).toMatch(/only once/);
    expect(out.slice(0, -1).join('\n')).not.toContain(key);
    expect(await verifyApiKey(repositories.apiKeys, key)).toMatchObject({ name: 'city app', created_at: now });
  });

  it('list shows name, prefix, created and revoked, never a key', async () => {
    await run('create', 'first');
    const firstKey = out.at(-1)!;
    await run('create', 'second');
    const secondKey = out.at(-1)!;
    await run('revoke', 'first');

    expect(await run('list')).toBe(0);
    const text = out.join('\n');
    expect(out[0]).toMatch(/ID\s+NAME\s+PREFIX\s+CREATED\s+REVOKED/);
    expect(out).toHaveLength(3);
    expect(text).toContain('first');
    expect(text).toContain('second');
    expect(text).toContain(firstKey.slice(0, 10));
    expect(text).toContain(new Date(now).toISOString());
    expect(text).not.toContain(firstKey);
    expect(text).not.toContain(secondKey);
    expect(out[1]).not.toMatch(/\s-$/); // revoked: has a date
    expect(out[2]).toMatch(/\s-$/); // active
  });

  it('list says so when there are no keys', async () => {
    expect(await run('list')).toBe(0);
    expect(out.join('\n')).toMatch(/No API keys/);
  });

  it('revoke by id or name stops the key working; unknown ones exit 1', async () => {
    await run('create', 'one');
    const one = out.at(-1)!;
    await run('create', 'two');
    const two = out.at(-1)!;
    const id = (await verifyApiKey(repositories.apiKeys, one))!.id;

    expect(await run('revoke', String(id))).toBe(0);
    expect(out.join('\n')).toMatch(/Revoked 1 key/);
    expect(await verifyApiKey(repositories.apiKeys, one)).toBeUndefined();
    expect(await verifyApiKey(repositories.apiKeys, two)).toBeDefined();

    expect(await run('revoke', 'two')).toBe(0);
    expect(await verifyApiKey(repositories.apiKeys, two)).toBeUndefined();

    expect(await run('revoke', 'two')).toBe(1);
    expect(err.join('\n')).toMatch(/No active API key/);
    expect(await run('revoke', 'nobody')).toBe(1);
  });

  it('refuses a second active key with the same name, and odd names', async () => {
    await run('create', 'app');
    expect(await run('create', 'app')).toBe(1);
    expect(err.join('\n')).toMatch(/already exists/);
    expect(printed()).not.toMatch(/kerro_/);

    for (const bad of ['', '   ', '123', '-flag', 'x'.repeat(101), 'a\nb']) {
      expect(await run('create', bad)).toBe(2);
      expect(printed()).not.toMatch(/kerro_/);
    }
    expect(await repositories.apiKeys.list()).toHaveLength(1);

    await run('revoke', 'app');
    expect(await run('create', 'app')).toBe(0);
  });

  it('prints usage and exits 2 for help, missing, unknown or mis-counted commands', async () => {
    for (const args of [[], ['--help'], ['frobnicate'], ['create'], ['create', 'a', 'b'], ['list', 'x'], ['revoke']]) {
      expect(await run(...args)).toBe(2);
      expect(printed()).toMatch(/Usage: npm run admin -- apikey/);
    }
    expect(await repositories.apiKeys.list()).toEqual([]);
  });
});
