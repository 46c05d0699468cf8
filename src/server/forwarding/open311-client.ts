/**
 * Kerro as a GeoReport v2 client of a body's case system: POST a report (multipart, photos as
 * media[]), look a report up before resending one whose answer was lost, and POST an update
 * to mySociety's servicerequestupdates (a reporter's reopen).
 *
 * Every failure is a CaseSystemError saying what the sender should do: `retry` (the case system
 * certainly did not take it: connection refused, 408/429, no key), `uncertain` (it may have: a
 * timeout, a reset, a 5xx, a 2xx that is no GeoReport answer) or `refused` (a 4xx: sending the
 * same again cannot help). Its message names what happened, never the key, the endpoint's query
 * string, or anything of the report.
 */
import { withoutSecrets } from '../http/known-secrets';
import { z } from 'zod';
import { refusalReason } from './refusal-reason';
import type { MediaStore, ServiceRequestRecord } from '../storage/repositories/types';
import { caseSystemTimeoutMs as timeoutMs } from './leases';
import type { FailureKind } from './senders/sender';

export class CaseSystemError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** The case system's Retry-After, when it gave one: the next attempt waits at least this long. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'CaseSystemError';
  }
}

/** The reporter's fields a body may ask its case system to get. */
export const contactFields = ['email', 'first_name', 'last_name', 'phone'] as const;
export type ContactField = (typeof contactFields)[number];

export interface Open311Target {
  /** The GeoReport v2 root, without a trailing slash. */
  endpoint: string;
  apiKey: string;
  jurisdictionId?: string;
  contactFields: readonly ContactField[];
  /** `?extensions=` of the POST (e.g. citysdk, media): some case systems keep a title or photos only with them. */
  extensions: readonly string[];
  /** The multipart field photos are uploaded in (`media[]` by default; issue-reporting takes `media`). */
  photoField: string;
  /** Photos as uploads, or as `media_url` links to Kerro's own public copies (from this base URL). */
  photos: { as: 'upload' } | { as: 'media_url'; baseUrl: string };
}

/** Error codes of a connection that never got as far as sending the request. */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** What fetch threw, as a CaseSystemError: only a connection never made is certainly not sent. */
function networkFailure(error: unknown): CaseSystemError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return new CaseSystemError('uncertain', `no answer within ${timeoutMs / 1000} s`);
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : 'connection failed';
  return new CaseSystemError(notSentCodes.has(code) ? 'retry' : 'uncertain', `could not reach the case system (${code})`);
}

async function call(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    throw networkFailure(error);
  }
}

const created = z.array(z.object({ service_request_id: z.union([z.string().min(1), z.number()]) }).loose()).min(1);

/**
 * The status and what the case system said, in whatever error shape (refusal-reason.ts): it goes
 * into last_error, the moderator's console, the admin's output and the logs, so the key is taken
 * out of it (a case system may quote the key it refused).
 */
async function describeRefusal(response: Response, target: Open311Target): Promise<string> {
  const text = withoutSecrets(await response.text().catch(() => ''), [target.apiKey]);
  const said = refusalReason(text, response.headers.get('content-type'));
  return `HTTP ${response.status}${said ? `: ${said}` : ''}`;
}

/** Longer than any case system's maintenance window is worth waiting out in one step. */
const longestRetryAfterMs = 24 * 3_600_000;

/** Retry-After in seconds or as an HTTP date, bounded; undefined when absent or unreadable. */
function retryAfterOf(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, longestRetryAfterMs) : undefined;
}

/**
 * Not taken, and worth trying again: a timeout (408), too many requests (429), and a case system
 * still busy with the same report or resource — 409 "still being processed" (issue-reporting with
 * an Idempotency-Key in flight), 423 Locked, 425 Too Early. Never a refusal, Retry-After or not.
 */
