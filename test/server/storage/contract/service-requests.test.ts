import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ModerationListQuery,
  ModerationState,
  NewServiceRequest,
  ServiceRequestQuery,
  ServiceRequestRecord,
} from '../../../../src/server/storage/repositories/types';
import { baseTime, day, helsinki, hour, mediaRow, newRequest, openSecondStore, pointAt, storeServiceTypes, useFreshStore } from './fixtures';

/** What a stored NewServiceRequest reads back as: `status` follows the detailed status, media by position. */
function asRecord(request: NewServiceRequest, status: 'open' | 'closed' = 'open'): ServiceRequestRecord {
  return { ...request, status, duplicate_of: null, body_id: request.body_id ?? null, reject_reason: null, reject_where: null, media: [...request.media].sort((a, b) => a.position - b.position) };
}

/**
 * A found record with each photo reduced to StoredMedia's fields. SQLite's find() also returns
 * each photo's service_request_id (query() does not); that extra key is reported, not pinned here.
 */
function storedMediaOnly(record: ServiceRequestRecord | undefined): ServiceRequestRecord | undefined {
  if (!record) return record;
  return {
    ...record,
    media: record.media.map(({ position, file_name, content_type, byte_size }) => ({ position, file_name, content_type, byte_size })),
  };
}

const ids = (records: readonly ServiceRequestRecord[]) => records.map((record) => record.service_request_id);
const published: ModerationState[] = ['published'];

