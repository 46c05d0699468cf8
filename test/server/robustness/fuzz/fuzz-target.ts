import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { generateDemoCounters } from '../../../../src/server/counters/demo-data';
import { lightPasswordHash } from '../../../helpers/light-password-hash';
import { addKaivopuistoPark, createTestApp, publish, type TestApp } from '../../../helpers/georeport-app';
import { multipartBody, urlencoded, validReport } from '../../georeport/form';
import type { Answer } from './answer-checks';
import { snapshotStore, type StoreSnapshot } from './store-snapshot';

/** The limits the fuzzed server runs with: small, so "too large" and "too many" are cheap to reach. */
export const fuzzEnv = {
  PROXY_POSTS_PER_MINUTE: '10000',
  COUNTER_AREA_SEARCHES_PER_MINUTE: '10000',
  MEDIA_MAX_FILE_BYTES: String(256 * 1024),
  MEDIA_MAX_FILES: '3',
  MEDIA_MAX_PIXELS: String(4_000_000),
};

export interface FuzzTarget {
  t: TestApp;
  /** Published and pending requests and their photos, made before fuzzing. */
  requestIds: string[];
  photoNames: string[];
  counterIds: number[];
  moderator: { cookie: string; csrfToken: string };
  created: Set<string>;
  changed: Set<string>;
  before: StoreSnapshot;
  heapBefore: number;
  /** Requests sent so far, by area. */
  sent: Map<string, number>;
  send(area: string, options: InjectOptions): Promise<Answer>;
  close(): Promise<void>;
}

/** A garbage collector to call before measuring the heap (vitest does not start node with --expose-gc). */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

export function heapUsed(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** The id in a 200 answer to a create, JSON or XML. */
export function createdIdOf(answer: Answer): string | undefined {
  if (answer.statusCode !== 200) return undefined;
  return /"service_request_id":"([^"]+)"|<service_request_id>([^<]+)<\/service_request_id>/.exec(answer.body)?.slice(1).find(Boolean);
}

export async function createFuzzTarget(): Promise<FuzzTarget> {
  const t = await createTestApp(fuzzEnv, { listen: true });
  await addKaivopuistoPark(t);
  const counters = generateDemoCounters(t.clock.now, 120);
  await t.repositories.counters.upsertMany(counters);

  const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#468' } }).jpeg().toBuffer();
  const requestIds: string[] = [];
  for (let index = 0; index < 6; index += 1) {
    const fields = { ...validReport, api_key: t.apiKey, description: `Seeded report ${index} before fuzzing`, email: `seed${index}@example.org` };
    const body = index % 2 === 0 ? await multipartBody(fields, [{ fileName: 'p.jpg', type: 'image/jpeg', data: photo }]) : urlencoded(fields);
    const answer = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...body });
    if (answer.statusCode !== 200) throw new Error(`seeding failed: ${answer.body}`);
    const id = (answer.json() as { service_request_id: string }[])[0]!.service_request_id;
    requestIds.push(id);
    if (index < 4) await publish(t, id);
  }
  const photoNames = (await t.sql.all<{ file_name: string }>('SELECT file_name FROM request_media')).map((row) => row.file_name);

  await t.repositories.moderation.createModerator('fuzzer', await lightPasswordHash('fuzzing is fun, really'), t.clock.now);
  const login = await t.app.inject({ method: 'POST', url: '/moderation/api/session', payload: { name: 'fuzzer', password: 'fuzzing is fun, really' } });
  if (login.statusCode !== 200) throw new Error(`moderator sign-in failed: ${login.body}`);
  const cookie = [login.headers['set-cookie']].flat().find((value) => value?.startsWith('kerro_session='))!.split(';')[0]!;
  const { csrfToken } = login.json() as { csrfToken: string };

  const sent = new Map<string, number>();
  const before = await snapshotStore(t);
  const heapBefore = heapUsed();
  return {
    t,
    requestIds,
    photoNames,
    counterIds: counters.map((counter) => counter.id),
    moderator: { cookie, csrfToken },
    created: new Set(),
    changed: new Set(),
    before,
    heapBefore,
    sent,
    async send(area, options) {
      sent.set(area, (sent.get(area) ?? 0) + 1);
      const response = await t.app.inject(options);
      return { statusCode: response.statusCode, headers: response.headers, body: response.body };
    },
    close: () => t.close(),
  };
}
