import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkCountersAnswer,
  checkDetailError,
  checkGeoReportAnswer,
  checkMediaAnswer,
  checkModerationAnswer,
  type Answer,
} from './fuzz/answer-checks';
import { createdIdOf, createFuzzTarget, fuzzEnv, heapUsed, type FuzzTarget } from './fuzz/fuzz-target';
import { buildHostileFiles, claimedTypes, type HostileFile } from './fuzz/hostile-images';
import { hostileCoordinate, hostileDate, hostileLiterals, hostileNumber, hostileSegment, hostileText } from './fuzz/hostile-values';
import { bodyDamage, brokenEscapes, type BodyDamage, damagedMultipart, multipartBody, percentEncode, queryString, urlencodedBody, type RawPairs } from './fuzz/raw-forms';
import { snapshotStore, unexplainedChanges } from './fuzz/store-snapshot';
import { testBackend } from '../../helpers/test-store';

/**
 * Property-based bad input (fast-check) against every endpoint, through app.inject (the proxy
 * over real loopback HTTP to the embedded services). Every answer must be a success for input that
 * is in fact valid, or a 4xx in the endpoint's own error format; never a 5xx. Afterwards the
 * server still answers, its heap is bounded, and nothing refused left a trace in the store.
 */

// Each property runs hundreds to thousands of requests.
vi.setConfig({ testTimeout: 180_000 });

let target: FuzzTarget;
/** Moderation writes aimed at real requests, with their answers: context when the store check fails. */
const moderationWrites: string[] = [];
let files: HostileFile[];

beforeAll(async () => {
  target = await createFuzzTarget();
  files = await buildHostileFiles(Number(fuzzEnv.MEDIA_MAX_FILE_BYTES));
}, 60_000);

afterAll(async () => {
  const total = [...target.sent.values()].reduce((sum, count) => sum + count, 0);
  const byArea = [...target.sent.entries()].map(([area, count]) => `${area} ${count}`).join(', ');
  console.log(`[fuzz] ${total} generated requests in all: ${byArea}`);
  await target?.close();
});

function describeRequest(options: InjectOptions): string {
  const payload = options.payload === undefined ? '' : String(options.payload).slice(0, 300);
  return `${options.method ?? 'GET'} ${String(options.url).slice(0, 300)} ${JSON.stringify(options.headers ?? {}).slice(0, 300)} ${JSON.stringify(payload)}`;
}

/** Sends one request and fails the property, naming the request, when the answer breaks the rules. */
async function expectAnswer(area: string, options: InjectOptions, check: (answer: Answer) => string | undefined): Promise<Answer> {
  const answer = await target.send(area, options);
  const problem = check(answer);
  if (problem) throw new Error(`${problem}\n  for ${describeRequest(options)}`);
  return answer;
}

