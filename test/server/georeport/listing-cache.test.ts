/**
 * The public listing served from cached items: every answer is byte for byte the one the whole
 * list's serialization gives for the same records (JSON and XML, with and without extensions),
 * after any moderator change; and no write leaves a cached listing stale. Runs on both backends.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLocale } from '../../../src/shared/locales';
import { presentServiceRequests } from '../../../src/server/open311/presenter';
import { serialize, type GeoReportFormat } from '../../../src/server/open311/serializers';
import type { NewServiceRequest, PlannedChange } from '../../../src/server/storage/repositories/types';
import { createTestApp, startTime, type TestApp } from '../../helpers/georeport-app';

const hour = 60 * 60 * 1000;
let t: TestApp;
let defeat = 0;

function request(id: string, changes: Partial<NewServiceRequest> = {}): NewServiceRequest {
  return {
    service_request_id: id, service_code: '171', title: `Title ${id}`, description: `Description of ${id}`,
    lat: 60.17, long: 24.94, address_string: 'Mannerheimintie 1', address_id: null, zip_code: null,
    service_object_type: null, service_object_id: null, email: null, first_name: null,
    last_name: null, phone: null, device_id: null, account_id: null, locale: 'fi',
    detailed_status: ['RECEIVED'], status_notes: '', agency_responsible: 'Agency', service_notice: '',
    moderation: 'published', external_media_url: null, attributes: {},
    requested_at: startTime - hour, updated_at: startTime - hour, expected_at: null, media: [],
    ...changes,
  };
}

const get = async (format: GeoReportFormat, query: string, cached = false) => {
  // A unique parameter the listing ignores defeats the whole-answer cache, leaving only the items' cache.
  const url = `/open311/v1/requests.${format}?${query}${cached ? '' : `&_=${(defeat += 1)}`}`;
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

/** The answer as the whole-list path wrote it: every record presented and serialized at once. */
const wholeList = async (format: GeoReportFormat, ids: string[], extensions: boolean, locale: string) => {
  const records = await t.repositories.serviceRequests.query({ ids, moderation: ['published'], limit: ids.length });
  const history = extensions ? await t.repositories.requestHistory.listFor(ids) : undefined;
  const options = { locale: resolveLocale(locale), timeZone: t.config.TZ_NAME, baseUrl: t.config.PUBLIC_BASE_URL!, history };
  return serialize(presentServiceRequests(records, await t.repositories.serviceTypes.list(), extensions, options), format).body;
};

const audit: PlannedChange['audit'] = { at: startTime, moderator: 'aino', action: 'status', details: {} };
const change = (id: string, plan: Omit<PlannedChange, 'audit'>) => t.repositories.unitOfWork.changeRequest(id, () => ({ ...plan, audit }));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const text = fc.string({ unit: 'grapheme', maxLength: 30 });
// Control characters, markup and quotes: what each format escapes or drops differently.
const awkward = fc.oneof(text, fc.constantFrom('<b>&amp;"\'</b>', 'a\u0001b\u000Bc', '\uD800 lone', 'rivi\nrivi', ''));
const requestArbitrary = fc.record({
  title: awkward,
  description: awkward,
  status: fc.constantFrom(['RECEIVED'], ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], ['REJECTED']).map((status) => [...status]),
  photos: fc.integer({ min: 0, max: 2 }),
  serviceCode: fc.constantFrom('171', '198'),
  minutesAgo: fc.integer({ min: 0, max: 600 }),
});
const changeArbitrary = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), note: awkward }),
  fc.record({ kind: fc.constant('note' as const), note: awkward }),
  fc.record({ kind: fc.constant('photo' as const), note: fc.constant('') }),
  fc.record({ kind: fc.constant('hide' as const), note: fc.constant('') }),
);

