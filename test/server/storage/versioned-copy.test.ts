/** The one "copy kept while the store's version stands" of the bodies, their jurisdictions and the geocoder's index. */
import { describe, expect, it } from 'vitest';
import { createVersionedCopy } from '../../../src/server/storage/versioned-copy';

/** A load the test finishes when it chooses, and how many were started. */
function controlledLoads() {
  const pending: { resolve: (copy: string) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<string>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { load, pending, started: () => pending.length };
}

describe('createVersionedCopy', () => {
  it('loads again exactly when the version moves', async () => {
    const copy = createVersionedCopy<string>();
    let loads = 0;
    const load = async () => `copy ${++loads}`;
    expect(copy.held).toBeUndefined();
    expect(await copy.at('1', load)).toBe('copy 1');
    expect(await copy.at('1', load)).toBe('copy 1');
    expect(await copy.at('1', load)).toBe('copy 1');
    expect(loads).toBe(1);
    expect(await copy.at('2', load)).toBe('copy 2');
    expect(await copy.at('2', load)).toBe('copy 2');
    expect(loads).toBe(2);
    expect(copy.held).toBe('copy 2');
  });

  it('lets callers at one version share one load', async () => {
    const copy = createVersionedCopy<string>();
    const loads = controlledLoads();
    const asked = Array.from({ length: 5 }, () => copy.at('7', loads.load));
    expect(loads.started()).toBe(1);
    loads.pending[0]!.resolve('at 7');
    expect(await Promise.all(asked)).toEqual(Array(5).fill('at 7'));
    expect(await copy.at('7', loads.load)).toBe('at 7');
    expect(loads.started()).toBe(1);
  });

  it('never answers a caller at a newer version with a load started for an older one', async () => {
    const copy = createVersionedCopy<string>();
    const loads = controlledLoads();
    const older = copy.at('1', loads.load);
    const newer = copy.at('2', loads.load);
    expect(loads.started()).toBe(2);
    loads.pending[0]!.resolve('at 1');
    loads.pending[1]!.resolve('at 2');
    expect(await older).toBe('at 1');
    expect(await newer).toBe('at 2');
  });

  it('keeps the copy of the load started last, whichever finishes last', async () => {
    const copy = createVersionedCopy<string>();
    const loads = controlledLoads();
    const older = copy.at('1', loads.load);
    const newer = copy.at('2', loads.load);
    loads.pending[1]!.resolve('at 2');
    await newer;
    loads.pending[0]!.resolve('at 1');
    await older;
    expect(copy.held).toBe('at 2');
    expect(await copy.at('2', loads.load)).toBe('at 2');
    expect(loads.started()).toBe(2);
  });

  it('keeps no failed load: its callers see the error, the copy held stays, the next ask loads again', async () => {
    const copy = createVersionedCopy<string>();
    const loads = controlledLoads();
    const first = copy.at('1', loads.load);
    loads.pending[0]!.resolve('at 1');
    await first;

    const failing = [copy.at('2', loads.load), copy.at('2', loads.load)];
    loads.pending[1]!.reject(new Error('database gone'));
    for (const asked of failing) await expect(asked).rejects.toThrow('database gone');
    expect(copy.held).toBe('at 1');

    const retried = copy.at('2', loads.load);
    expect(loads.started()).toBe(3);
    loads.pending[2]!.resolve('at 2');
    expect(await retried).toBe('at 2');
    expect(copy.held).toBe('at 2');
  });
});