/** The service still answers its liveness probe, in-process and over its real socket. */
async function expectServerUp(): Promise<void> {
  expect((await target.t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  expect((await fetch(`${target.t.baseUrl}/healthz`)).status).toBe(200);
}

/**
 * The run's depth. On PostgreSQL (project server-postgres) every property runs with a quarter of
 * its runs: the shapes of input are the same, what that run adds is the SQL they reach, and the
 * full depth on SQLite already takes half a minute of a two-core machine.
 */
const depth = testBackend === 'postgres' ? 0.25 : 1;
const run = <T extends unknown[]>(property: fc.IAsyncPropertyWithHooks<T>, numRuns: number) => fc.assert(property, { numRuns: Math.ceil(numRuns * depth) });

// ---------------------------------------------------------------- shared generators

const methods = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  { weight: 1, arbitrary: fc.constantFrom('HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
) as fc.Arbitrary<InjectOptions['method'] & string>;

const anyValue = fc.oneof(hostileText, hostileNumber, hostileCoordinate, hostileDate);

function paramsOf(names: readonly string[], maxLength = 8): fc.Arbitrary<RawPairs> {
  const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: hostileText });
  return fc.array(fc.tuple(name, anyValue), { maxLength });
}

/** Occasionally a hostile Host header: it ends up in absolute links. */
const hostHeader = fc.option(fc.oneof(hostileSegment, fc.constantFrom('evil.example', 'a b', 'x:99999', '[::1]:80', 'ex ample.org', 'kerro.test\r\nX: y')), {
  freq: 8,
});

/** Printable ASCII only: anything else cannot be sent as a header value at all (the transport refuses it, not us). */
function sendableHeader(value: string): boolean {
  return [...value].every((character) => character >= ' ' && character <= '~');
}

function withHost(headers: Record<string, string>, host: string | null): Record<string, string> {
  return host === null || !sendableHeader(host) ? headers : { ...headers, host };
}

const geoReportParams = [
  'service_request_id', 'service_code', 'start_date', 'end_date', 'status', 'lat', 'long', 'radius', 'updated_after', 'updated_before',
  'extensions', 'locale', 'jurisdiction_id', 'service_object_type', 'service_object_id', 'api_key', 'page', 'page_size',
];

const suffixes = fc.constantFrom('.json', '.xml', '.JSON', '.XmL', '.html', '', '.json.xml', '.', '.json/', '%2Ejson', '.json%00', '.xml;');

function geoReportResource(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('discovery', 'services', 'requests', 'services/171', 'services/900', 'services/nope'),
    fc.constantFrom(...(target?.requestIds ?? ['x'])).map((id) => `requests/${id}`),
    hostileSegment.map((segment) => `requests/${percentEncode(segment)}`),
    hostileSegment.map((segment) => `services/${percentEncode(segment)}`),
    hostileSegment.map((segment) => percentEncode(segment)),
    fc.constantFrom('requests/../services', '../v1/services', 'requests/%2e%2e/discovery', 'requests//', 'requests/a/b/c', '%00'),
  );
}

// ---------------------------------------------------------------- GeoReport v2