describe('service requests: create and find', () => {
  const opened = useFreshStore();

  it('round-trips every field, each filled in', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    const request = newRequest('2026-000123', {
      service_code: '900',
      title: 'Katuvalo ei pala "Esplanadilla"',
      description: 'Valo on ollut pimeänä\nkolme iltaa. Ääkköset ja emoji 💡 ja \'lainausmerkit\'.',
      lat: 60.16761234567891,
      long: 24.94761234567891,
      address_string: 'Pohjoisesplanadi 2, Helsinki',
      address_id: 'addr-77',
      zip_code: '00170',
      service_object_type: 'kerro.demo',
      service_object_id: 'demo-park-2',
      email: 'Reporter@Example.org',
      first_name: 'Matti',
      last_name: 'Meikäläinen',
      phone: '+358 40 123 4567',
      device_id: 'device-1',
      account_id: 'account-1',
      locale: 'sv',
      detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'],
      status_notes: 'Korjaus tilattu.',
      agency_responsible: 'Kaupunkiympäristön toimiala',
      service_notice: 'Korjataan kahden viikon kuluessa.',
      moderation: 'pending',
      external_media_url: 'https://example.org/photo.jpg',
      attributes: { POLE: 'A-123', EXTRA: ['a', 'b'], KIND: 'dark' },
      requested_at: baseTime - 3 * day + 123,
      updated_at: baseTime - day + 456,
      expected_at: baseTime + 14 * day,
      media: [mediaRow(2), mediaRow(0), mediaRow(1)],
    });
    await store.serviceRequests.create(request);
    const found = storedMediaOnly(await store.serviceRequests.find('2026-000123'));
    expect(found).toEqual(asRecord(request, 'open'));
    // Attributes keep the order they were written in.
    expect(Object.keys(found!.attributes)).toEqual(['POLE', 'EXTRA', 'KIND']);
    expect(found!.media.map((media) => media.position)).toEqual([0, 1, 2]);
  });

  it('round-trips nulls and empty values', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    const request = newRequest('no-location', {
      title: null,
      lat: null,
      long: null,
      address_string: null,
      detailed_status: [],
      agency_responsible: '',
      attributes: {},
      expected_at: null,
    });
    await store.serviceRequests.create(request);
    expect(await store.serviceRequests.find('no-location')).toEqual(asRecord(request, 'open'));
  });

  it('round-trips control characters in text, and NUL inside attribute values', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    // NUL itself is no part of the contract for text columns: PostgreSQL text cannot hold it, and
    // the request schema refuses control characters in every text it stores. Attribute values are
    // stored as JSON, where NUL is an escape.
    const request = newRequest('ctrl', {
      description: 'Tab\there,\r\nnew line',
      address_id: 'addr\u00071',
      device_id: 'device\u001f',
      account_id: '\u0001account\u0007',
      service_object_type: 'kerro.demo\u007f',
      service_object_id: 'demo\u0008park',
      attributes: { POLE: 'A\u0000B', EXTRA: ['x\u0000', 'y'] },
    });
    await store.serviceRequests.create(request);
    expect(storedMediaOnly(await store.serviceRequests.find('ctrl'))).toEqual(asRecord(request));
    expect(ids(await store.serviceRequests.query({ moderation: published, limit: 10, serviceObject: { type: 'kerro.demo\u007f', id: 'demo\u0008park' } }))).toEqual(['ctrl']);
  });

  it.each([
    [['RECEIVED'], 'open'],
    [['IN_PROCESS'], 'open'],
    [['IN_PROCESS', 'PUBLIC_WORKS_NEW'], 'open'],
    [['PROCESSED'], 'closed'],
    [['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], 'closed'],
    [['ARCHIVED'], 'closed'],
    [['REJECTED'], 'closed'],
    [[], 'open'],
  ] as const)('derives status from the detailed status %j → %s', async (detailed, status) => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('r', { detailed_status: [...detailed] }));
    const found = await store.serviceRequests.find('r');
    expect(found?.status).toBe(status);
    expect(found?.detailed_status).toEqual(detailed);
  });

  it('answers undefined for an unknown id, and ids match exactly', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('Abc-1'));
    expect(await store.serviceRequests.find('nope')).toBeUndefined();
    expect(await store.serviceRequests.find('abc-1')).toBeUndefined();
    expect(await store.serviceRequests.find('Abc-1 ')).toBeUndefined();
    expect(await store.serviceRequests.find('Abc-1')).toBeDefined();
  });

  it('refuses a second request with the same id and a request of an unknown service type', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('dup', { title: 'first' }));
    await expect(store.serviceRequests.create(newRequest('dup', { title: 'second' }))).rejects.toThrow();
    await expect(store.serviceRequests.create(newRequest('orphan', { service_code: 'no-such-type' }))).rejects.toThrow();
    expect(await store.serviceRequests.count()).toBe(1);
    expect((await store.serviceRequests.find('dup'))?.title).toBe('first');
    expect(await store.serviceRequests.find('orphan')).toBeUndefined();
  });

  it('refuses two media rows with the same file name, storing neither request', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('first', { media: [mediaRow(0, `${'1'.repeat(32)}.jpg`)] }));
    await expect(store.serviceRequests.create(newRequest('second', { media: [mediaRow(0, `${'1'.repeat(32)}.jpg`)] }))).rejects.toThrow();
    expect(await store.serviceRequests.find('second')).toBeUndefined();
    expect(await store.serviceRequests.count()).toBe(1);
  });

  it('createMany stores every request with its media, and an empty list is a no-op', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.createMany([]);
    expect(await store.serviceRequests.count()).toBe(0);
    const many = Array.from({ length: 250 }, (_, index) =>
      newRequest(`bulk-${String(index).padStart(4, '0')}`, {
        requested_at: baseTime - index * hour,
        updated_at: baseTime - index * hour,
        media: index % 50 === 0 ? [mediaRow(0, `${index.toString(16).padStart(32, 'b')}.png`)] : [],
      }),
    );
    await store.serviceRequests.createMany(many);
    expect(await store.serviceRequests.count()).toBe(250);
    expect(storedMediaOnly(await store.serviceRequests.find('bulk-0100'))).toEqual(asRecord(many[100]!));
    expect(await store.serviceRequests.find('bulk-0249')).toEqual(asRecord(many[249]!));
  });

  it('createMany is all or nothing', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('existing'));
    await expect(store.serviceRequests.createMany([newRequest('new-1'), newRequest('new-2'), newRequest('existing')])).rejects.toThrow();
    await expect(store.serviceRequests.createMany([newRequest('new-3'), newRequest('new-4', { service_code: 'unknown' })])).rejects.toThrow();
    expect(await store.serviceRequests.count()).toBe(1);
    for (const id of ['new-1', 'new-2', 'new-3', 'new-4']) expect(await store.serviceRequests.find(id)).toBeUndefined();
  });

  it('counts every request, whatever its moderation state', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    expect(await store.serviceRequests.count()).toBe(0);
    await store.serviceRequests.createMany([
      newRequest('a', { moderation: 'pending' }),
      newRequest('b', { moderation: 'published' }),
      newRequest('c', { moderation: 'rejected' }),
    ]);
    expect(await store.serviceRequests.count()).toBe(3);
  });
});