describe('GET requests from cached items', () => {
  it('answers the same bytes as serializing the whole list, in both formats, before and after changes', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(requestArbitrary, { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), changeArbitrary), { maxLength: 4 }),
        fc.constantFrom('fi', 'sv', 'en'),
        async (requests, changes, locale) => {
          run += 1;
          const ids = requests.map((_, index) => `r${run}x${index}`);
          await t.repositories.serviceRequests.createMany(
            requests.map((spec, index) =>
              request(ids[index]!, {
                title: spec.title, description: spec.description, detailed_status: spec.status, service_code: spec.serviceCode,
                requested_at: startTime - spec.minutesAgo * 60_000,
                media: Array.from({ length: spec.photos }, (_, position) => ({ position, file_name: `${ids[index]}-${position}.jpg`, content_type: 'image/jpeg', byte_size: 10 })),
              }),
            ),
          );
          const check = async () => {
            for (const format of ['json', 'xml'] as const) {
              for (const extensions of [true, false]) {
                const query = `service_request_id=${ids.join(',')}&extensions=${extensions}&locale=${locale}`;
                const expected = await wholeList(format, ids, extensions, locale);
                // First rendered, then from the items' cache: both must be the whole list's bytes.
                expect(await get(format, query)).toBe(expected);
                expect(await get(format, query)).toBe(expected);
              }
            }
          };
          await check();
          for (const [pick, planned] of changes) {
            const id = ids[pick % ids.length]!;
            if (planned.kind === 'status') await change(id, { set: { detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], status_notes: planned.note, updated_at: startTime }, history: [{ at: startTime, kind: 'status', detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], note: planned.note }] });
            if (planned.kind === 'note') await change(id, { set: {}, history: [{ at: startTime, kind: 'note', detailed_status: ['RECEIVED'], note: planned.note }] });
            if (planned.kind === 'photo') await change(id, { set: {}, removeMediaPosition: 0 });
            if (planned.kind === 'hide') await change(id, { set: { moderation: 'rejected', updated_at: startTime } });
          }
          await check();
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('a cached listing after writes', () => {
  const listing = 'extensions=true&start_date=2026-11-01T00:00:00Z&end_date=2026-11-30T00:00:00Z';
  const shown = async (format: GeoReportFormat = 'json') => {
    const body = await get(format, listing, true);
    return format === 'json' ? (JSON.parse(body) as { service_request_id: string; status: string; extended_attributes: { history: { note?: string }[] } }[]) : body;
  };
  const idsShown = async () => ((await shown()) as { service_request_id: string }[]).map((row) => row.service_request_id).sort();

  it('shows each write that changes what it holds, at once, in both formats', async () => {
    await t.repositories.serviceRequests.createMany([request('stay-1', { requested_at: startTime - 2 * hour })]);
    const first = await idsShown();
    expect(first).toContain('stay-1');
    const xmlBefore = await shown('xml');

    // A new, unmoderated report: not in any public listing.
    await t.repositories.serviceRequests.create(request('new-1', { moderation: 'pending', requested_at: startTime - hour / 2 }));
    expect(await idsShown()).toEqual(first);

    await change('new-1', { set: { moderation: 'published', updated_at: startTime } });
    expect(await idsShown()).toEqual(['new-1', ...first].sort());

    await change('new-1', { set: { detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], updated_at: startTime } });
    const closed = (await shown()) as { service_request_id: string; status: string }[];
    expect(closed.find((row) => row.service_request_id === 'new-1')?.status).toBe('closed');

    await change('new-1', { set: {}, history: [{ at: startTime, kind: 'note', detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], note: 'Korjattu eilen' }] });
    const noted = (await shown()) as { service_request_id: string; extended_attributes: { history: { note?: string }[] } }[];
    expect(noted.find((row) => row.service_request_id === 'new-1')?.extended_attributes.history.at(-1)?.note).toBe('Korjattu eilen');
    expect(await shown('xml')).toContain('Korjattu eilen');

    await change('new-1', { set: { moderation: 'rejected', updated_at: startTime } });
    expect(await idsShown()).toEqual(first);
    expect(await shown('xml')).toBe(xmlBefore);
  });
});

describe('the listing’s strong ETag', () => {
  const url = (format: GeoReportFormat, unique: string) => `/open311/v1/requests.${format}?extensions=true&_=${unique}`;
  const fetchTagged = (format: GeoReportFormat, unique: string, ifNoneMatch?: string) =>
    t.app.inject({ method: 'GET', url: url(format, unique), headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });

  it('names the bytes: the same bytes get the same tag, other bytes another, and 304 only for the same', async () => {
    await t.repositories.serviceRequests.createMany([request('tag-1', { requested_at: startTime - 3 * hour })]);
    for (const format of ['json', 'xml'] as const) {
      const first = await fetchTagged(format, `${format}-a`);
      const again = await fetchTagged(format, `${format}-b`);
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect((await fetchTagged(format, `${format}-c`, String(first.headers.etag))).statusCode).toBe(304);
    }
    const before = await fetchTagged('json', 'before');
    await change('tag-1', { set: {}, history: [{ at: startTime, kind: 'note', detailed_status: ['RECEIVED'], note: 'Katsottu' }] });
    const after = await fetchTagged('json', 'after', String(before.headers.etag));
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('Katsottu');
  });
});
