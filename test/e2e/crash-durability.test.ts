import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { canStartFromTemplate, copyOfSeededData } from '../helpers/seeded-data';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { Pool } from 'undici';
import { describe, expect, it } from 'vitest';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { multipartBody, urlencoded } from '../server/georeport/form';
import { readProxyApiKey } from '../helpers/proxy-key';

/**
 * Crash durability: the real server (its own process) takes up to 700 submissions over 32 concurrent
 * connections, a tenth of them with a photo, and is killed with SIGKILL after N answers — no
 * shutdown code runs. Restarted on the same DATA_DIR, every submission that had been answered with
 * a service_request_id must be there, whole (fields and photo), and the database must be intact.
 * Three runs, each killed at a different, random moment (printed, and fixed with KERRO_CRASH_KILL_AFTER=a,b,c).
 */

const submissionCount = 700;
const connections = 32;
const photoEvery = 10;
// Early, middle and late in a run, each with 32 submissions in flight. The late one ended at up to
// 900 answers and took 75 s of the suite's longest file; a kill at 650 meets the same states.
const killRanges: [number, number][] = [
  [60, 200],
  [220, 400],
  [420, 650],
];

interface Submission {
  index: number;
  description: string;
  title: string;
  lat: string;
  long: string;
  photo: boolean;
}

interface StoredRequest {
  service_request_id: string;
  service_code: string;
  description: string;
  lat: string;
  long: string;
  extended_attributes: { title?: string; media_urls: string[] };
}

const env = { PROXY_POSTS_PER_MINUTE: '10000', LOG_LEVEL: 'warn' };

function killPoints(): number[] {
  const fixed = process.env.KERRO_CRASH_KILL_AFTER?.split(',').map(Number);
  if (fixed && fixed.length === killRanges.length && fixed.every(Number.isInteger)) return fixed;
  return killRanges.map(([low, high]) => low + Math.floor(Math.random() * (high - low)));
}

function submissionsFor(run: number): Submission[] {
  return Array.from({ length: submissionCount }, (_, index) => ({
    index,
    // Unicode and markup-looking text: stored and given back exactly.
    description: `Crash run ${run}, report ${index}: kuoppa Ääkkösellä, 5 < 6 & "quoted" ✓ ${'x'.repeat(index % 50)}`,
    title: `Crash ${run}-${index}`,
    lat: (60.15 + (index % 100) / 1000).toFixed(6),
    long: (24.9 + Math.floor(index / 100) / 1000).toFixed(6),
    photo: index % photoEvery === 0,
  }));
}

