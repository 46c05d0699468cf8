import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../src/server/admin/cli';
import { demoBodiesFile } from '../../../src/server/demo/bodies';
import { demoServiceTypes } from '../../../src/server/demo/service-types';
import type { Store } from '../../../src/server/storage';
import { printedLines } from './printed-lines';
import { useStorePerTest } from '../../helpers/store-per-test';

const demoFile = fileURLToPath(demoBodiesFile);
const demo = JSON.parse(readFileSync(demoFile, 'utf8')) as { type: string; features: { properties: Record<string, unknown>; geometry: unknown }[] };
const square = [[24.0, 61.0], [24.1, 61.0], [24.1, 61.1], [24.0, 61.1], [24.0, 61.0]];
const bowTie = [[24.0, 61.0], [24.1, 61.1], [24.1, 61.0], [24.0, 61.1], [24.0, 61.0]];
const feature = (properties: Record<string, unknown>, ring: number[][] = square) => ({
  type: 'Feature',
  properties: { name: { fi: 'Testi', sv: 'Test', en: 'Test' }, services: ['171'], ...properties },
  geometry: { type: 'Polygon', coordinates: [ring] },
});

describe('admin bodies', () => {
  let dir: string;
  let store: Store;
  let env: Record<string, string>;
  const { out, err, io, clear } = printedLines();
  const run = (...argv: string[]) => {
    clear();
    return runAdmin(['bodies', ...argv], io, env);
  };
  const write = (name: string, content: unknown) => opened.file(name, content);

  const opened = useStorePerTest('kerro-bodies-', { storeIn: 'data' });
  beforeEach(async () => {
    ({ dir, store, env } = opened);
    for (const type of demoServiceTypes) await store.serviceTypes.upsert(type);
  });

  it('is in the usage, with its own --help', async () => {
    clear();
    expect(await runAdmin(['--help'], io, env)).toBe(2);
    expect(out.join('\n')).toMatch(/bodies import\|list\|remove/);
    expect(await run('--help')).toBe(2);
    expect(out.join('\n')).toMatch(/bodies import FILE\.geojson[\s\S]*bodies list[\s\S]*bodies remove ID/);
    expect(await run('frobnicate')).toBe(2);
    expect(err[0]).toBe('Unknown bodies command "frobnicate".');
    expect(await run('import')).toBe(2);
    expect(err[0]).toBe('bodies import takes one FILE.geojson.');
  });

  it('imports the demo region, says what it imported, and lists it', async () => {
    expect(await run('list')).toBe(0);
    expect(out).toEqual(['No bodies: Kerro serves one jurisdiction (JURISDICTION_ID). Import some with: npm run admin -- bodies import FILE.geojson']);

    expect(await run('import', demoFile)).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toBe(`Imported 4 bodies from ${demoFile}: 4 new, 0 replaced.`);
    expect(out[1]).toMatch(/^ID\s+JURISDICTION_ID\s+NAMES \(fi \/ sv \/ en\)\s+SERVICE TYPES\s+SEND$/);
    expect(out[3]).toMatch(/^espoo\s+espoo\.fi\s+Espoon kaupunki \/ Esbo stad \/ City of Espoo\s+8\s+console$/);
    expect((await store.bodies.list()).map((body) => body.id)).toEqual(['espoo', 'helsinki', 'kauniainen', 'vantaa']);
    // Kauniainen is a hole in Espoo: its station is Kauniainen's alone.
    expect((await store.bodies.at(60.2107, 24.7287)).map((body) => body.id)).toEqual(['kauniainen']);

    expect(await run('list')).toBe(0);
    expect(out).toHaveLength(5);
    expect(out[2]).toMatch(/^helsinki\s+hel\.fi\s+Helsingin kaupunki \/ Helsingfors stad \/ City of Helsinki\s+10\s+console$/);

    // The same ids again: replaced, not added.
    const renamed = { ...demo, features: demo.features.map((f) => (f.properties.id === 'espoo' ? { ...f, properties: { ...f.properties, name: { fi: 'Espoo', sv: 'Esbo', en: 'Espoo' } } } : f)) };
    expect(await run('import', write('renamed.geojson', renamed))).toBe(0);
    expect(out[0]).toMatch(/: 0 new, 4 replaced\.$/);
    expect((await store.bodies.find('espoo'))?.names).toEqual({ fi: 'Espoo', sv: 'Esbo', en: 'Espoo' });
  });

  it('refuses a bad file whole, naming feature and field, and leaves the store as it was', async () => {
    await run('import', demoFile);
    const before = await store.bodies.list();
    const bad = {
      type: 'FeatureCollection',
      features: [
        // Valid on its own, and would replace Helsinki: it must not be stored either.
        { ...demo.features[0]!, properties: { ...demo.features[0]!.properties, name: { fi: 'Muutettu', sv: 'Ändrad', en: 'Changed' } } },
        feature({ id: 'new-one', jurisdiction_id: 'new.fi' }),
        feature({ id: 'lake', jurisdiction_id: 'lake.fi', services: ['171', '999'] }, bowTie),
        feature({ id: 'lake', jurisdiction_id: 'espoo.fi', name: { fi: 'Järvi', en: 'Lake' } }),
      ],
    };
    const file = write('bad.geojson', bad);
    expect(await run('import', file)).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([
      `${file}: feature 2 (id lake): geometry: the area's edges cross (or touch) at 24.05000,61.05000 (longitude,latitude); an area must not cross itself`,
      `${file}: feature 2 (id lake): properties.services[1]: unknown service code "999" (not a service type of this installation)`,
      `${file}: feature 3 (id lake): properties.name.sv: needs a name`,
      `${file}: feature 3 (id lake): properties.id: "lake" is also feature 2's id; each body needs its own`,
      `${file}: feature 3 (id lake): properties.jurisdiction_id: "espoo.fi" belongs to the stored body "espoo", which this file does not replace`,
      'Nothing was imported: fix the problems above and run the import again.',
    ]);
    expect(await store.bodies.list()).toEqual(before);
    expect(await store.bodies.find('new-one')).toBeUndefined();

    expect(await run('import', write('not.geojson', { type: 'Feature' }))).toBe(1);
    expect(err[0]).toMatch(/not\.geojson: not a GeoJSON FeatureCollection/);
    expect(await run('import', join(dir, 'missing.geojson'))).toBe(1);
    expect(err).toEqual([`${join(dir, 'missing.geojson')}: cannot be read (ENOENT)`]);
    expect(await store.bodies.list()).toEqual(before);
  });

  it('lists the send method only, never a key or an endpoint', async () => {
    const file = write('sends.geojson', {
      type: 'FeatureCollection',
      features: [
        feature({ id: 'cases', jurisdiction_id: 'cases.fi', send: { method: 'open311', endpoint: 'https://user:pass-789@cases.example/open311/v1/', api_key: 'secret-key-123' } }),
        feature({ id: 'mail', jurisdiction_id: 'mail.fi', send: { method: 'email', to: 'palaute@mail.example' } }, [[25, 61], [25.1, 61], [25.1, 61.1], [25, 61]]),
      ],
    });
    expect(await run('import', file)).toBe(0);
    const imported = out.join('\n');
    expect(await run('list')).toBe(0);
    expect(out[1]).toMatch(/^cases\s+cases\.fi\s+.*\s+1\s+open311$/);
    expect(out[2]).toMatch(/^mail\s+mail\.fi\s+.*\s+1\s+email$/);
    for (const printed of [imported, out.join('\n')]) expect(printed).not.toMatch(/secret|pass-789|cases\.example|palaute/);
    // Stored as given, for the sending to use.
    expect((await store.bodies.find('cases'))?.send).toMatchObject({ method: 'open311', api_key: 'secret-key-123' });
  });

  it('removes a body by id, and says when there is none', async () => {
    await run('import', demoFile);
    expect(await run('remove', 'kauniainen')).toBe(0);
    expect(out).toEqual(['Removed body kauniainen (kauniainen.fi, City of Kauniainen) and its service list; its requests keep their body id.']);
    expect((await store.bodies.list()).map((body) => body.id)).toEqual(['espoo', 'helsinki', 'vantaa']);
    expect(await run('remove', 'kauniainen')).toBe(1);
    expect(err).toEqual(['No body has the id "kauniainen". See: npm run admin -- bodies list']);
    expect(await run('remove')).toBe(2);
  });
});
