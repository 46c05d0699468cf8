import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyName } from '../../../src/server/bodies/assign';
import { loadConfig } from '../../../src/server/config';
import { seedDemoData } from '../../../src/server/demo/seed';
import { demoServiceTypes, englishCorrections } from '../../../src/server/demo/service-types';
import type { Store } from '../../../src/server/storage';
import type { Repositories, ServiceRequestRecord } from '../../../src/server/storage/repositories/types';
import { openTestSql, openTestStore, type TestSql } from '../../helpers/test-store';
import { helsinkiFixtures } from '../../helpers/fixtures';

const now = Date.parse('2026-03-15T10:30:00Z');
const day = 24 * 60 * 60 * 1000;
const config = loadConfig({ SERVICE_OBJECT_TYPE: 'https://kerro.test/service-objects' });
const fixtureDir = helsinkiFixtures;
const helsinkiOrder = ['172', '246', '176', '171', '198', '199', '174', '211', '234', '180'];

describe('seedDemoData', () => {
  let dir: string;
  let stores: Store[];
  let repositories: Repositories;
  let sql: TestSql;

  /** A fresh, empty store (another machine's) in its own directory; `repositories` then points at it. */
  const open = async (name: string) => {
    const opened = await openTestStore(join(dir, name));
    stores.push(opened.store);
    repositories = opened.store;
    return opened;
  };
  const allRequests = (store: Pick<Repositories, 'serviceRequests'> = repositories): Promise<ServiceRequestRecord[]> =>
    store.serviceRequests.query({
      moderation: ['pending', 'published', 'rejected'],
      limit: 10_000,
    });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kerro-demo-'));
    stores = [];
    sql = openTestSql((await open('first')).env);
  });
  afterEach(async () => {
    await sql.close();
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeds once; a second start adds nothing', async () => {
    const first = await seedDemoData(repositories, { config, now });
    expect(first.seeded).toBe(true);
    const counts = {
      types: await repositories.serviceTypes.count(),
      bodies: await repositories.bodies.count(),
      objects: await repositories.serviceObjects.count(),
      requests: await repositories.serviceRequests.count(),
    };
    expect(counts).toEqual({ types: 10, bodies: 4, objects: first.serviceObjects, requests: first.serviceRequests });
    expect(first.bodies).toBe(4);

    const second = await seedDemoData(repositories, { config, now: now + day });
    expect(second.seeded).toBe(false);
    expect(await repositories.serviceTypes.count()).toBe(10);
    expect(await repositories.bodies.count()).toBe(4);
    expect(await repositories.serviceObjects.count()).toBe(counts.objects);
    expect(await repositories.serviceRequests.count()).toBe(counts.requests);
  });

  it('leaves a store that already has service types alone', async () => {
    await repositories.serviceTypes.upsert({
      service_code: 'own',
      type: 'realtime',
      position: 0,
      translations: { en: { service_name: 'Own', description: '', keywords: '', group: '' } },
      attributes: [],
    });
    expect((await seedDemoData(repositories, { config, now })).seeded).toBe(false);
    expect(await repositories.serviceRequests.count()).toBe(0);
    expect(await repositories.serviceObjects.count()).toBe(0);
  });

  it("seeds Helsinki's ten service types in Helsinki's order, in fi, sv and en, with the demo questions", async () => {
    await seedDemoData(repositories, { config, now });
    const types = await repositories.serviceTypes.list();
    expect(types.map((type) => type.service_code)).toEqual(helsinkiOrder);
    for (const type of types) {
      expect(type.type).toBe('realtime');
      // Stored and read back with every language's question and value names (both backends).
      expect(type.attributes).toEqual(demoServiceTypes.find((demo) => demo.service_code === type.service_code)!.attributes);
      expect(Object.keys(type.translations).sort()).toEqual(['en', 'fi', 'sv']);
      for (const translation of Object.values(type.translations)) {
        expect(translation.service_name.length).toBeGreaterThan(0);
        expect(translation.description.length).toBeGreaterThan(0);
        expect(translation.group.length).toBeGreaterThan(0);
      }
    }
    const sv = Object.fromEntries(types.map((type) => [type.service_code, type.translations.sv!.service_name]));
    expect(sv).toMatchObject({ '171': 'Gatornas skick', '176': 'Klotterborttagning', '180': 'Annat som ska åtgärdas' });
    expect(new Set(types.map((type) => type.translations.sv!.group))).toEqual(
      new Set(['Renhållning', 'Gatornas skick och trafik', 'Parker och skogar', 'Övrigt']),
    );
  });

  it("reads as written English: no word doubled, no sentence left unfinished (issue 42, item 5)", () => {
    for (const type of demoServiceTypes) {
      const { description } = type.translations.en!;
      expect(description, type.service_code).not.toMatch(/\b(\w+) \1\b/i);
      expect(description, type.service_code).not.toMatch(/\b(needs|need|care)\.$/);
    }
  });

  it(
    "copies Helsinki's fi and en texts exactly from the recorded answers, but the English descriptions it words right",
    async () => {
      await seedDemoData(repositories, { config, now });
      const types = await repositories.serviceTypes.list();
      for (const [locale, file] of [['en', 'services.json'], ['fi', 'services_fi.json']] as const) {
        const recorded = JSON.parse(readFileSync(join(fixtureDir, file), 'utf8')) as Record<string, unknown>[];
        const corrected = (code: unknown, description: unknown) => (locale === 'en' ? (englishCorrections[String(code)] ?? description) : description);
        const seeded = types.map((type) => ({
          service_code: type.service_code,
          service_name: type.translations[locale]!.service_name,
          description: type.translations[locale]!.description,
          type: type.type,
          keywords: type.translations[locale]!.keywords,
          group: type.translations[locale]!.group,
        }));
        // Helsinki defines no questions (metadata false); the demo adds its own, so metadata is left out here.
        expect(seeded).toEqual(recorded.map(({ metadata: _metadata, ...rest }) => ({ ...rest, description: corrected(rest.service_code, rest.description) })));
      }
    },
  );

  it('seeds about forty named service objects around Helsinki of the configured type', async () => {
    await seedDemoData(repositories, { config, now });
    const count = await repositories.serviceObjects.count();
    expect(count).toBeGreaterThanOrEqual(35);
    const park = await repositories.serviceObjects.find(config.SERVICE_OBJECT_TYPE, 'demo-park-1');
    expect(park).toMatchObject({
      kind: 'park',
      names: { fi: 'Kaivopuisto', sv: 'Brunnsparken', en: 'Kaivopuisto park' },
    });
    const rows = await sql.all<Record<string, string | number>>('SELECT * FROM service_objects');
    const kinds = new Set(rows.map((row) => row.kind));
    expect(kinds).toEqual(new Set(['park', 'playground', 'public_toilet', 'sports_field']));
    for (const row of rows) {
      expect(row.service_object_type).toBe(config.SERVICE_OBJECT_TYPE);
      expect(row.service_object_id).toMatch(/^demo-[a-z-]+-\d+$/);
      expect(row.lat).toBeGreaterThanOrEqual(60.15);
      expect(row.lat).toBeLessThanOrEqual(60.25);
      expect(row.long).toBeGreaterThanOrEqual(24.85);
      expect(row.long).toBeLessThanOrEqual(25.05);
      for (const name of [row.name_fi, row.name_sv, row.name_en, row.address]) expect(String(name).length).toBeGreaterThan(0);
    }
  });

  it('seeds published, anonymous requests from the last 90 days around the capital region', async () => {
    await seedDemoData(repositories, { config, now });
    const requests = await allRequests();
    expect(requests.length).toBeGreaterThanOrEqual(30);
    const codes = new Set((await repositories.serviceTypes.list()).map((type) => type.service_code));

    for (const request of requests) {
      expect(request.moderation).toBe('published');
      expect(request.service_request_id).toMatch(/^[a-z0-9]{20}$/);
      expect(codes.has(request.service_code)).toBe(true);
      expect(request.requested_at).toBeGreaterThan(now - 90 * day);
      expect(request.requested_at).toBeLessThanOrEqual(now);
      expect(request.updated_at).toBeGreaterThanOrEqual(request.requested_at);
      expect(request.updated_at).toBeLessThanOrEqual(now);
      expect(request.lat).toBeGreaterThanOrEqual(60.15);
      expect(request.lat).toBeLessThanOrEqual(60.32);
      expect(request.long).toBeGreaterThanOrEqual(24.72);
      expect(request.long).toBeLessThanOrEqual(25.12);
      expect(request.title?.length).toBeGreaterThan(0);
      expect(request.description.length).toBeGreaterThan(10);
      expect(['fi', 'en']).toContain(request.locale);
      expect(request).toMatchObject({ email: null, first_name: null, last_name: null, phone: null, device_id: null, account_id: null });
      expect(`${request.title} ${request.description} ${request.status_notes}`).not.toMatch(/@|\+358|\b0\d{2}[ -]?\d{6,}/);
      if (request.status === 'closed') expect(request.status_notes.length).toBeGreaterThan(0);
    }

    expect(new Set(requests.map((request) => request.locale))).toEqual(new Set(['fi', 'en']));
    expect(new Set(requests.map((request) => request.status))).toEqual(new Set(['open', 'closed']));
    const detailed = new Set(requests.map((request) => request.detailed_status.join(',')));
    expect(detailed.size).toBeGreaterThanOrEqual(5);
    expect(new Set(requests.map((request) => request.service_code)).size).toBe(10);
    // Spread over the period, not bunched together.
    const ages = requests.map((request) => (now - request.requested_at) / day);
    expect(Math.min(...ages)).toBeLessThan(15);
    expect(Math.max(...ages)).toBeGreaterThan(60);
  });

  it("gives every request to a body whose area covers it and which handles its type, named in the request's language", async () => {
    await seedDemoData(repositories, { config, now });
    const requests = await allRequests();
    const bodies = new Map((await repositories.bodies.list()).map((body) => [body.id, body]));
    expect([...bodies.keys()].sort()).toEqual(['espoo', 'helsinki', 'kauniainen', 'vantaa']);
    for (const request of requests) {
      const body = bodies.get(request.body_id ?? '');
      expect(body, `${request.title} has a body`).toBeDefined();
      expect(booleanPointInPolygon([request.long!, request.lat!], body!.area), `${request.title} lies in ${body!.id}`).toBe(true);
      expect(body!.services).toContain(request.service_code);
      expect(request.agency_responsible).toBe(bodyName(body!, request.locale));
    }
    // Every body has some, Kauniainen's Finnish name among the names given.
    expect(new Set(requests.map((request) => request.body_id))).toEqual(new Set(bodies.keys()));
    expect(requests.map((request) => request.agency_responsible)).toContain('Kauniaisten kaupunki');
  });

  it('places requests about a service object at that object', async () => {
    await seedDemoData(repositories, { config, now });
    const attached = (await allRequests()).filter((request) => request.service_object_id !== null);
    expect(attached.length).toBeGreaterThanOrEqual(10);
    for (const request of attached) {
      expect(request.service_object_type).toBe(config.SERVICE_OBJECT_TYPE);
      const object = await repositories.serviceObjects.find(config.SERVICE_OBJECT_TYPE, request.service_object_id!);
      expect(object).toBeDefined();
      expect([request.lat, request.long]).toEqual([object!.lat, object!.long]);
      expect(request.address_string).toBe(object!.address);
    }
  });

  it('produces the same content on every machine; only ids and the time base differ', async () => {
    await seedDemoData(repositories, { config, now });
    const firstStore = repositories;
    await open('other');
    await seedDemoData(repositories, { config, now: now + 7 * day });

    const strip = (requests: ServiceRequestRecord[], base: number) =>
      requests
        .map(({ service_request_id: _id, requested_at, updated_at, expected_at, ...rest }) => ({
          ...rest,
          age: base - requested_at,
          handledAfter: updated_at - requested_at,
          expectedAfter: expected_at === null ? null : expected_at - updated_at,
        }))
        .sort((a, b) => a.title!.localeCompare(b.title!));
    const first = strip(await allRequests(firstStore), now);
    const second = strip(await allRequests(), now + 7 * day);
    expect(second).toEqual(first);
  });
});
