import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../src/server/admin/cli';
import { createTestApp, testServiceTypes, type TestApp } from '../../helpers/georeport-app';
import { helsinkiFixtures } from '../../helpers/fixtures';
import { newRequest } from '../storage/contract/fixtures';
import { printedLines } from './printed-lines';

/** Helsinki's own GeoReport answers, as its server gave them. */
const helsinki = helsinkiFixtures;
const fixture = (name: string) => JSON.parse(readFileSync(join(helsinki, name), 'utf8')) as Record<string, unknown>[];

let t: TestApp;
const { out, err, io, clear } = printedLines();

/** The CLI as its own process would run it: its own connection to the server's store (a SQLite file). */
async function admin(...argv: string[]) {
  clear();
  return runAdmin(['services', ...argv], io, t.env);
}

function write(name: string, content: unknown): string {
  const path = join(t.dataDir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const servicesIn = async (locale: string) => (await t.app.inject({ url: `/open311/v1/services.json?locale=${locale}` })).json() as Record<string, unknown>[];
const codes = async () => (await t.store.serviceTypes.list()).map((type) => type.service_code);

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('services import', () => {
  it("imports Helsinki's own answers, and the running server serves them back as they were", async () => {
    // The server answers (and keeps) the list it had before the import.
    expect((await servicesIn('fi')).map((service) => service.service_code)).toEqual(['171', '198', '900']);
    for (const type of testServiceTypes) await t.store.serviceTypes.remove(type.service_code);
    expect(await servicesIn('fi')).toEqual([]);

    expect(await admin('import', `fi=${join(helsinki, 'services_fi.json')}`, `en=${join(helsinki, 'services.json')}`)).toBe(0);
    expect(out).toEqual(['Imported 10 service types (fi, en): 10 new, 0 replaced.']);
    expect(err).toEqual([]);

    // Every field as the city's server gave it: codes, names, descriptions, keywords, groups, order.
    expect(await servicesIn('fi')).toEqual(fixture('services_fi.json'));
    expect(await servicesIn('en')).toEqual(fixture('services.json'));
    // Swedish was not given: English stands in.
    expect((await servicesIn('sv')).map((service) => service.service_name)).toEqual(fixture('services.json').map((service) => service.service_name));
  });

  it('imports definitions in each language: the questions and choices by language, metadata true', async () => {
    const definition = (description: string, names: [string, string]) => ({
      service_code: '171',
      attributes: [
        { variable: true, code: 'depth', datatype: 'singlevaluelist', required: true, datatype_description: null, order: 1, description, values: [{ key: 1, name: names[0] }, { key: 2, name: names[1] }] },
      ],
    });
    write('defs-fi/171.json', definition('Kuinka syvä?', ['Matala', 'Syvä']));
    const en = write('171-en.json', definition('How deep?', ['Shallow', 'Deep']));
    const lists = [`fi=${join(helsinki, 'services_fi.json')}`, `en=${join(helsinki, 'services.json')}`];
    expect(await admin('import', ...lists, '--definitions', `fi=${join(t.dataDir, 'defs-fi')}`, '--definitions', `en=${en}`)).toBe(0);
    expect(out).toEqual(['Imported 10 service types (fi, en): 8 new, 2 replaced.']);

    const potholes = (await servicesIn('fi')).find((service) => service.service_code === '171');
    expect(potholes).toMatchObject({ service_name: 'Katujen kunto', metadata: true });
    const asked = async (locale: string) => (await t.app.inject({ url: `/open311/v1/services/171.json?locale=${locale}` })).json() as { attributes: unknown[] };
    expect((await asked('fi')).attributes).toEqual([
      { variable: true, code: 'depth', datatype: 'singlevaluelist', required: true, datatype_description: '', order: 1, description: 'Kuinka syvä?', values: [{ key: '1', name: 'Matala' }, { key: '2', name: 'Syvä' }] },
    ]);
    expect((await asked('en')).attributes).toMatchObject([{ description: 'How deep?', values: [{ name: 'Shallow' }, { name: 'Deep' }] }]);
  });

  it('refuses the whole import, naming each file, entry and field, and stores nothing', async () => {
    const good = { service_code: '500', service_name: 'Benches', description: '', metadata: false, type: 'realtime', keywords: '', group: 'Parks' };
    const fi = write('fi.json', [
      { ...good, service_name: 'Penkit' },
      { ...good, service_code: undefined },
      { ...good, service_code: '501', service_name: undefined },
      { ...good, service_code: '502', type: 'instant' },
      { ...good, service_name: 'Penkit taas' },
    ]);
    const en = write('en.json', [{ ...good, type: 'batch' }]);
    const sv = write('sv.json', '{"service_code": "500"}');
    const broken = write('broken.json', '[{"service_code": "500",');
    const definitions = write('defs/500.json', {
      service_code: '500',
      attributes: [
        { code: 'kind', datatype: 'choice', description: 'What kind?' },
        { code: 'seat', datatype: 'singlevaluelist', description: 'Which seat?', values: [] },
      ],
    });
    write('defs/777.json', { service_code: '777', attributes: [] });
    const before = await codes();

    expect(await admin('import', `fi=${fi}`, `en=${en}`, `sv=${sv}`, '--definitions', `en=${join(t.dataDir, 'defs')}`)).toBe(1);
    expect(err).toEqual([
      `${fi}: entry 1: service_code: is missing`,
      `${fi}: entry 2 (service_code 501): service_name: is missing`,
      `${fi}: entry 3 (service_code 502): type: must be realtime, batch or blackbox`,
      `${fi}: entry 4 (service_code 500): service_code: duplicated (entry 0 has it too)`,
      `${sv}: not a GeoReport service list (a JSON array of services)`,
      `${definitions} (service_code 500): attribute 0 (code kind): datatype: must be one of string, number, datetime, text, singlevaluelist, multivaluelist`,
      `${definitions} (service_code 500): attribute 1 (code seat): values: must list the choices of a singlevaluelist`,
      `${en}: entry 0 (service_code 500): type: "batch" here but "realtime" in ${fi}`,
      `${join(t.dataDir, 'defs', '777.json')}: service_code 777: no service list given has this code`,
      'Nothing was imported: fix the 9 problem(s) above and run the import again.',
    ]);
    expect(await admin('import', `fi=${broken}`)).toBe(1);
    expect(err[0]).toMatch(new RegExp(`^${broken}: not valid JSON \\(`));
    expect(await codes()).toEqual(before);
  });

  it('refuses definitions that differ between languages in anything but their texts', async () => {
    const list = write('fi.json', [{ service_code: '600', service_name: 'Valot', type: 'realtime' }]);
    const attribute = { code: 'lamp', datatype: 'string', required: true, order: 1, description: 'Mikä lamppu?' };
    write('fi/600.json', { service_code: '600', attributes: [attribute] });
    const en = write('en/600.json', { service_code: '600', attributes: [{ ...attribute, required: false, description: 'Which lamp?' }] });
    write('sv/600.json', { service_code: '600', attributes: [] });
    const sv = join(t.dataDir, 'sv', '600.json');
    const argv = ['import', `fi=${list}`, ...['fi', 'en', 'sv'].flatMap((locale) => ['--definitions', `${locale}=${join(t.dataDir, locale)}`])];
    expect(await admin(...argv)).toBe(1);
    expect(err.slice(0, -1)).toEqual([
      `${en} (service_code 600): attribute 0 (code lamp): required: false here but true in ${join(t.dataDir, 'fi', '600.json')}`,
      `${sv} (service_code 600): attributes: codes (none) here but lamp in ${join(t.dataDir, 'fi', '600.json')}`,
    ]);
    expect(await codes()).not.toContain('600');
  });

  it('imports a code one language lacks, with a warning naming the file and the code', async () => {
    const fi = write('fi.json', [{ service_code: '700', service_name: 'Kaivot', type: 'realtime' }]);
    const en = write('en.json', [
      { service_code: '700', service_name: 'Wells', type: 'realtime' },
      { service_code: '701', service_name: 'Fountains', type: 'realtime', metadata: true },
    ]);
    expect(await admin('import', `fi=${fi}`, `en=${en}`)).toBe(0);
    expect(err).toEqual([
      `Warning: ${fi} (fi) has no entry for service_code 701: in fi those show their English name, or another language's without one.`,
      'Warning: service_code 701: metadata is true but no definition was given (--definitions): imported without questions.',
    ]);
    const named = new Map((await servicesIn('fi')).map((service) => [service.service_code, service.service_name]));
    expect([named.get('700'), named.get('701')]).toEqual(['Kaivot', 'Fountains']);
  });

  it('takes a target time to close from one language’s file, lists it, keeps it out of services.json, and a re-import without it clears it', async () => {
    const fi = write('fi.json', [
      { service_code: '171', service_name: 'Katujen kunto', type: 'realtime', target_days: 14 },
      { service_code: '198', service_name: 'Liikennemerkit', type: 'realtime', target_days: null },
    ]);
    const en = write('en.json', [
      { service_code: '171', service_name: 'Potholes', type: 'realtime' },
      { service_code: '198', service_name: 'Traffic signs', type: 'realtime', target_days: 30 },
    ]);
    expect(await admin('import', `fi=${fi}`, `en=${en}`)).toBe(0);
    expect(err).toEqual([]);
    expect((await t.store.serviceTypes.find('171'))?.target_days).toBe(14);
    expect((await t.store.serviceTypes.find('198'))?.target_days).toBe(30);
    // Kerro's own field: the GeoReport answer is the city's list as it was.
    expect((await servicesIn('en')).find((service) => service.service_code === '171')).not.toHaveProperty('target_days');
    expect(await admin('list')).toBe(0);
    expect(out.slice(0, 3)).toEqual([
      'code  type      fi              sv             en             target   requests  state',
      '171   realtime  Katujen kunto   -              Potholes       14 days  0',
      '198   realtime  Liikennemerkit  -              Traffic signs  30 days  0',
    ]);

    // Replaced whole: a file without the field leaves the type with no target.
    expect(await admin('import', `en=${en}`, `fi=${write('fi-plain.json', [{ service_code: '171', service_name: 'Katujen kunto' }])}`)).toBe(0);
    expect((await t.store.serviceTypes.find('171'))?.target_days).toBeUndefined();
    expect((await t.store.serviceTypes.find('198'))?.target_days).toBe(30);
  });

  it('refuses a target that is not a whole number of days from 1 to 3650, or that differs between languages, and stores nothing', async () => {
    const entry = (code: string, target_days: unknown) => ({ service_code: code, service_name: `Type ${code}`, type: 'realtime', target_days });
    const fi = write('fi.json', [entry('801', 14), entry('802', '14'), entry('803', 0), entry('804', 2.5), entry('805', 3651), entry('806', 7)]);
    const en = write('en.json', [entry('801', 14), entry('806', 10)]);
    const before = await t.store.serviceTypes.list();

    expect(await admin('import', `fi=${fi}`, `en=${en}`)).toBe(1);
    const rule = 'target_days: must be a whole number of days from 1 to 3650, or null for no target';
    expect(err).toEqual([
      `${fi}: entry 1 (service_code 802): ${rule}`,
      `${fi}: entry 2 (service_code 803): ${rule}`,
      `${fi}: entry 3 (service_code 804): ${rule}`,
      `${fi}: entry 4 (service_code 805): ${rule}`,
      `${en}: entry 1 (service_code 806): target_days: 10 here but 7 in ${fi}`,
      'Nothing was imported: fix the 5 problem(s) above and run the import again.',
    ]);
    // All or nothing: the valid 801 was not stored either.
    expect(await t.store.serviceTypes.list()).toEqual(before);
  });

  it('explains its arguments, and refuses ones it cannot read', async () => {
    expect(await admin('--help')).toBe(2);
    expect(out.join('\n')).toMatch(/services import LOCALE=FILE\.\.\. \[--definitions LOCALE=PATH\]\.\.\. \[--body ID\]/);
    expect(await admin('import', 'services.json')).toBe(2);
    expect(err[0]).toBe('A service list must be LOCALE=PATH (e.g. fi=services_fi.json), not "services.json".');
    expect(await admin('import', 'de=services.json')).toBe(2);
    expect(err[0]).toBe('A service list: "de" is not a language Kerro speaks (fi, sv, en).');
    expect(await admin('import', 'fi=a.json', 'fi=b.json')).toBe(2);
    expect(err[0]).toBe('Two service lists in fi: give one file per language.');
    expect(await admin('import', `fi=${join(helsinki, 'services_fi.xml')}`)).toBe(1);
    expect(err[0]).toMatch(/services_fi\.xml: not valid JSON: it looks like XML/);
  });
});

describe('services import --body', () => {
  const square = { type: 'Polygon' as const, coordinates: [[[24.9, 60.1], [25.0, 60.1], [25.0, 60.2], [24.9, 60.2], [24.9, 60.1]]] };
  const body = { id: 'hel', jurisdiction_id: 'hel.fi', names: { fi: 'Helsinki', sv: 'Helsingfors', en: 'Helsinki' }, area: square, services: ['171'], send: { method: 'console' as const } };

  it("adds the imported codes to the body's service list; an unknown body stops the import before anything is stored", async () => {
    await t.store.bodies.importAll([body]);
    const lists = [`fi=${join(helsinki, 'services_fi.json')}`, `en=${join(helsinki, 'services.json')}`];
    const before = await codes();
    expect(await admin('import', ...lists, '--body', 'espoo')).toBe(1);
    expect(err[0]).toBe('--body espoo: no such body (npm run admin -- bodies list shows them)');
    expect(await codes()).toEqual(before);

    expect(await admin('import', ...lists, '--body', 'hel')).toBe(0);
    expect(out).toEqual(['Imported 10 service types (fi, en): 8 new, 2 replaced.', 'Body hel handles them now.']);
    const handled = (await t.store.bodies.find('hel'))!.services;
    expect([...handled].sort()).toEqual(fixture('services.json').map((service) => String(service.service_code)).sort());

    // A removed type leaves the body's list too.
    expect(await admin('remove', '246')).toBe(0);
    expect((await t.store.bodies.find('hel'))!.services).not.toContain('246');
  });
});

describe('services list and remove', () => {
  it('lists each type with its names and the requests using it; removes only an unused one', async () => {
    await t.store.serviceRequests.createMany([
      newRequest('1', { moderation: 'pending' }),
      newRequest('2'),
    ]);
    expect(await admin('list')).toBe(0);
    expect(out).toEqual([
      'code  type      fi              sv              en             target  requests  state',
      '171   realtime  Katujen kunto   Gatornas skick  Potholes       -       2',
      '198   realtime  Liikennemerkit  Trafikmärken    Traffic signs  -       0',
      '900   realtime  Katuvalo        Gatubelysning   Streetlight    -       0',
    ]);

    expect(await admin('remove', '171')).toBe(1);
    expect(err).toEqual([
      'Service type 171 was not removed: 2 request(s) use it. To stop new reports of it and keep its requests, archive it: npm run admin -- services archive 171',
    ]);
    expect(await admin('remove', '198')).toBe(0);
    expect(out).toEqual(['Removed service type 198.']);
    expect(await admin('remove', '198')).toBe(1);
    expect(err).toEqual(['No service type 198 (npm run admin -- services list shows them).']);
    expect((await servicesIn('en')).map((service) => service.service_code)).toEqual(['171', '900']);
  });

  it('archives a type requests use: gone from the list and refused for new reports, its requests still shown under its name; restore offers it again', async () => {
    await t.store.serviceRequests.createMany([newRequest('1')]);
    const report = () =>
      t.app.inject({
        method: 'POST',
        url: '/open311/v1/requests.json',
        payload: new URLSearchParams({ api_key: t.apiKey, service_code: '171', description: 'A deep pothole at the bus stop.', lat: '60.17', long: '24.94' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect(await admin('archive', '171')).toBe(0);
    expect(out).toEqual(['Archived service type 171: no longer offered or accepted for new reports; its requests keep showing.']);
    expect((await servicesIn('en')).map((service) => service.service_code)).toEqual(['198', '900']);
    expect((await t.app.inject({ url: '/open311/v1/services/171.json' })).statusCode).toBe(404);
    const refused = await report();
    expect(refused.statusCode).toBe(404);
    expect(refused.json()[0].description).toContain('service_code 171 not found');
    const old = (await t.app.inject({ url: '/open311/v1/requests/1.json?locale=en' })).json() as { service_code: string; service_name: string }[];
    expect(old[0]).toMatchObject({ service_code: '171', service_name: 'Potholes' });
    expect(await admin('list')).toBe(0);
    expect(out[1]).toMatch(/^171 .* 1 +archived$/);

    expect(await admin('restore', '171')).toBe(0);
    expect(out).toEqual(['Service type 171 is offered again.']);
    expect((await servicesIn('en')).map((service) => service.service_code)).toEqual(['171', '198', '900']);
    expect((await report()).statusCode).toBe(200);
    expect(await admin('archive', 'nope')).toBe(1);
    expect(err).toEqual(['No service type nope (npm run admin -- services list shows them).']);
  });
});