const tryAgainStatuses = new Set([408, 409, 423, 425, 429]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A non-2xx answer as a failure: tryAgainStatuses were not taken; another 4xx is a refusal; 5xx may have been taken. */
async function answerFailure(response: Response, target: Open311Target): Promise<CaseSystemError> {
  const description = await describeRefusal(response, target);
  const retryAfterMs = retryAfterOf(response);
  if (tryAgainStatuses.has(response.status)) return new CaseSystemError('retry', description, retryAfterMs);
  if (response.status >= 400 && response.status < 500) return new CaseSystemError('refused', description);
  return new CaseSystemError('uncertain', description, retryAfterMs);
}

export interface OutgoingReport {
  request: ServiceRequestRecord;
  media: MediaStore;
  idempotencyKey: string;
}

async function formOf(target: Open311Target, { request, media }: OutgoingReport): Promise<FormData> {
  const form = new FormData();
  form.append('api_key', target.apiKey);
  if (target.jurisdictionId) form.append('jurisdiction_id', target.jurisdictionId);
  form.append('service_code', request.service_code);
  form.append('description', request.description);
  if (request.title) form.append('title', request.title);
  if (request.service_object_type && request.service_object_id) {
    form.append('service_object_type', request.service_object_type);
    form.append('service_object_id', request.service_object_id);
  } else if (request.lat !== null && request.long !== null) {
    form.append('lat', String(request.lat));
    form.append('long', String(request.long));
  }
  if (request.address_string) form.append('address_string', request.address_string);
  for (const field of target.contactFields) {
    const value = request[field];
    if (value) form.append(field, value);
  }
  appendAnswers(form, request.attributes);
  const photos = [...request.media].sort((a, b) => a.position - b.position);
  if (target.photos.as === 'media_url') {
    // GeoReport v2 has one media_url: the reporter's own link, else the first photo's public copy.
    const first = request.external_media_url ?? (photos[0] ? `${target.photos.baseUrl}/media/${photos[0].file_name}` : undefined);
    if (first) form.append('media_url', first);
    return form;
  }
  if (request.external_media_url) form.append('media_url', request.external_media_url);
  for (const photo of photos) {
    const file = await media.open(photo.file_name);
    if (!file) continue; // removed since: the report goes without it
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    form.append(target.photoField, new Blob([Buffer.concat(chunks)], { type: photo.content_type }), photo.file_name);
  }
  return form;
}

/** The answers to the type's questions as GeoReport v2 sends them: `attribute[CODE]=v`, a multi-value list as `attribute[CODE][]=v` (notes.md). */
function appendAnswers(form: FormData, answers: ServiceRequestRecord['attributes']): void {
  for (const [code, answer] of Object.entries(answers)) {
    if (Array.isArray(answer)) for (const value of answer) form.append(`attribute[${code}][]`, value);
    else form.append(`attribute[${code}]`, answer);
  }
}

/** POSTs the report; the case system's service_request_id, or a CaseSystemError. */
export async function postReport(target: Open311Target, report: OutgoingReport): Promise<string> {
  const url = new URL(`${target.endpoint}/requests.json`);
  if (target.extensions.length > 0) url.searchParams.set('extensions', target.extensions.join(','));
  const response = await call(url, {
    method: 'POST',
    headers: { 'Idempotency-Key': report.idempotencyKey, Accept: 'application/json' },
    body: await formOf(target, report),
  });
  if (!response.ok) throw await answerFailure(response, target);
  const answer = created.safeParse(parseJson(await response.text().catch(() => '')));
  if (!answer.success) {
    throw new CaseSystemError('uncertain', `HTTP ${response.status} but no service_request_id in the answer (not a GeoReport requests.json answer)`);
  }
  return String(answer.data[0]!.service_request_id);
}

const listed = z.array(
  z
    .object({
      service_request_id: z.union([z.string().min(1), z.number()]),
      service_code: z.unknown().optional(),
      description: z.unknown().optional(),
      lat: z.unknown().optional(),
      long: z.unknown().optional(),
      service_object_type: z.unknown().optional(),
      service_object_id: z.unknown().optional(),
      extended_attributes: z.object({ service_object_type: z.unknown().optional(), service_object_id: z.unknown().optional() }).loose().optional(),
    })
    .loose(),
);

type Listed = z.infer<typeof listed>[number];

/** How far before the job was queued a report may have been created there (clocks differ). */
const lookBackMs = 10 * 60_000;

const sameNumber = (given: unknown, ours: number | null) => ours !== null && given !== null && given !== '' && Math.abs(Number(given) - ours) <= 1e-6;

function isOurs(entry: Listed, request: ServiceRequestRecord): boolean {
  if (String(entry.service_code ?? '') !== request.service_code || entry.description !== request.description) return false;
  if (request.service_object_type && request.service_object_id) {
    const type = entry.service_object_type ?? entry.extended_attributes?.service_object_type;
    const id = entry.service_object_id ?? entry.extended_attributes?.service_object_id;
    return type === request.service_object_type && String(id) === request.service_object_id;
  }
  return sameNumber(entry.lat, request.lat) && sameNumber(entry.long, request.long);
}

/**
 * Before resending a report whose answer was lost: the case system's id of the same report
 * (service code, description, place) made since shortly before the job was queued, or undefined
 * when it has none. A case system that hides unmoderated reports from its listings shows none;
 * then the resend's Idempotency-Key is what keeps it from being made twice.
 */
export async function findReport(target: Open311Target, request: ServiceRequestRecord, queuedAt: number): Promise<string | undefined> {
  const url = new URL(`${target.endpoint}/requests.json`);
  url.searchParams.set('service_code', request.service_code);
  url.searchParams.set('start_date', new Date(queuedAt - lookBackMs).toISOString());
  url.searchParams.set('extensions', 'true');
  if (target.jurisdictionId) url.searchParams.set('jurisdiction_id', target.jurisdictionId);
  const response = await call(url, { headers: { Accept: 'application/json' } });
  // Not found is not proof of absence when the lookup failed: the job stays uncertain and is retried.
  if (!response.ok) throw new CaseSystemError('uncertain', `looking the report up before a resend: ${await describeRefusal(response, target)}`);
  const answer = listed.safeParse(parseJson(await response.text().catch(() => '')));
  if (!answer.success) throw new CaseSystemError('uncertain', 'looking the report up before a resend: the answer is not a GeoReport request list');
  const found = answer.data.find((entry) => isOurs(entry, request));
  return found ? String(found.service_request_id) : undefined;
}

/** An update Kerro owes the case system (mySociety's servicerequestupdates): the report's id there, and what to say. */
export interface OutgoingUpdate {
  /** The case system's service_request_id of the report. */
  remoteId: string;
  /** Kerro's own stable id of the update: its Idempotency-Key and update_id_ext on every attempt. */
  updateId: string;
  /** The extension's status word, e.g. `reopen`. */
  status: string;
  description: string;
  /** A public link to the update's photo, if it has one. */
  mediaUrl: string | null;
  /** epoch ms */
  updatedAt: number;
  request: ServiceRequestRecord;
  /** The reporter's own word (a reopen): only then do the reporter's contact fields go with it. */
  fromReporter: boolean;
}

const postedUpdate = z.array(z.object({ update_id: z.union([z.string().min(1), z.number()]) }).loose()).min(1);

/**
 * POSTs an update to `servicerequestupdates.json`; the case system's update_id, or a
 * CaseSystemError sorted as a report's POST is. A repeat carries the same update_id_ext and
 * Idempotency-Key, so a server of the extension (open311-adapter, Kerro) keeps it once. With the
 * reporter's own reopen, the reporter's contact fields go as the body's `contact_fields` allow, as
 * with the report; with anything else, nobody's.
 */
export async function postRequestUpdate(target: Open311Target, update: OutgoingUpdate): Promise<string> {
  const form = new FormData();
  form.append('api_key', target.apiKey);
  if (target.jurisdictionId) form.append('jurisdiction_id', target.jurisdictionId);
  form.append('service_request_id', update.remoteId);
  form.append('update_id_ext', update.updateId);
  // Upper case, as FixMyStreet sends it; the extension's servers read any case.
  form.append('status', update.status.toUpperCase());
  form.append('updated_datetime', new Date(update.updatedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'));
  form.append('description', update.description);
  if (update.mediaUrl) form.append('media_url', update.mediaUrl);
  // A resident's update or a moderator's note is not the reporter's: their contact would misname it.
  for (const field of update.fromReporter ? target.contactFields : []) {
    const value = update.request[field];
    if (value && field !== 'phone') form.append(field, value);
  }
  const response = await call(new URL(`${target.endpoint}/servicerequestupdates.json`), {
    method: 'POST',
    headers: { 'Idempotency-Key': update.updateId, Accept: 'application/json' },
    body: form,
  });
  if (!response.ok) throw await answerFailure(response, target);
  const answer = postedUpdate.safeParse(parseJson(await response.text().catch(() => '')));
  if (!answer.success) {
    throw new CaseSystemError('uncertain', `HTTP ${response.status} but no update_id in the answer (not a servicerequestupdates answer)`);
  }
  return String(answer.data[0]!.update_id);
}