describe('service requests: query filters', () => {
  const opened = useFreshStore('all');
  const t = (days: number) => baseTime - days * day;

  /** A small city: every filter below has something to keep and something to drop. */
  const dataSet: NewServiceRequest[] = [
    newRequest('req-a', { service_code: '171', requested_at: t(10), updated_at: t(10) }),
    newRequest('req-b', {
      service_code: '198', detailed_status: ['IN_PROCESS'], requested_at: t(9), updated_at: t(2),
      service_object_type: 'park', service_object_id: 'p1', ...pointAt(helsinki, 100, 0),
      media: [mediaRow(1), mediaRow(0)],
    }),
    newRequest('req-c', {
      service_code: '900', detailed_status: ['PROCESSED'], requested_at: t(8), updated_at: t(1),
      service_object_type: 'park', service_object_id: 'p2', ...pointAt(helsinki, 2000, 90),
    }),
    newRequest('req-d', { moderation: 'rejected', detailed_status: ['REJECTED'], requested_at: t(7), updated_at: t(7), api_key_id: 7 }),
    newRequest('req-e', { moderation: 'pending', requested_at: t(6), updated_at: t(6), api_key_id: 7 }),
    newRequest('req-f', {
      service_code: '198', detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], requested_at: t(5), updated_at: t(5),
      service_object_type: 'playground', service_object_id: 'x1', lat: null, long: null,
    }),
    newRequest('req-g', { requested_at: t(5), updated_at: t(4) }),
    newRequest('req-h', { service_code: '900', detailed_status: ['ARCHIVED'], requested_at: t(3), updated_at: t(0), ...pointAt(helsinki, 500, 180) }),
    newRequest('req-i', { moderation: 'pending', service_code: '198', requested_at: t(1), updated_at: t(1), api_key_id: 8 }),
  ];

  const run = (query: Partial<ServiceRequestQuery>) =>
    opened.store.serviceRequests.query({ moderation: published, limit: 100, ...query });

  beforeAll(async () => {
    await storeServiceTypes(opened.store);
    await opened.store.serviceRequests.createMany(dataSet);
  });

  it('lists only the moderation states asked for, newest first and by id descending on a tie', async () => {
    expect(ids(await run({}))).toEqual(['req-h', 'req-g', 'req-f', 'req-c', 'req-b', 'req-a']);
    expect(ids(await run({ moderation: ['pending'] }))).toEqual(['req-i', 'req-e']);
    expect(ids(await run({ moderation: ['pending', 'rejected'] }))).toEqual(['req-i', 'req-e', 'req-d']);
    expect(ids(await run({ moderation: ['published', 'pending', 'rejected'] }))).toEqual([
      'req-i', 'req-h', 'req-g', 'req-f', 'req-e', 'req-d', 'req-c', 'req-b', 'req-a',
    ]);
    expect(await run({ moderation: [] })).toEqual([]);
  });

  it('answers nothing, never an error, for lookups holding control characters (NUL included)', async () => {
    // Query parameters reach these as sent: ?service_request_id=%00, ?service_code=%00 …
    // Soft: each lookup is reported on its own.
    await expect.soft(opened.store.serviceRequests.find('req-a\u0000'), 'find').resolves.toBeUndefined();
    await expect.soft(run({ ids: ['req-a\u0000', '\u0000'] }), 'query ids').resolves.toEqual([]);
    await expect.soft(run({ serviceCodes: ['171\u0000'] }), 'query serviceCodes').resolves.toEqual([]);
    await expect.soft(run({ serviceObject: { type: 'park\u0000', id: '\u0000' } }), 'query serviceObject').resolves.toEqual([]);
    await expect
      .soft(
        opened.store.serviceRequests
          .listByModeration({ moderation: 'published', order: 'oldest', limit: 10, after: { requested_at: t(10), service_request_id: 'req-a\u0000' } })
          .then(ids),
        'listByModeration after',
      )
      .resolves.toEqual(['req-b', 'req-c', 'req-f', 'req-g', 'req-h']);
  });

  it('filters by a long list of ids', async () => {
    const many = [...Array.from({ length: 3000 }, (_, index) => `missing-${index}`), 'req-c', 'req-a'];
    expect(ids(await run({ ids: many }))).toEqual(['req-c', 'req-a']);
  });

  it('answers whole records, media in position order', async () => {
    const [b] = await run({ ids: ['req-b'] });
    expect(b).toEqual(asRecord(dataSet[1]!, 'open'));
    const [f] = await run({ ids: ['req-f'] });
    expect(f).toEqual(asRecord(dataSet[5]!, 'closed'));
  });

  it('filters by ids (an empty list matches nothing, unknown ids are left out)', async () => {
    expect(ids(await run({ ids: ['req-a', 'req-d', 'req-c', 'no-such'] }))).toEqual(['req-c', 'req-a']);
    expect(ids(await run({ ids: ['req-d'], moderation: ['rejected'] }))).toEqual(['req-d']);
    expect(await run({ ids: [] })).toEqual([]);
    expect(await run({ ids: ['REQ-A'] })).toEqual([]);
  });

  it('createdWithKey adds that key\'s requests whatever their moderation, and only its (issue 40, item 6)', async () => {
    const all = ['req-a', 'req-d', 'req-e', 'req-i'];
    expect(ids(await run({ ids: all, createdWithKey: 7 }))).toEqual(['req-e', 'req-d', 'req-a']);
    expect(ids(await run({ ids: all, createdWithKey: 8 }))).toEqual(['req-i', 'req-a']);
    expect(ids(await run({ ids: all, createdWithKey: 9 }))).toEqual(['req-a']);
    // The listing's entries read the same, and the other filters still hold.
    const entries = await opened.store.serviceRequests.listingEntries({ ids: all, createdWithKey: 7, moderation: published, limit: 100 });
    expect(entries.map(([id]) => id)).toEqual(['req-e', 'req-d', 'req-a']);
    expect(ids(await run({ ids: all, createdWithKey: 7, serviceCodes: ['198'] }))).toEqual([]);
    expect(ids(await run({ ids: all, createdWithKey: 8, serviceCodes: ['198'] }))).toEqual(['req-i']);
  });

  it('filters by service codes (an empty list matches nothing)', async () => {
    expect(ids(await run({ serviceCodes: ['198', '900'] }))).toEqual(['req-h', 'req-f', 'req-c', 'req-b']);
    expect(ids(await run({ serviceCodes: ['171'] }))).toEqual(['req-g', 'req-a']);
    expect(await run({ serviceCodes: ['999'] })).toEqual([]);
    expect(await run({ serviceCodes: [] })).toEqual([]);
  });

  it('filters by status, which follows the detailed status (an empty list matches nothing)', async () => {
    expect(ids(await run({ statuses: ['closed'] }))).toEqual(['req-h', 'req-f', 'req-c']);
    expect(ids(await run({ statuses: ['open'] }))).toEqual(['req-g', 'req-b', 'req-a']);
    expect(ids(await run({ statuses: ['open', 'closed'] }))).toHaveLength(6);
    expect(await run({ statuses: [] })).toEqual([]);
  });

  it('bounds requested_at inclusively at both ends', async () => {
    expect(ids(await run({ requestedFrom: t(9), requestedTo: t(5) }))).toEqual(['req-g', 'req-f', 'req-c', 'req-b']);
    expect(ids(await run({ requestedFrom: t(9) + 1, requestedTo: t(5) - 1 }))).toEqual(['req-c']);
    expect(ids(await run({ requestedFrom: t(5) }))).toEqual(['req-h', 'req-g', 'req-f']);
    expect(ids(await run({ requestedTo: t(9) }))).toEqual(['req-b', 'req-a']);
    expect(ids(await run({ requestedFrom: t(5), requestedTo: t(5) }))).toEqual(['req-g', 'req-f']);
    expect(await run({ requestedFrom: t(4), requestedTo: t(6) })).toEqual([]);
  });

  it('bounds updated_at inclusively at both ends', async () => {
    expect(ids(await run({ updatedFrom: t(4), updatedTo: t(1) }))).toEqual(['req-g', 'req-c', 'req-b']);
    expect(ids(await run({ updatedFrom: t(4) + 1, updatedTo: t(1) - 1 }))).toEqual(['req-b']);
    expect(ids(await run({ updatedFrom: t(0) }))).toEqual(['req-h']);
    expect(ids(await run({ updatedTo: t(10) }))).toEqual(['req-a']);
  });

  it('filters by service object type, and by type and id', async () => {
    expect(ids(await run({ serviceObject: { type: 'park' } }))).toEqual(['req-c', 'req-b']);
    expect(ids(await run({ serviceObject: { type: 'park', id: 'p2' } }))).toEqual(['req-c']);
    expect(ids(await run({ serviceObject: { type: 'playground', id: 'x1' } }))).toEqual(['req-f']);
    expect(await run({ serviceObject: { type: 'park', id: 'x1' } })).toEqual([]);
    expect(await run({ serviceObject: { type: 'Park' } })).toEqual([]);
  });

  it('takes at most `limit`, from the top of the order', async () => {
    expect(ids(await run({ limit: 2 }))).toEqual(['req-h', 'req-g']);
    expect(ids(await run({ limit: 3 }))).toEqual(['req-h', 'req-g', 'req-f']);
    expect(ids(await run({ limit: 1, serviceCodes: ['171'] }))).toEqual(['req-g']);
    expect(await run({ limit: 0 })).toEqual([]);
  });

  it('combines filters with AND', async () => {
    expect(ids(await run({ serviceCodes: ['198', '900'], statuses: ['closed'], updatedFrom: t(2) }))).toEqual(['req-h', 'req-c']);
    expect(ids(await run({ moderation: ['published', 'pending'], serviceCodes: ['198'], requestedFrom: t(9) }))).toEqual(['req-i', 'req-f', 'req-b']);
    expect(ids(await run({ near: { ...helsinki, radiusMeters: 1000 }, statuses: ['open'] }))).toEqual(['req-g', 'req-b', 'req-a']);
    expect(ids(await run({ near: { ...helsinki, radiusMeters: 1000 }, serviceCodes: ['900'], requestedTo: t(3) }))).toEqual(['req-h']);
  });

  it('near: within the radius, requests without a location left out, still newest first', async () => {
    // req-f has no location; req-c is 2 km away.
    expect(ids(await run({ near: { ...helsinki, radiusMeters: 1000 } }))).toEqual(['req-h', 'req-g', 'req-b', 'req-a']);
    expect(ids(await run({ near: { ...helsinki, radiusMeters: 2500 } }))).toEqual(['req-h', 'req-g', 'req-c', 'req-b', 'req-a']);
    expect(ids(await run({ near: { ...helsinki, radiusMeters: 50 } }))).toEqual(['req-g', 'req-a']);
    expect(ids(await run({ near: { ...helsinki, radiusMeters: 1000 }, moderation: ['pending', 'rejected'] }))).toEqual(['req-i', 'req-e', 'req-d']);
    expect(ids(await run({ near: { ...helsinki, radiusMeters: 1000 }, limit: 2 }))).toEqual(['req-h', 'req-g']);
    expect(await run({ near: { lat: 61.5, long: 23.76, radiusMeters: 5000 } })).toEqual([]);
  });
});

