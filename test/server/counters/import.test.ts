import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countersCommand } from '../../../src/server/admin/commands/counters';
import { generateDemoCounters } from '../../../src/server/counters/demo-data';
import { featureJson } from '../../../src/server/counters/feature';
import { printedLines } from '../admin/printed-lines';
import { createCountersApp, counter, type CountersTestApp } from './counters-app';

const feature = (id: number, properties: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  ...(JSON.parse(featureJson(counter(id), 'Europe/Helsinki')) as Record<string, unknown>),
  ...extra,
  properties: { ...(JSON.parse(featureJson(counter(id), 'Europe/Helsinki')) as { properties: object }).properties, ...properties },
});
const collection = (features: unknown[]) => ({ type: 'FeatureCollection', features });

describe('npm run admin -- counters import', () => {
  let t: CountersTestApp;
  let dir: string;
  const { out, err, io, clear } = printedLines();
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const run = (...args: string[]) => countersCommand(args, io, { ...t.env, DEMO_DATA: 'false' });

  beforeEach(async () => {
    t = await createCountersApp([]);
    dir = mkdtempSync(join(tmpdir(), 'kerro-import-'));
    clear();
  });
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a GeoJSON FeatureCollection and reports what it did', async () => {
    const path = file('counters.geojson', collection([feature(1), feature(2, { sourceId: null, municipalityCode: '049' }), feature(3)]));
    expect(await run('import', path)).toBe(0);
    expect(out).toEqual([`Imported 3 counters from 1 file: 3 inserted, 0 updated, 0 unchanged.`]);
    expect(err).toEqual([]);
    const body = (await t.app.inject('/api/counters/')).json();
    expect(body.count).toBe(3);
    expect(body.results.features[1].properties).toMatchObject({ sourceId: null, municipalityCode: '049' });
  });

  it('imports saved pages of the real listing, several files in one run, giving back the same pages', async () => {
    const source = await createCountersApp(generateDemoCounters(Date.parse('2025-06-01T12:00:00Z')));
    try {
      const pages = [];
      for (const page of [1, 2]) pages.push((await source.app.inject(`/api/counters/?page_size=1000&page=${page}`)).body);
      // A saved page may start with a byte-order mark, as real answers have been seen to.
      const paths = [file('page1.json', `\uFEFF${pages[0]}`), file('page2.json', pages[1])];
      expect(await run('import', ...paths)).toBe(0);
      expect(out.at(-1)).toBe('Imported 2000 counters from 2 files: 2000 inserted, 0 updated, 0 unchanged.');
      for (const [index, page] of pages.entries()) {
        expect((await t.app.inject(`/api/counters/?page_size=1000&page=${index + 1}`)).body).toBe(page);
      }
    } finally {
      await source.close();
    }
  });

  it('updates by id, leaves identical counters alone, and the running service shows the change at once', async () => {
    expect(await run('import', file('v1.json', collection([feature(1), feature(2)])))).toBe(0);
    expect((await t.app.inject('/api/counters/1/')).json().properties.name).toBe('Counter 1');
    await t.app.inject('/api/counters/'); // warm the listing cache

    // The CLI is another process with its own connection; the service must still see the write.
    const v2 = collection([feature(1, { name: 'Renamed', lastStoredObservation: '2025-01-01T00:00:00Z' }), feature(2), feature(5)]);
    expect(await run('import', file('v2.json', v2))).toBe(0);
    expect(out.at(-1)).toBe('Imported 3 counters from 1 file: 1 inserted, 1 updated, 1 unchanged.');
    const listing = (await t.app.inject('/api/counters/')).json();
    expect(listing.count).toBe(3);
    expect(listing.results.features[0].properties).toMatchObject({ name: 'Renamed', lastStoredObservation: '2025-01-01T02:00:00+02:00' });
    expect((await t.app.inject('/api/counters/1/')).json().properties.name).toBe('Renamed');
  });

  it('rejects the whole run when any record is bad, naming file, index, id and problem', async () => {
    const good = file('good.json', collection([feature(1), feature(2)]));
    const bad = file(
      'bad.json',
      collection([
        feature(10),
        feature(11, { sourceId: 'x', classifying: undefined }),
        feature(12, { firstStoredObservation: '2021-06-01T03:00:00' }),
        feature(13, {}, { geometry: { type: 'Point', coordinates: [60.17, 124.94] } }),
        { type: 'Feature', geometry: null, properties: {} },
        feature(14, { crsEpsg: 3067, municipalityCode: 'Helsinki' }),
      ]),
    );
    expect(await run('import', good, bad)).toBe(1);
    expect(out).toEqual([]);
    expect(err[0]).toBe(
      `${bad}: features[1] (id 11): properties.sourceId must be an integer or null, got "x"; properties.classifying must be true or false, got undefined`,
    );
    expect(err[1]).toMatch(new RegExp(`^${bad}: features\\[2\\] \\(id 12\\): properties.firstStoredObservation must be null or an ISO 8601 timestamp with Z or a UTC offset`));
    expect(err[2]).toMatch(/features\[3\] \(id 13\): geometry.coordinates \[60.17,124.94\] are out of range/);
    expect(err[3]).toMatch(/features\[4\] \(no id\): id must be a positive integer.*geometry must be a GeoJSON Point/);
    expect(err[4]).toMatch(/features\[5\] \(id 14\): properties.crsEpsg must be 4326.*municipalityCode must be a three-digit code/);
    expect(err.at(-1)).toBe('Rejected: 5 problem(s) found. Nothing was imported; fix the records above and run again.');
    expect(await t.repository.count()).toBe(0);
    expect((await t.app.inject('/api/counters/')).json().count).toBe(0);
  });

  it('rejects files that are not JSON, not a collection, or missing, and imports nothing', async () => {
    const good = file('good.json', collection([feature(1)]));
    expect(await run('import', good, file('broken.json', '{"type": "FeatureCollection", '))).toBe(1);
    expect(err[0]).toMatch(/broken\.json: not valid JSON/);
    clear();
    expect(await run('import', good, file('other.json', { hello: 'world' }))).toBe(1);
    expect(err[0]).toMatch(/other\.json: expected a GeoJSON FeatureCollection or a counters page/);
    clear();
    expect(await run('import', good, join(dir, 'missing.json'))).toBe(1);
    expect(err[0]).toMatch(/missing\.json: cannot read the file \(ENOENT\)\. Nothing was imported\./);
    expect(await t.repository.count()).toBe(0);
  });

  it('keeps the last of a counter given twice and says so', async () => {
    const first = file('a.json', collection([feature(1, { name: 'Old' })]));
    const second = file('b.json', collection([feature(1, { name: 'New' })]));
    expect(await run('import', first, second)).toBe(0);
    expect(out[0]).toBe(`id 1 is given more than once; ${second}: features[0] replaces ${first}: features[0]`);
    expect(out[1]).toBe('Imported 1 counter from 2 files: 1 inserted, 0 updated, 0 unchanged.');
    expect((await t.repository.find(1))?.name).toBe('New');
  });

  it('explains its usage', async () => {
    expect(await run()).toBe(2);
    expect(out.join('\n')).toMatch(/counters import FILE/);
    expect(await run('import')).toBe(2);
    expect(err[0]).toBe('counters import needs at least one FILE.');
    expect(await run('export')).toBe(2);
    expect(err).toContain('Unknown counters command "export".');
  });
});
