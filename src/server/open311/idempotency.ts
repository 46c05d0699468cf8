/**
 * The Idempotency-Key header (IETF HTTPAPI draft) on GeoReport submissions, used by the service
 * and the proxy alike: the key read from the header, the request's fingerprint (method, path,
 * fields and each photo's digest), and `answerOnce`, which runs a submission once per key and
 * gives every repeat its first answer. Only a 2xx answer is kept: after a refusal or a failure
 * the key is free again, so a corrected form may go with the same key.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { IdempotencyRepository, KeyCompletion, StoredAnswer } from '../storage/repositories/types';
import { badRequest, GeoReportError } from './errors';
import type { ReadForm } from './form-reader';

/** How long a first answer is kept (the draft's "at least 24 hours" for clients that retry late). */
export const idempotencyKeepMs = 24 * 3_600_000;

/** A repeat arriving while its first request runs is told to ask again after this long. */
export const stillRunningRetryAfterSeconds = 2;

const visibleAscii = /^[\x21\x23-\x5b\x5d-\x7e]{1,255}$/;

/**
 * The header's key, or undefined when none was sent. The draft's value is a Structured Field
 * string (`"…"`); a bare value is taken too. Anything else is a 400 saying what to send.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const text = String(raw).trim();
  return checkedIdempotencyKey(/^"(.*)"$/.exec(text)?.[1] ?? text, 'the Idempotency-Key header');
}

/** A key as given (the header's string, or a path segment asking after it); a 400 when it cannot be one. */
export function checkedIdempotencyKey(key: string, where: string): string {
  if (!visibleAscii.test(key)) {
    throw badRequest(`${where} must be 1 to 255 visible ASCII characters without quotes or backslashes inside, e.g. a UUID`);
  }
  return key;
}

async function fileDigest(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * What makes two submissions the same request: method, path, every field (in name order, values
 * in order; `leaveOut` names fields that are not the caller's, such as the key the proxy adds)
 * and every photo's name, type and content digest, in order.
 */
export async function requestFingerprint(request: FastifyRequest, { fields, files }: ReadForm, leaveOut: ReadonlySet<string> = new Set()): Promise<string> {
  const hash = createHash('sha256');
  const names = Object.keys(fields).filter((name) => !leaveOut.has(name)).sort();
  hash.update(JSON.stringify([request.method, request.url.split('?')[0], names.map((name) => [name, fields[name]])]));
  for (const file of files) hash.update(JSON.stringify([file.fieldName, file.fileName, file.contentType, await fileDigest(file.path)]));
  return hash.digest('hex');
}

/** A submission's claim outlives its longest possible run (an upload's time limit), and no more. */
export const submissionLeaseMs = (config: Pick<Config, 'UPLOAD_TIMEOUT_MS'>) => config.UPLOAD_TIMEOUT_MS + 60_000;

export interface IdempotentRequest {
  repository: IdempotencyRepository;
  /** Whose key it is: keys of different callers never meet. */
  scope: string;
  key: string;
  fingerprint: string;
  now: () => number;
  /** Longest the request may run; a claim left longer (its instance died) is taken over. */
  leaseMs: number;
}

/** The key `produce` runs under: a producer whose change is one transaction (a new report) records its answer there (KeyCompletion). */
export type ClaimedKey = Omit<KeyCompletion, 'answer'>;

/**
 * `produce`'s answer for the first request with this key; the same answer, without running it,
 * for every repeat; 422 for the key with another request, 409 with Retry-After while the first
 * still runs. A failure or a non-2xx answer frees the key. The answer is kept after `produce`
 * too, for producers that cannot record it with their change (the proxy's HTTP upstream).
 */
export async function answerOnce<Answer extends StoredAnswer>(
  ask: IdempotentRequest,
  produce: (claimed: ClaimedKey) => Promise<Answer>,
): Promise<Answer | StoredAnswer> {
  const { repository, scope, key } = ask;
  const claim = await repository.claim({ scope, key, fingerprint: ask.fingerprint, now: ask.now(), leaseMs: ask.leaseMs });
  if (claim.outcome === 'mismatch') {
    throw new GeoReportError(422, 'this Idempotency-Key was already used for a different request; send a new report with a new key');
  }
  if (claim.outcome === 'running') throw stillRunning();
  if (claim.outcome === 'replay') return claim.answer;
  let answer: Answer;
  try {
    answer = await produce({ scope, key, expiresAt: ask.now() + idempotencyKeepMs });
  } catch (error) {
    await repository.release(scope, key).catch(() => undefined); // the request's own error is the one to tell
    throw error;
  }
  if (answer.statusCode >= 200 && answer.statusCode < 300) {
    const { statusCode, contentType, body } = answer;
    await repository.complete({ scope, key, answer: { statusCode, contentType, body }, expiresAt: ask.now() + idempotencyKeepMs });
  } else {
    await repository.release(scope, key);
  }
  return answer;
}

export function stillRunning(): GeoReportError {
  return new GeoReportError(
    409,
    `a request with this Idempotency-Key is still being processed; ask again in ${stillRunningRetryAfterSeconds} seconds`,
    stillRunningRetryAfterSeconds,
  );
}

export function sendStoredAnswer(reply: FastifyReply, answer: StoredAnswer) {
  if (answer.contentType !== '') reply.type(answer.contentType);
  return reply.code(answer.statusCode).send(answer.body);
}