describe('service requests: ties', () => {
  const opened = useFreshStore();

  it('breaks ties by id in code-point order, case and accents included', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    const tied = ['tie-B', 'tie-a', 'tie-Z', 'tie-ä', 'tie-b', 'tie-10', 'tie-9'];
    await store.serviceRequests.createMany([
      ...tied.map((id) => newRequest(id, { moderation: 'rejected', requested_at: baseTime })),
      newRequest('older', { moderation: 'rejected', requested_at: baseTime - 1 }),
    ]);
    const expected = [...tied].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    expect(expected).toEqual(['tie-ä', 'tie-b', 'tie-a', 'tie-Z', 'tie-B', 'tie-9', 'tie-10']);
    expect(ids(await store.serviceRequests.query({ moderation: ['rejected'], limit: 100 }))).toEqual([...expected, 'older']);
    expect(ids(await store.serviceRequests.query({ moderation: ['rejected'], limit: 100, near: { ...helsinki, radiusMeters: 10 } }))).toEqual([...expected, 'older']);
    const after = (service_request_id: string) => ({ requested_at: baseTime, service_request_id });
    expect(ids(await store.serviceRequests.listByModeration({ moderation: 'rejected', order: 'newest', limit: 100, after: after('tie-a') }))).toEqual([
      'tie-Z', 'tie-B', 'tie-9', 'tie-10', 'older',
    ]);
    expect(ids(await store.serviceRequests.listByModeration({ moderation: 'rejected', order: 'oldest', limit: 100, after: after('tie-Z') }))).toEqual([
      'tie-a', 'tie-b', 'tie-ä',
    ]);
  });
});

