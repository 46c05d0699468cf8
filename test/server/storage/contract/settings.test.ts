import { describe, expect, it } from 'vitest';
import { openSecondStore, useFreshStore } from './fixtures';

describe('settings', () => {
  const opened = useFreshStore();

  it('get answers undefined for a setting never stored', async () => {
    expect(await opened.store.settings.get('never')).toBeUndefined();
  });

  it('set stores and overwrites; names are exact', async () => {
    const { settings } = opened.store;
    await settings.set('session_secret', 'first');
    expect(await settings.get('session_secret')).toBe('first');
    await settings.set('session_secret', 'second');
    expect(await settings.get('session_secret')).toBe('second');
    await settings.set('empty', '');
    expect(await settings.get('empty')).toBe('');
    expect(await settings.get('SESSION_SECRET')).toBeUndefined();
    expect(await settings.get('session_secret ')).toBeUndefined();
    const long = `ä€😀\n${'x'.repeat(100_000)}`;
    await settings.set('long', long);
    expect(await settings.get('long')).toBe(long);
  });

  it('putIfAbsent stores only when absent and answers what is stored afterwards', async () => {
    const { settings } = opened.store;
    expect(await settings.putIfAbsent('claim', 'mine')).toBe('mine');
    expect(await settings.putIfAbsent('claim', 'yours')).toBe('mine');
    expect(await settings.get('claim')).toBe('mine');
    await settings.set('claim', 'reset');
    expect(await settings.putIfAbsent('claim', 'again')).toBe('reset');
  });

  it('replace stores only while the expected value is still there and answers what is stored afterwards', async () => {
    const { settings } = opened.store;
    expect(await settings.replace('absent', 'anything', 'new')).toBeUndefined();
    expect(await settings.get('absent')).toBeUndefined();
    await settings.set('key', 'v1');
    expect(await settings.replace('key', 'v0', 'v2')).toBe('v1');
    expect(await settings.replace('key', 'V1', 'v2')).toBe('v1');
    expect(await settings.replace('key', 'v1', 'v2')).toBe('v2');
    expect(await settings.get('key')).toBe('v2');
    expect(await settings.replace('key', 'v2', 'v2')).toBe('v2');
  });

  it('of many instances racing to putIfAbsent, exactly one value wins and everyone is told it', async () => {
    const other = await openSecondStore(opened);
    try {
      const claims = Array.from({ length: 20 }, (_, index) => `claim-${index}`);
      const answers = await Promise.all(
        claims.map((claim, index) => (index % 2 === 0 ? opened.store : other).settings.putIfAbsent('demo_data_claimed_by', claim)),
      );
      const winner = await opened.store.settings.get('demo_data_claimed_by');
      expect(claims).toContain(winner);
      expect(answers).toEqual(claims.map(() => winner));
    } finally {
      await other.close();
    }
  });

  it('of many racing to replace the same expected value, exactly one succeeds', async () => {
    const other = await openSecondStore(opened);
    try {
      await opened.store.settings.set('token', 'old');
      const candidates = Array.from({ length: 20 }, (_, index) => `new-${index}`);
      const answers = await Promise.all(
        candidates.map((value, index) => (index % 2 === 0 ? opened.store : other).settings.replace('token', 'old', value)),
      );
      const stored = await opened.store.settings.get('token');
      expect(candidates).toContain(stored);
      expect(answers.filter((answer) => answer === stored).length).toBeGreaterThanOrEqual(1);
      expect(new Set(answers).size).toBe(1);
    } finally {
      await other.close();
    }
  });
});
