import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { serviceObjectsCommand } from '../../../src/server/admin/commands/service-objects';
import type { Store } from '../../../src/server/storage';
import { useStorePerTest } from '../../helpers/store-per-test';

let dir: string;
let store: Store;
const opened = useStorePerTest('kerro-so-');
beforeEach(() => ({ dir, store } = opened));

const feature = (id: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [24.95, 60.16] },
  properties: { id, kind: 'park', name_fi: `Puisto ${id}`, name_sv: `Park ${id}`, name_en: `Park ${id} en`, ...extra },
});

async function run(files: unknown[]) {
  const paths = files.map((content, i) => {
    const path = join(dir, `f${i}.geojson`);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  });
  const out: string[] = [];
  const err: string[] = [];
  const code = await serviceObjectsCommand(['import', ...paths], { out: (l) => out.push(l), err: (l) => err.push(l) }, store, 'urn:t');
  return { code, out, err };
}

describe('service-objects import', () => {
  it('upserts by id and says what it did', async () => {
    const repositories = store;
    expect((await run([{ type: 'FeatureCollection', features: [feature('a'), feature('b')] }])).out).toEqual([
      'Imported 2 service objects: 2 new, 0 updated.',
    ]);
    const second = await run([{ type: 'FeatureCollection', features: [feature('a', { name_en: 'Renamed' }), feature(7)] }]);
    expect(second.out).toEqual(['Imported 2 service objects: 1 new, 1 updated.']);
    expect((await repositories.serviceObjects.find('urn:t', 'a'))?.names.en).toBe('Renamed');
    expect(await repositories.serviceObjects.find('urn:t', '7')).toBeDefined();
  });

  it('applies nothing when any record in any file is bad, naming the record', async () => {
    const result = await run([
      { type: 'FeatureCollection', features: [feature('ok')] },
      { type: 'FeatureCollection', features: [feature('fine'), feature('broken', { name_sv: undefined, kind: '' })] },
      'not json',
    ]);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toMatch(/f1\.geojson: feature 1 \(id broken\): .*kind/);
    expect(result.err.join('\n')).toContain('f2.geojson: not valid JSON');
    expect(await store.serviceObjects.count()).toBe(0);
  });
});