describe('service requests: near, around the boundary', () => {
  const opened = useFreshStore();
  const bearings = Array.from({ length: 16 }, (_, index) => index * 22.5);

  it.each([
    { name: 'Helsinki, 1 km', center: helsinki, radius: 1000 },
    { name: 'Helsinki, 25 m', center: { lat: 60.1725, long: 24.93 }, radius: 25 },
    { name: 'Helsinki, 20 km', center: { lat: 60.2, long: 25 }, radius: 20_000 },
    { name: 'near the equator and the prime meridian, 300 m', center: { lat: 0.0001, long: -0.0001 }, radius: 300 },
    { name: 'southern hemisphere, 2.5 km', center: { lat: -33.8688, long: 151.2093 }, radius: 2500 },
  ])('$name: a millimetre inside is in, a millimetre outside is out, on every bearing', async ({ center, radius }) => {
    const { store } = opened;
    await storeServiceTypes(store);
    const inside: string[] = [];
    const requests: NewServiceRequest[] = [];
    bearings.forEach((bearing, index) => {
      const id = String(index).padStart(2, '0');
      inside.push(`in-${id}`);
      requests.push(newRequest(`in-${id}`, { ...pointAt(center, radius - 0.001, bearing), requested_at: baseTime - index }));
      requests.push(newRequest(`out-${id}`, { ...pointAt(center, radius + 0.001, bearing), requested_at: baseTime - index }));
    });
    await store.serviceRequests.createMany(requests);
    const found = await store.serviceRequests.query({ near: { ...center, radiusMeters: radius }, moderation: published, limit: 1000 });
    expect(ids(found)).toEqual(inside);
  });

  it('a request exactly at the centre is found with any radius, a zero radius included', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.createMany([newRequest('centre'), newRequest('beside', pointAt(helsinki, 1, 45))]);
    expect(ids(await store.serviceRequests.query({ near: { ...helsinki, radiusMeters: 0 }, moderation: published, limit: 10 }))).toEqual(['centre']);
    expect(ids(await store.serviceRequests.query({ near: { ...helsinki, radiusMeters: 1.01 }, moderation: published, limit: 10 }))).toEqual(['centre', 'beside']);
  });

  it('finds the newest `limit` in the radius across a long span, however few are recent', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    // Inside: one 1 day old, the rest 40–80 days old; many more recent ones just outside.
    const requests: NewServiceRequest[] = [
      newRequest('in-01d', { requested_at: baseTime - day, ...pointAt(helsinki, 200, 10) }),
      newRequest('in-40d', { requested_at: baseTime - 40 * day, ...pointAt(helsinki, 300, 100) }),
      newRequest('in-60d', { requested_at: baseTime - 60 * day, ...pointAt(helsinki, 400, 200) }),
      newRequest('in-80d', { requested_at: baseTime - 80 * day, ...pointAt(helsinki, 100, 300) }),
      newRequest('in-95d', { requested_at: baseTime - 95 * day }),
    ];
    for (let index = 0; index < 40; index += 1) {
      requests.push(newRequest(`out-${index}`, { requested_at: baseTime - index * hour, ...pointAt(helsinki, 1500, index * 9) }));
    }
    await store.serviceRequests.createMany(requests);
    const near = { ...helsinki, radiusMeters: 1000 };
    const span = { requestedFrom: baseTime - 90 * day, requestedTo: baseTime };
    const query = (limit: number, bounds: Partial<ServiceRequestQuery> = span) =>
      store.serviceRequests.query({ near, moderation: published, limit, ...bounds });
    expect(ids(await query(3))).toEqual(['in-01d', 'in-40d', 'in-60d']);
    expect(ids(await query(10))).toEqual(['in-01d', 'in-40d', 'in-60d', 'in-80d']);
    expect(ids(await query(1))).toEqual(['in-01d']);
    expect(ids(await query(10, { requestedFrom: baseTime - 90 * day }))).toEqual(['in-01d', 'in-40d', 'in-60d', 'in-80d']);
    expect(ids(await query(10, { requestedTo: baseTime - 50 * day }))).toEqual(['in-60d', 'in-80d', 'in-95d']);
    expect(ids(await query(10, {}))).toEqual(['in-01d', 'in-40d', 'in-60d', 'in-80d', 'in-95d']);
  });

  it('orders the radius results by requested_at then id, never by distance', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.createMany([
      newRequest('far-new', { requested_at: baseTime, ...pointAt(helsinki, 900, 0) }),
      newRequest('near-old', { requested_at: baseTime - day, ...pointAt(helsinki, 10, 0) }),
      newRequest('tie-b', { requested_at: baseTime - 2 * day, ...pointAt(helsinki, 800, 90) }),
      newRequest('tie-a', { requested_at: baseTime - 2 * day, ...pointAt(helsinki, 5, 90) }),
    ]);
    const found = await store.serviceRequests.query({ near: { ...helsinki, radiusMeters: 1000 }, moderation: published, limit: 10 });
    expect(ids(found)).toEqual(['far-new', 'near-old', 'tie-b', 'tie-a']);
  });
});

