/**
 * The harness of the case-system tests (issue 27, "Tested for real"): a second Kerro instance is
 * the body's case system, reached over real HTTP by the first instance's sender and poller, each
 * a separate process. Everything here waits for states through the instances' own APIs (or the
 * admin command line an operator runs), with a deadline, never for a fixed time.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, vi } from 'vitest';
import type { ServiceRequest } from '../../src/shared/georeport/types';
import { projectRoot } from '../helpers/project-root';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { multipartBody } from '../server/georeport/form';
import { parseMail } from '../server/notify/mime';
import { readMail } from '../server/notify/multipart';
import { adminCli } from './admin-cli';

export const moderatorName = 'maija';
const moderatorPassword = 'correct horse battery staple';

/** A point in the demo Helsinki body's area, and a type Helsinki handles (on both instances). */
export const helsinkiPlace = { lat: '60.1699', long: '24.9384' };
export const potholeCode = '171';

/** Each test file starts two or three servers; on a machine shared with other work one may take a while. */
export const startupTimeoutMs = 60_000;

export interface ModeratorSession {
  cookie: string;
  csrf: string;
}

/** Polls `probe` until it returns without throwing; its last error is the failure when the deadline passes. */
export function waitFor<T>(probe: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  return vi.waitFor(probe, { timeout: timeoutMs, interval: 250 });
}