describe('GeoReport v2 (JSON and XML) under hostile input', () => {
  it('reads: every answer is valid or a GeoReport error in the format asked for', async () => {
    await run(
      fc.asyncProperty(
        fc.record({ method: methods, resource: geoReportResource(), suffix: suffixes, params: paramsOf(geoReportParams), junk: fc.option(brokenEscapes), host: hostHeader }),
        async ({ method, resource, suffix, params, junk, host }) => {
          const url = `/open311/v1/${resource}${suffix}?${queryString(params, junk ?? undefined)}`;
          const options: InjectOptions = { method, url, headers: withHost({}, host) };
          await expectAnswer('georeport-read', options, (answer) => (method === 'HEAD' ? (answer.statusCode >= 500 ? `HEAD ${answer.statusCode}` : undefined) : checkGeoReportAnswer(answer, url)));
        },
      ),
      2500,
    );
    await expectServerUp();
  });

  const createFields = [
    'api_key', 'jurisdiction_id', 'service_code', 'description', 'title', 'lat', 'long', 'service_object_type', 'service_object_id',
    'address_string', 'address_id', 'email', 'first_name', 'last_name', 'phone', 'device_id', 'account_id', 'media_url', 'locale',
    'attribute[POLE]', 'attribute[KIND]', 'attribute[EXTRA][]', 'attribute[NOPE]', 'media[]',
  ];

  /** A report that is valid as it stands, with some fields left out and others replaced by hostile values. */
  function reportFields(apiKey: () => string | undefined): fc.Arbitrary<RawPairs> {
    return fc
      .record({
        serviceCode: fc.constantFrom('171', '198', '900', '9999'),
        omit: fc.subarray(['service_code', 'description', 'lat', 'long', 'api_key']),
        overrides: fc.array(fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...createFields) }, { weight: 1, arbitrary: hostileText }), anyValue), {
          maxLength: 6,
        }),
      })
      .map(({ serviceCode, omit, overrides }) => {
        const key = apiKey();
        const base: RawPairs = [
          ['service_code', serviceCode],
          ['description', 'Broken pavement by the tram stop, please fix'],
          ['lat', '60.1699'],
          ['long', '24.9384'],
          ...(key === undefined ? [] : ([['api_key', key]] as RawPairs)),
          ...(serviceCode === '900' ? ([['attribute[POLE]', 'A-12']] as RawPairs) : []),
        ];
        const overridden = new Set(overrides.map(([name]) => name));
        return [...base.filter(([name]) => !omit.includes(name) && !overridden.has(name)), ...overrides];
      });
  }

  const uploads = () =>
    fc.array(
      fc.record({
        file: fc.integer({ min: 0, max: 1000 }),
        field: fc.constantFrom('media[]', 'media[]', 'media', 'photo', 'media[0]', '../media'),
        fileName: fc.oneof(
          fc.constantFrom('photo.jpg', 'IMG_0001.HEIC', '../../../etc/passwd', '..\\..\\boot.ini', 'a\u0000.jpg.php', '', '.htaccess', 'photo.php.jpg', '\u202egpj.exe'),
          hostileText,
        ),
        contentType: fc.constantFrom(...claimedTypes),
      }),
      { maxLength: 4 },
    );

  /** The body in one of the encodings a client might (wrongly) use. */
  function encodeBody(encoding: string, fields: RawPairs, chosen: { file: number; field: string; fileName: string; contentType: string }[], damage: BodyDamage) {
    switch (encoding) {
      case 'urlencoded':
        return urlencodedBody(fields);
      case 'multipart': {
        const parts = chosen.map((upload) => ({ field: upload.field, fileName: upload.fileName, contentType: upload.contentType, data: files[upload.file % files.length]!.data }));
        return damagedMultipart(multipartBody(fields, parts), damage);
      }
      case 'json':
        return { payload: JSON.stringify(Object.fromEntries(fields)), headers: { 'content-type': 'application/json' } };
      case 'text':
        return { payload: queryString(fields), headers: { 'content-type': 'text/plain' } };
      default:
        return { payload: queryString(fields), headers: {} as Record<string, string> };
    }
  }

  it('creates: hostile fields, encodings, uploads and damaged bodies are refused in format, valid ones stored', async () => {
    await run(
      fc.asyncProperty(
        fc.record({
          format: fc.constantFrom('json', 'xml'),
          encoding: fc.constantFrom('urlencoded', 'urlencoded', 'multipart', 'multipart', 'multipart', 'json', 'text', 'none'),
          fields: reportFields(() => target.t.apiKey),
          uploads: uploads(),
          damage: bodyDamage,
          host: hostHeader,
        }),
        async ({ format, encoding, fields, uploads: chosen, damage, host }) => {
          const url = `/open311/v1/requests.${format}`;
          const { payload, headers } = encodeBody(encoding, fields, chosen, damage);
          const answer = await expectAnswer('georeport-create', { method: 'POST', url, payload, headers: withHost(headers, host) }, (response) => checkGeoReportAnswer(response, url));
          const id = createdIdOf(answer);
          if (id) target.created.add(id);
        },
      ),
      2000,
    );
    await expectServerUp();
  });

  it('stores exactly the photos that are real images, whatever they claim to be', async () => {
    // One photo with an otherwise valid report: the service's answer depends on the bytes alone.
    await run(
      fc.asyncProperty(fc.integer({ min: 0, max: files.length - 1 }), fc.constantFrom(...claimedTypes), fc.constantFrom('json', 'xml'), async (index, claimed, format) => {
        const file = files[index]!;
        const url = `/open311/v1/requests.${format}`;
        const fields: RawPairs = [['api_key', target.t.apiKey], ['service_code', '171'], ['description', `Photo test with ${file.name}`], ['lat', '60.17'], ['long', '24.94']];
        const body = damagedMultipart(multipartBody(fields, [{ field: 'media[]', fileName: 'photo.jpg', contentType: claimed, data: file.data }]), { kind: 'none' });
        const answer = await expectAnswer('georeport-photos', { method: 'POST', url, ...body }, (response) => checkGeoReportAnswer(response, url));
        const id = createdIdOf(answer);
        if (id) target.created.add(id);
        if ((answer.statusCode === 200) !== file.acceptable) throw new Error(`${file.name} (${claimed}) answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
      }),
      200,
    );
  });
});

// ---------------------------------------------------------------- media

describe('media files under hostile names', () => {
  it('serves stored photos only, everything else a 404', async () => {
    const stored = new Set(target.photoNames);
    const name = fc.oneof(
      fc.constantFrom(...target.photoNames),
      fc.constantFrom(...target.photoNames).map((file) => file.toUpperCase()),
      fc.constantFrom(...target.photoNames).map((file) => `${file}%00.png`),
      fc.constantFrom(...target.photoNames).map((file) => `..%2F${file}`),
      fc.constantFrom('..%2Fkerro.sqlite', '%2e%2e%2fkerro.sqlite', '..%5Cproxy-api-key', '.', '..', '%2e', 'kerro.sqlite', '.readyz.tmp'),
      hostileSegment.map(percentEncode),
    );
    await run(
      fc.asyncProperty(
        fc.record({
          method: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('GET', 'HEAD') }, { weight: 1, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'OPTIONS') }),
          prefix: fc.constantFrom('/media/', '/media/', '/media//', '/media/../media/', '/media/%2e%2e/', '/MEDIA/'),
          name,
          etag: fc.option(fc.oneof(hostileText, fc.constantFrom('*', 'W/"x"')), { freq: 4 }),
          range: fc.option(fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=99999999-', 'bytes=a-b', 'bytes=0-1,2-3'), { freq: 4 }),
        }),
        async ({ method, prefix, name: fileName, etag, range }) => {
          const headers: Record<string, string> = {};
          if (etag !== null && sendableHeader(etag)) headers['if-none-match'] = etag;
          if (range !== null) headers.range = range;
          const url = `${prefix}${fileName}`;
          // app.inject resolves dot segments as a browser would; the name the route sees is what counts.
          const pathname = new URL(url, 'http://kerro.test').pathname;
          const routed = /^\/media\/([^/]+)$/.exec(pathname)?.[1];
          let servedName: string | undefined;
          try {
            servedName = routed === undefined ? undefined : decodeURIComponent(routed);
          } catch {
            servedName = undefined;
          }
          await expectAnswer('media', { method: method as InjectOptions['method'], url, headers }, (answer) =>
            checkMediaAnswer(answer, method, stored, servedName, !/^\/media\//i.test(pathname)),
          );
        },
      ),
      1000,
    );
    await expectServerUp();
  });
});

// ---------------------------------------------------------------- counters

describe('counters API under hostile input', () => {
  const counterParams = ['format', 'page', 'page_size', 'source', 'municipality_code', 'latitude', 'longitude', 'distance'];
  it('answers the page, a redirect, or {"detail"} (or the browsable error page), CORS open', async () => {
    const path = fc.oneof(
      fc.constantFrom('/api/counters/', '/api/counters/', '/api/counters'),
      fc.constantFrom(...target.counterIds.slice(0, 5)).map((id) => `/api/counters/${id}/`),
      fc.constantFrom(...target.counterIds.slice(0, 5)).map((id) => `/api/counters/${id}`),
      hostileSegment.map((segment) => `/api/counters/${percentEncode(segment)}/`),
      hostileNumber.map((segment) => `/api/counters/${percentEncode(segment)}/`),
    );
    const format = fc.option(fc.constantFrom('json', 'api', 'csv', 'JSON', 'xml', ''), { freq: 2 });
    await run(
      fc.asyncProperty(
        fc.record({ method: methods, path, format, params: paramsOf(counterParams), junk: fc.option(brokenEscapes), requestHeaders: fc.option(hostileText, { freq: 5 }), host: hostHeader }),
        async ({ method, path: counterPath, format: chosenFormat, params, junk, requestHeaders, host }) => {
          const pairs: RawPairs = chosenFormat === null ? params : [...params, ['format', chosenFormat]];
          const url = `${counterPath}?${queryString(pairs, junk ?? undefined)}`;
          const headers: Record<string, string> = {};
          if (method === 'OPTIONS' && requestHeaders !== null && sendableHeader(requestHeaders)) {
            headers['access-control-request-headers'] = requestHeaders;
          }
          await expectAnswer('counters', { method, url, headers: withHost(headers, host) }, (answer) =>
            method === 'HEAD' || method === 'OPTIONS' ? (answer.statusCode >= 500 ? `${method} ${answer.statusCode}` : undefined) : checkCountersAnswer(answer),
          );
        },
      ),
      1800,
    );
    await expectServerUp();
  });
});

// ---------------------------------------------------------------- proxy

describe('proxy under hostile input (embedded upstreams over loopback HTTP)', () => {
  // Node's HTTP server refuses request heads over 16 KB before any handler runs; app.inject does
  // not, so generated URLs stay below what could reach the proxy in real life.
  const short = (text: string) => text.length < 8000;

  it('GeoReport reads through the proxy keep the GeoReport error format', async () => {
    await run(
      fc.asyncProperty(
        fc.record({ resource: geoReportResource(), suffix: suffixes, params: paramsOf(geoReportParams), junk: fc.option(brokenEscapes) }),
        async ({ resource, suffix, params, junk }) => {
          const url = `/proxy/open311/v1/${resource}${suffix}?${queryString(params, junk ?? undefined)}`;
          fc.pre(short(url));
          await expectAnswer('proxy-georeport-read', { method: 'GET', url }, (answer) => checkGeoReportAnswer(answer, url));
        },
      ),
      600,
    );
  });

  it('submissions through the proxy: refused in format, or forwarded and stored', async () => {
    const fields = fc
      .array(
        fc.tuple(
          fc.constantFrom('service_code', 'description', 'title', 'lat', 'long', 'email', 'phone', 'first_name', 'media_url', 'api_key', 'attribute[POLE]', 'service_object_id', 'service_object_type'),
          anyValue,
        ),
        { maxLength: 6 },
      )
      .map((overrides): RawPairs => {
        const names = new Set<string>(overrides.map(([name]) => name));
        const base: RawPairs = [['service_code', '171'], ['description', 'Graffiti on the underpass wall again'], ['lat', '60.2'], ['long', '24.9']];
        return [...base.filter(([name]) => !names.has(name)), ...overrides];
      });
    await run(
      fc.asyncProperty(
        fc.record({ format: fc.constantFrom('json', 'xml'), multipart: fc.boolean(), fields, uploads: fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 2 }), damage: bodyDamage }),
        async ({ format, multipart, fields: pairs, uploads: chosen, damage }) => {
          const url = `/proxy/open311/v1/requests.${format}`;
          const body = multipart
            ? damagedMultipart(multipartBody(pairs, chosen.map((index) => ({ field: 'media[]', fileName: 'photo.jpg', contentType: 'image/jpeg', data: files[index % files.length]!.data }))), damage)
            : urlencodedBody(pairs);
          const answer = await expectAnswer('proxy-georeport-create', { method: 'POST', url, ...body }, (response) => checkGeoReportAnswer(response, url));
          const id = createdIdOf(answer);
          if (id) target.created.add(id);
        },
      ),
      600,
    );
  });

  it('counters through the proxy: pages, or {"detail"} errors', async () => {
    await run(
      fc.asyncProperty(
        fc.record({
          path: fc.oneof(fc.constantFrom('', '/', `/${target.counterIds[0]}/`), hostileSegment.map((segment) => `/${percentEncode(segment)}/`)),
          params: paramsOf(['format', 'page', 'page_size', 'source', 'municipality_code', 'latitude', 'longitude', 'distance']),
          junk: fc.option(brokenEscapes),
        }),
        async ({ path, params, junk }) => {
          const url = `/proxy/counters${path}?${queryString(params, junk ?? undefined)}`;
          fc.pre(short(url));
          await expectAnswer('proxy-counters', { method: 'GET', url }, (answer) =>
            String(answer.headers['content-type'] ?? '').startsWith('text/html') && answer.statusCode < 500 ? undefined : checkDetailError(answer),
          );
        },
      ),
      500,
    );
  });

  it('service-object search: results, or GeoReport errors', async () => {
    await run(
      fc.asyncProperty(paramsOf(['q', 'lat', 'long', 'radius', 'limit', 'locale']), fc.option(brokenEscapes), async (params, junk: string | null) => {
        const url = `/proxy/service-objects?${queryString(params, junk ?? undefined)}`;
        await expectAnswer('proxy-service-objects', { method: 'GET', url }, (answer) => checkGeoReportAnswer(answer, url));
      }),
      500,
    );
    await expectServerUp();
  });
});

// ---------------------------------------------------------------- moderation

describe('moderation API under hostile input', () => {
  type Auth = 'none' | 'cookie' | 'cookie+csrf' | 'cookie+wrong csrf' | 'cookie+csrf+foreign origin' | 'forged cookie';

  it('answers {"error"} for everything it refuses, and refuses everyone without a session and token', async () => {
    const id = fc.oneof(fc.constantFrom(...target.requestIds), hostileSegment.map(percentEncode));
    const endpoint = fc.oneof(
      fc.constantFrom<[string, string]>(['GET', '/queue'], ['GET', '/requests'], ['GET', '/audit'], ['GET', '/session'], ['POST', '/session'], ['GET', '/nope']),
      id.map((value): [string, string] => ['GET', `/requests/${value}`]),
      id.map((value): [string, string] => ['POST', `/requests/${value}/publish`]),
      id.map((value): [string, string] => ['POST', `/requests/${value}/reject`]),
      id.map((value): [string, string] => ['PATCH', `/requests/${value}`]),
      id.map((value): [string, string] => ['POST', `/requests/${value}/status`]),
      fc.tuple(id, hostileNumber).map(([value, position]): [string, string] => ['DELETE', `/requests/${value}/media/${percentEncode(position)}`]),
      fc.tuple(methods, hostileSegment).map(([method, segment]): [string, string] => [method, `/${percentEncode(segment)}`]),
    );
    const plausibleBody = fc.record(
      {
        name: hostileText,
        password: hostileText,
        title: fc.oneof(hostileText, fc.constant(null)),
        description: hostileText,
        reason: fc.oneof(hostileText, fc.constant(null)),
        detailed_status: fc.oneof(fc.array(fc.oneof(fc.constantFrom('RECEIVED', 'IN_PROCESS', 'PROCESSED', 'PUBLIC_WORKS_COMPLETED', 'ARCHIVED', 'REJECTED'), hostileText), { maxLength: 4 }), hostileText),
        status_notes: hostileText,
        extra: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.constant<{ payload?: string; type?: string }>({}),
      plausibleBody.map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
      fc.jsonValue().map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
      fc.constantFrom('{', '{"title":', '[1,2', '"\\ud800"', '{"__proto__":{"x":1}}', 'null', 'x'.repeat(70_000)).map((payload) => ({ payload, type: 'application/json' })),
      hostileText.map((payload) => ({ payload, type: 'text/plain' })),
      hostileText.map((payload) => ({ payload, type: 'application/x-www-form-urlencoded' })),
    );
    const auth = fc.constantFrom<Auth>('none', 'cookie', 'cookie+csrf', 'cookie+csrf', 'cookie+wrong csrf', 'cookie+csrf+foreign origin', 'forged cookie');
    await run(
      fc.asyncProperty(fc.record({ endpoint, body, auth, params: paramsOf(['limit', 'after', 'before', 'state', 'locale']) }), async ({ endpoint: [method, path], body: sent, auth: who, params }) => {
        // Signing out would end the session the rest of the run uses.
        fc.pre(!(method === 'DELETE' && path === '/session'));
        const headers: Record<string, string> = {};
        if (who.startsWith('cookie')) headers.cookie = target.moderator.cookie;
        if (who === 'forged cookie') headers.cookie = 'kerro_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
        if (who.includes('+csrf')) headers['x-csrf-token'] = target.moderator.csrfToken;
        if (who === 'cookie+wrong csrf') headers['x-csrf-token'] = `${target.moderator.csrfToken}x`;
        if (who === 'cookie+csrf+foreign origin') headers.origin = 'https://evil.example';
        if (sent.type) headers['content-type'] = sent.type;
        const url = `/moderation/api${path}?${queryString(params)}`;
        const options: InjectOptions = { method: method as InjectOptions['method'], url, headers, payload: sent.payload };
        const answer = await expectAnswer('moderation', options, (response) =>
          method === 'HEAD' ? (response.statusCode >= 500 ? `HEAD ${response.statusCode}` : undefined) : checkModerationAnswer(response),
        );
        const signedIn = who.startsWith('cookie');
        const mayWrite = who === 'cookie+csrf';
        const isSessionEndpoint = path === '/session';
        if (answer.statusCode < 300 && !isSessionEndpoint) {
          if (!signedIn) throw new Error(`answered ${answer.statusCode} without a session: ${describeRequest(options)}`);
          if (method !== 'GET' && method !== 'HEAD' && !mayWrite) throw new Error(`a write answered ${answer.statusCode} without the CSRF token: ${describeRequest(options)}`);
        }
        if (method !== 'GET' && method !== 'HEAD' && target.requestIds.some((id) => path.includes(id))) {
          moderationWrites.push(`${answer.statusCode} ${who} ${method} ${path} ${answer.body.slice(0, 120)}`);
        }
        if (answer.statusCode < 300 && method !== 'GET' && method !== 'HEAD') {
          const changedId = /^\/requests\/([^/]+)/.exec(path)?.[1];
          if (changedId) target.changed.add(decodeURIComponent(changedId));
        }
      }),
      1500,
    );
    await expectServerUp();
  });
});

// ---------------------------------------------------------------- afterwards

describe('after all the hostile input', () => {
  it('the server is up, its heap bounded, and refused requests changed nothing stored', async () => {
    await expectServerUp();
    const growth = heapUsed() - target.heapBefore;
    console.log(`[fuzz] heap after GC grew by ${(growth / 1024 / 1024).toFixed(1)} MB; rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
    expect(growth).toBeLessThan(64 * 1024 * 1024);
    // No decompression bomb was ever decoded: the whole test process stays well under the machine's memory.
    expect(process.memoryUsage().rss).toBeLessThan(1536 * 1024 * 1024);
    const after = await snapshotStore(target.t);
    const problems = unexplainedChanges(target.before, after, { created: target.created, changed: target.changed });
    expect(problems.slice(0, 20), `moderation writes to real requests:\n${moderationWrites.join('\n')}`).toEqual([]);
    // The accepted ones are really there: valid input still works after all this.
    for (const id of [...target.created].slice(0, 50)) {
      const answer = await target.t.app.inject({ url: `/open311/v1/requests/${id}.json` });
      expect(answer.statusCode, id).toBe(200);
    }
    expect(target.created.size).toBeGreaterThan(0);
    expect(hostileLiterals.length).toBeGreaterThan(50);
  });
});