describe('service requests: the moderators’ list', () => {
  const opened = useFreshStore();

  /** Seven pending with tied times, plus others that must never show up. */
  async function seed() {
    const { store } = opened;
    await storeServiceTypes(store);
    const pending = [
      newRequest('p-3', { moderation: 'pending', requested_at: baseTime + 3 }),
      newRequest('p-1b', { moderation: 'pending', requested_at: baseTime + 1 }),
      newRequest('p-1a', { moderation: 'pending', requested_at: baseTime + 1, media: [mediaRow(1), mediaRow(0)] }),
      newRequest('p-1c', { moderation: 'pending', requested_at: baseTime + 1 }),
      newRequest('p-0', { moderation: 'pending', requested_at: baseTime }),
      newRequest('p-5', { moderation: 'pending', requested_at: baseTime + 5 }),
      newRequest('p-2', { moderation: 'pending', requested_at: baseTime + 2 }),
    ];
    await store.serviceRequests.createMany([
      ...pending,
      newRequest('x-pub', { moderation: 'published', requested_at: baseTime + 2 }),
      newRequest('x-rej', { moderation: 'rejected', requested_at: baseTime + 4 }),
      newRequest('x-pub2', { moderation: 'published', requested_at: baseTime - 1 }),
    ]);
    return pending;
  }

  const oldestFirst = ['p-0', 'p-1a', 'p-1b', 'p-1c', 'p-2', 'p-3', 'p-5'];

  async function pages(query: Omit<ModerationListQuery, 'after'>): Promise<string[][]> {
    const result: string[][] = [];
    let after: ModerationListQuery['after'];
    for (;;) {
      const page = await opened.store.serviceRequests.listByModeration({ ...query, after });
      if (page.length === 0) return result;
      result.push(ids(page));
      const last = page[page.length - 1]!;
      after = { requested_at: last.requested_at, service_request_id: last.service_request_id };
      if (result.length > 20) throw new Error('paging does not end');
    }
  }

  it('pages oldest first by (requested_at, id), each page after the last one exclusively', async () => {
    await seed();
    expect(await pages({ moderation: 'pending', order: 'oldest', limit: 3 })).toEqual([
      ['p-0', 'p-1a', 'p-1b'],
      ['p-1c', 'p-2', 'p-3'],
      ['p-5'],
    ]);
  });

  it('pages newest first by (requested_at, id) descending', async () => {
    await seed();
    expect(await pages({ moderation: 'pending', order: 'newest', limit: 2 })).toEqual([
      ['p-5', 'p-3'],
      ['p-2', 'p-1c'],
      ['p-1b', 'p-1a'],
      ['p-0'],
    ]);
  });

  it('continues after a key that is not in the list itself', async () => {
    await seed();
    const list = (order: 'oldest' | 'newest', after: ModerationListQuery['after']) =>
      opened.store.serviceRequests.listByModeration({ moderation: 'pending', order, limit: 10, after }).then(ids);
    expect(await list('oldest', { requested_at: baseTime + 1, service_request_id: 'p-1ab' })).toEqual(['p-1b', 'p-1c', 'p-2', 'p-3', 'p-5']);
    expect(await list('newest', { requested_at: baseTime + 1, service_request_id: 'p-1ab' })).toEqual(['p-1a', 'p-0']);
    expect(await list('oldest', { requested_at: baseTime + 4, service_request_id: '' })).toEqual(['p-5']);
    expect(await list('newest', { requested_at: baseTime + 100, service_request_id: 'zzz' })).toEqual([...oldestFirst].reverse());
    expect(await list('oldest', { requested_at: baseTime + 5, service_request_id: 'p-5' })).toEqual([]);
  });

  it('lists only the one state, whole records with their media', async () => {
    const pending = await seed();
    const all = await opened.store.serviceRequests.listByModeration({ moderation: 'pending', order: 'oldest', limit: 100 });
    expect(ids(all)).toEqual(oldestFirst);
    expect(all.find((record) => record.service_request_id === 'p-1a')).toEqual(asRecord(pending[2]!));
    const published = await opened.store.serviceRequests.listByModeration({ moderation: 'published', order: 'newest', limit: 100 });
    expect(ids(published)).toEqual(['x-pub', 'x-pub2']);
    const rejected = await opened.store.serviceRequests.listByModeration({ moderation: 'rejected', order: 'oldest', limit: 100 });
    expect(ids(rejected)).toEqual(['x-rej']);
    expect(await opened.store.serviceRequests.listByModeration({ moderation: 'pending', order: 'oldest', limit: 0 })).toEqual([]);
  });

  it('counts by moderation state', async () => {
    expect(await opened.store.serviceRequests.countByModeration('pending')).toBe(0);
    await seed();
    expect(await opened.store.serviceRequests.countByModeration('pending')).toBe(7);
    expect(await opened.store.serviceRequests.countByModeration('published')).toBe(2);
    expect(await opened.store.serviceRequests.countByModeration('rejected')).toBe(1);
  });
});