/** A fresh temporary directory, removed by the returned function. */
export function temporaryDirectory(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** The admin command line on an instance's data directory (and database, when it has one). */
export function adminOn(server: Pick<KerroServer, 'dataDir'>, args: string[], env: Record<string, string> = {}, input?: string): string {
  return adminCli(args, { DATA_DIR: server.dataDir, ...env }, input);
}

export function addModerator(server: Pick<KerroServer, 'dataDir'>, env: Record<string, string> = {}): void {
  adminOn(server, ['moderator', 'add', moderatorName, '--admin', '--password-stdin'], env, moderatorPassword);
}

export async function signIn(server: KerroServer): Promise<ModeratorSession> {
  const response = await fetch(`${server.baseUrl}/moderation/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: moderatorName, password: moderatorPassword }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie: response.headers.get('set-cookie')!.split(';')[0]!, csrf: csrfToken };
}

/** A moderation action (publish, status, …) as the console sends it; answers the request as it is now. */
export async function moderate(server: KerroServer, session: ModeratorSession, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}/moderation/api/${path}`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

interface ModerationItem {
  service_request_id: string;
  moderation: 'pending' | 'published' | 'rejected';
  public: ServiceRequest;
  private: { email: string | null };
  media: unknown[];
  /** Its send to the body's case system, as the console shows it (absent or null for a `console` body). */
  forward?: { state: 'pending' | 'sent' | 'failed'; attempts: number; last_error: string | null; remote_id: string | null } | null;
}

/** A request as the moderation console sees it. */
export async function moderationDetail(server: KerroServer, session: ModeratorSession, id: string): Promise<ModerationItem> {
  const response = await fetch(`${server.baseUrl}/moderation/api/requests/${id}`, { headers: { cookie: session.cookie } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ModerationItem;
}

/**
 * The case system's reports whose description is `description`, in every moderation state: the
 * newest 200 of each list hold every report a test made (the demo data has fewer).
 */
export async function caseSystemReports(caseSystem: KerroServer, session: ModeratorSession, description: string): Promise<ModerationItem[]> {
  const lists = await Promise.all(
    (['pending', 'published', 'rejected'] as const).map(async (state) => {
      const response = await fetch(`${caseSystem.baseUrl}/moderation/api/requests?state=${state}&limit=200`, { headers: { cookie: session.cookie } });
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { items: ModerationItem[] }).items;
    }),
  );
  return lists.flat().filter((item) => item.public.description === description);
}

/** Waits until the case system holds a report with this description, and answers it; fails if there are two. */
export async function waitForCaseSystemReport(caseSystem: KerroServer, session: ModeratorSession, description: string, timeoutMs = 20_000) {
  const reports = await waitFor(async () => {
    const found = await caseSystemReports(caseSystem, session, description);
    expect(found.length, `reports in the case system described "${description}"`).toBeGreaterThan(0);
    return found;
  }, timeoutMs);
  expect(reports).toHaveLength(1);
  return reports[0]!;
}

/** A request as the public GeoReport API answers it, with Kerro's extensions (history). */
export async function publicRequest(server: KerroServer, id: string): Promise<ServiceRequest> {
  const response = await fetch(`${server.baseUrl}/open311/v1/requests/${id}.json?extensions=true`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as ServiceRequest[])[0]!;
}

/**
 * A report made as the web app makes it: through the instance's proxy (which holds the key), as
 * multipart with a photo and an Idempotency-Key. Answers its id.
 */
export async function reportThroughProxy(server: KerroServer, fields: { description: string; email?: string }): Promise<string> {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c63' } }).jpeg().toBuffer();
  const form = await multipartBody(
    { service_code: potholeCode, ...helsinkiPlace, description: fields.description, ...(fields.email ? { email: fields.email } : {}) },
    [{ fileName: 'pothole.jpg', type: 'image/jpeg', data: photo }],
  );
  const response = await fetch(`${server.baseUrl}/proxy/open311/v1/requests.json`, {
    method: 'POST',
    headers: { ...form.headers, 'idempotency-key': `"${randomUUID()}"` },
    body: new Uint8Array(form.payload),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { service_request_id: string }[])[0]!.service_request_id;
}

/**
 * Writes a bodies file holding the demo's Helsinki body (same id, area and service types, so an
 * import replaces it) with the given `send`, and imports it with the admin command line.
 */
export function importHelsinkiSending(server: Pick<KerroServer, 'dataDir'>, send: Record<string, unknown>, env: Record<string, string> = {}): string {
  const demo = JSON.parse(readFileSync(join(projectRoot, 'src/server/demo/capital-region-bodies.geojson'), 'utf8')) as {
    features: { properties: { id: string; send?: unknown } }[];
  };
  const helsinki = demo.features.find((feature) => feature.properties.id === 'helsinki')!;
  const directory = temporaryDirectory('kerro-bodies-');
  try {
    const file = join(directory.path, 'bodies.geojson');
    writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [{ ...helsinki, properties: { ...helsinki.properties, send } }] }));
    return adminOn(server, ['bodies', 'import', file], env);
  } finally {
    directory.remove();
  }
}

export interface CaseSystem {
  server: KerroServer;
  /** The key the first instance's body sends with (from `apikey create` on the case system). */
  apiKey: string;
  session: ModeratorSession;
  /** Stops it by its PID (SIGTERM), keeping its data directory. */
  goDown: () => Promise<void>;
  /** Starts it again on the same data directory and port, where the first instance's body points. */
  comeBack: () => Promise<void>;
  /** Stops it by its PID and removes its data directory. */
  stop: () => Promise<void>;
}

/**
 * Instance B, the case system: an ordinary Kerro (SQLite, demo data) with its own API key and
 * its own moderator, on a data directory of its own so it can be stopped and started again.
 */
export async function startCaseSystem(): Promise<CaseSystem> {
  const dataDir = temporaryDirectory('kerro-case-system-');
  const server = await startKerroServer({ dataDir: dataDir.path, startupTimeoutMs });
  addModerator(server);
  const caseSystem: CaseSystem = {
    server,
    apiKey: adminOn(server, ['apikey', 'create', 'kerro-forwarding']).trim().split('\n').at(-1)!,
    session: await signIn(server),
    goDown: () => caseSystem.server.stop(),
    comeBack: async () => {
      caseSystem.server = await startKerroServer({ dataDir: dataDir.path, port: caseSystem.server.port, startupTimeoutMs });
      caseSystem.session = await signIn(caseSystem.server);
    },
    stop: async () => {
      await caseSystem.server.stop();
      dataDir.remove();
    },
  };
  return caseSystem;
}

/** The settings a forwarding instance A runs with: its body's key named by CASE_KEY, polled as often as the poller allows (5 s). */
export const forwardingEnv = (caseSystem: CaseSystem): Record<string, string> => ({
  CASE_KEY: caseSystem.apiKey,
  CASE_SYSTEM_POLL_SECONDS: '5',
});

/** The send settings of a body whose case system is `caseSystem`. */
export const open311Send = (caseSystem: CaseSystem) => ({ method: 'open311', endpoint: `${caseSystem.server.baseUrl}/open311/v1`, api_key_env: 'CASE_KEY' });

/** A received email's subject and text (its plain part when it has several), decoded. */
export function mailContent(raw: string): { subject: string; text: string } {
  const whole = parseMail(raw);
  const multipart = /^multipart\//i.test(whole.headers.get('content-type') ?? '');
  return { subject: whole.headers.get('subject') ?? '', text: multipart ? readMail(raw).plain : whole.text };
}