/** Sends every submission until the server dies; returns the ids answered, by submission index. */
async function submitUntilKilled(
  server: KerroServer,
  submissions: Submission[],
  killAfter: number,
  form: (submission: Submission) => Promise<{ payload: string | Buffer; headers: Record<string, string> }>,
): Promise<{ answered: Map<number, string>; refused: string[] }> {
  const pool = new Pool(server.baseUrl, { connections, pipelining: 1 });
  const answered = new Map<number, string>();
  const refused: string[] = [];
  let next = 0;
  let killed = false;
  const send = async (submission: Submission) => {
    const { payload, headers } = await form(submission);
    const response = await pool.request({ method: 'POST', path: '/open311/v1/requests.json', headers, body: payload });
    return { statusCode: response.statusCode, text: await response.body.text() };
  };
  // One photo alone first: the server's first image decode is slow, and every run should have
  // photos among the answered submissions, whenever the kill comes.
  const warmUp = await send(submissions[next++]!);
  if (warmUp.statusCode !== 200) refused.push(`${warmUp.statusCode} ${warmUp.text}`);
  else answered.set(0, (JSON.parse(warmUp.text) as { service_request_id: string }[])[0]!.service_request_id);
  const worker = async () => {
    while (!killed && next < submissions.length) {
      const submission = submissions[next++]!;
      try {
        const { statusCode, text } = await send(submission);
        if (statusCode !== 200) {
          refused.push(`${statusCode} ${text}`);
          continue;
        }
        const id = (JSON.parse(text) as { service_request_id: string }[])[0]!.service_request_id;
        answered.set(submission.index, id);
        if (answered.size === killAfter && !killed) {
          killed = true;
          process.kill(server.pid, 'SIGKILL');
        }
      } catch (error) {
        // After the kill the connection dies with the server: that submission was never answered.
        if (!killed) refused.push(`submission ${submission.index} failed before the kill: ${String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  await pool.destroy();
  return { answered, refused };
}

async function fetchJson<T>(url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T };
}

describe('crash durability', () => {
  it('keeps every answered submission, whole, through SIGKILL at three different moments', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a33' } }).jpeg().toBuffer();
    const points = killPoints();
    console.log(`[crash] kill after ${points.join(', ')} answers (KERRO_CRASH_KILL_AFTER=${points.join(',')} repeats this)`);

    for (const [run, killAfter] of points.entries()) {
      const started = Date.now();
      // Seeded already (the run's template) where it can be: the kills, not the seeding, are the test.
      const dataDir = canStartFromTemplate(env) ? copyOfSeededData() : mkdtempSync(join(tmpdir(), 'kerro-crash-'));
      try {
        const first = await startKerroServer({ dataDir, env });
        const apiKey = await readProxyApiKey({ DATA_DIR: dataDir });
        const services = await fetchJson<{ service_code: string }[]>(`${first.baseUrl}/open311/v1/services.json`);
        const serviceCode = services.body[0]!.service_code;
        const submissions = submissionsFor(run);
        const form = async (submission: Submission) => {
          const fields = {
            api_key: apiKey,
            service_code: serviceCode,
            description: submission.description,
            title: submission.title,
            lat: submission.lat,
            long: submission.long,
            email: `crash-${run}-${submission.index}@example.org`,
          };
          return submission.photo
            ? multipartBody(fields, [{ fileName: `photo-${submission.index}.jpg`, type: 'image/jpeg', data: photo }])
            : urlencoded(fields);
        };

        const { answered, refused } = await submitUntilKilled(first, submissions, killAfter, form);
        const ended = await first.exited;
        expect(ended.signal, first.output()).toBe('SIGKILL');
        expect(refused, 'no submission may be refused before the kill').toEqual([]);
        expect(answered.size).toBeGreaterThanOrEqual(killAfter);
        expect([...answered.keys()].some((index) => submissions[index]!.photo)).toBe(true);

        const second = await startKerroServer({ dataDir, env });
        try {
          const problems: string[] = [];
          const entries = [...answered.entries()];
          const check = async ([index, id]: [number, string]) => {
            const submission = submissions[index]!;
            const detail = await fetchJson<StoredRequest[]>(`${second.baseUrl}/open311/v1/requests/${id}.json?extensions=true`);
            const stored = detail.body[0];
            if (detail.status !== 200 || !stored) return problems.push(`${id} (submission ${index}) is missing: ${detail.status}`);
            const expected = {
              service_code: serviceCode,
              description: submission.description,
              lat: String(Number(submission.lat)),
              long: String(Number(submission.long)),
              title: submission.title,
              photos: submission.photo ? 1 : 0,
            };
            const actual = {
              service_code: stored.service_code,
              description: stored.description,
              lat: String(Number(stored.lat)),
              long: String(Number(stored.long)),
              title: stored.extended_attributes.title,
              photos: stored.extended_attributes.media_urls.length,
            };
            if (JSON.stringify(actual) !== JSON.stringify(expected)) {
              return problems.push(`${id}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
            }
            for (const url of stored.extended_attributes.media_urls) {
              const image = await fetch(url.replace(/^https?:\/\/[^/]+/, second.baseUrl));
              const bytes = Buffer.from(await image.arrayBuffer());
              const metadata = image.status === 200 ? await sharp(bytes).metadata().catch(() => undefined) : undefined;
              if (image.headers.get('content-type') !== 'image/jpeg' || metadata?.width !== 64 || metadata.height !== 48) {
                problems.push(`${id}: photo ${url} is not the image sent (${image.status}, ${bytes.length} bytes)`);
              }
            }
            return undefined;
          };
          for (let start = 0; start < entries.length; start += 16) await Promise.all(entries.slice(start, start + 16).map(check));
          expect(problems, problems.slice(0, 10).join('\n')).toEqual([]);
        } finally {
          await second.stop();
        }
        const ended2 = await second.exited;
        expect(ended2.code, second.output()).toBe(0);

        const db = new Database(join(dataDir, 'kerro.sqlite'), { readonly: true });
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          const ids = new Set((db.prepare('SELECT service_request_id FROM service_requests').all() as { service_request_id: string }[]).map((row) => row.service_request_id));
          const missing = [...answered.values()].filter((id) => !ids.has(id));
          expect(missing).toEqual([]);
          // Every stored photo row, answered or not, points at a file that survived the crash.
          const files = db.prepare('SELECT file_name FROM request_media').all() as { file_name: string }[];
          expect(files.filter((row) => !existsSync(join(dataDir, 'media', row.file_name)))).toEqual([]);
          const answeredPhotos = [...answered.keys()].filter((index) => submissions[index]!.photo).length;
          const stored = (db.prepare("SELECT count(*) AS n FROM service_requests WHERE description LIKE 'Crash run %'").get() as { n: number }).n;
          console.log(
            `[crash] run ${run + 1}: killed after ${killAfter} answers (${answered.size} answered in all, ${answeredPhotos} with a photo), ` +
              `${stored} of the submissions stored, ${files.length} photos, ${((Date.now() - started) / 1000).toFixed(1)} s`,
          );
        } finally {
          db.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }, 240_000);
});