describe('service requests: change token', () => {
  const opened = useFreshStore();

  /** Collects tokens; every write must give one never seen before. */
  function tokenLog() {
    const seen: string[] = [];
    return {
      seen,
      async moved(): Promise<boolean> {
        const token = await opened.store.serviceRequests.changeToken();
        expect(typeof token).toBe('string');
        const last = seen[seen.length - 1];
        if (token === last) return false;
        expect(seen).not.toContain(token);
        seen.push(token);
        return true;
      },
    };
  }

  it('never moves on reads', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('r1', { media: [mediaRow(0)] }));
    const before = await store.serviceRequests.changeToken();
    await store.serviceRequests.find('r1');
    await store.serviceRequests.find('missing');
    await store.serviceRequests.query({ moderation: ['published', 'pending', 'rejected'], limit: 10 });
    await store.serviceRequests.query({ moderation: published, limit: 10, near: { ...helsinki, radiusMeters: 100 }, requestedFrom: 0, requestedTo: baseTime });
    await store.serviceRequests.listByModeration({ moderation: 'published', order: 'newest', limit: 10 });
    await store.serviceRequests.count();
    await store.serviceRequests.countByModeration('published');
    await store.serviceRequests.changeToken();
    await store.unitOfWork.changeRequest('r1', () => undefined);
    await store.unitOfWork.changeRequest('missing', () => ({ set: { title: 'x' }, audit: { at: 0, moderator: 'm', action: 'status', details: {} } }));
    expect(await store.serviceRequests.changeToken()).toBe(before);
  });

  it('moves on every write: create, createMany, field and moderation changes, photo removal', async () => {
    const { store } = opened;
    const log = tokenLog();
    await storeServiceTypes(store);
    expect(await log.moved()).toBe(true);
    await store.serviceRequests.create(newRequest('r1', { moderation: 'pending', media: [mediaRow(0), mediaRow(1)] }));
    expect(await log.moved()).toBe(true);
    await store.serviceRequests.createMany([newRequest('r2'), newRequest('r3')]);
    expect(await log.moved()).toBe(true);
    const audit = { at: baseTime, moderator: 'moderaattori', action: 'status' as const, details: {} };
    await store.unitOfWork.changeRequest('r1', () => ({ set: { moderation: 'published' }, audit }));
    expect(await log.moved()).toBe(true);
    await store.unitOfWork.changeRequest('r1', () => ({ set: { detailed_status: ['PROCESSED'], status_notes: 'Korjattu.', updated_at: baseTime + 1 }, audit }));
    expect(await log.moved()).toBe(true);
    // Only the photo's row changes.
    await store.unitOfWork.changeRequest('r1', () => ({ set: {}, removeMediaPosition: 1, audit }));
    expect(await log.moved()).toBe(true);
    expect(await log.moved()).toBe(false);
    expect(log.seen).toHaveLength(6);
  });

  it('does not move on a refused write', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('r1'));
    const before = await store.serviceRequests.changeToken();
    await expect(store.serviceRequests.create(newRequest('r1'))).rejects.toThrow();
    await expect(store.serviceRequests.createMany([newRequest('r2'), newRequest('r1')])).rejects.toThrow();
    await expect(
      store.unitOfWork.changeRequest('r1', () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await store.serviceRequests.changeToken()).toBe(before);
  });

  it('moves when another instance on the same store writes', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    const other = await openSecondStore(opened);
    try {
      const before = await store.serviceRequests.changeToken();
      expect(await other.serviceRequests.changeToken()).toBe(before);
      await other.serviceRequests.create(newRequest('from-other'));
      const afterCreate = await store.serviceRequests.changeToken();
      expect(afterCreate).not.toBe(before);
      expect(await other.serviceRequests.changeToken()).toBe(afterCreate);
      expect(await store.serviceRequests.find('from-other')).toBeDefined();
      await other.unitOfWork.changeRequest('from-other', () => ({
        set: { moderation: 'rejected' },
        audit: { at: baseTime, moderator: 'm', action: 'reject', details: {} },
      }));
      expect(await store.serviceRequests.changeToken()).not.toBe(afterCreate);
    } finally {
      await other.close();
    }
  });
});
