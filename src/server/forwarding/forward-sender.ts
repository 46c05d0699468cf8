/**
 * Sends each forward job to its body's case system, on the job loop the email outbox uses.
 *
 * Exactly once in the case system: a job is leased, sent with its stable Idempotency-Key, and
 * ended in the one transaction that records the case system's id, appends PUBLIC_WORKS_NEW and
 * adds the `forwarded` history entry (forwardedPlan). A failure after the request may have
 * reached the case system (a timeout, a reset, a 5xx, an answer that is no GeoReport answer)
 * marks the job `uncertain`; its next attempt first looks the report up there and ends the job
 * with the id found instead of sending again. A definite refusal (a 4xx but 408/429) and a job
 * that keeps failing are given up, with the case system's words in last_error, for an operator
 * (`admin bodies sends --failed`, `retry`).
 *
 * An `email` body's job ends by queuing one message to the department in that same transaction;
 * the outbox delivers it. Logs name the request, the body and what went wrong: never a key, an
 * endpoint's query string, or anything of the report or its reporter.
 */
import { createJobLoop, defaultRetryDelayMs, type JobLoop, type JobOutcome, type LoopLogger } from '../jobs/job-loop';
import type { MailLinks } from '../notify/mail-links';
import type { BodyRecord, ForwardJob, Repositories, ServiceRequestRecord } from '../storage/repositories/types';
import { departmentEmail } from './department-email';
import { forwardedPlan } from './forwarded-plan';
import { CaseSystemError, findReport, open311TargetOf, postReport } from './open311-client';

export interface ForwardSenderOptions {
  repositories: Pick<Repositories, 'forwards' | 'serviceRequests' | 'bodies' | 'media' | 'unitOfWork' | 'serviceTypes'>;
  log: LoopLogger;
  /** The public pages the department's email links to, and its sender. */
  mail: { links: MailLinks; mailFrom: string; timeZone: string };
  env?: NodeJS.ProcessEnv;
  now?: () => number;
  pollIntervalMs?: number;
  /** Longer than a slow POST with photos (its timeout is 30 s), so a live sender keeps its lease. */
  leaseMs?: number;
  maxAttempts?: number;
  retryDelayMs?: (attempt: number) => number;
}

export type ForwardSender = JobLoop;

/** What an attempt came to: the case system's id (null for email), or how it failed. */
type Attempt = { remoteId: string | null; found?: true };

export function createForwardSender(options: ForwardSenderOptions): ForwardSender {
  const { repositories, log } = options;
  const { forwards } = repositories;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 15;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;

  const mailSettings = async () => ({ ...options.mail, serviceTypes: await repositories.serviceTypes.list(), now: now() });

  const attempt = async (job: ForwardJob, body: BodyRecord, request: ServiceRequestRecord): Promise<Attempt> => {
    if (job.method === 'email') return { remoteId: null };
    const target = open311TargetOf(body.send, options.env ?? process.env);
    if (job.uncertain) {
      const found = await findReport(target, request, job.created_at);
      if (found) return { remoteId: found, found: true };
    }
    return { remoteId: await postReport(target, { request, media: repositories.media, idempotencyKey: job.idempotency_key }) };
  };

  const sendOne = async (serviceRequestId: string): Promise<JobOutcome> => {
    const job = await forwards.claim(serviceRequestId, now(), now() + leaseMs);
    if (!job) return undefined; // another sender has it, or it ended meanwhile
    const context = { serviceRequestId, body: job.body_id, method: job.method, attempt: job.attempts };
    const giveUp = async (reason: string) => {
      await forwards.giveUp(serviceRequestId, now(), reason);
      log.error({ ...context, reason }, 'forwarding to the case system given up');
      return 'failed' as const;
    };

    const [request, body] = await Promise.all([repositories.serviceRequests.find(serviceRequestId), repositories.bodies.find(job.body_id)]);
    if (!request) return giveUp('the request no longer exists');
    if (!body) return giveUp(`body ${job.body_id} no longer exists; import it again, then retry`);
    if (request.moderation === 'rejected') return giveUp('the request was rejected before it was sent');
    if (body.send.method !== job.method) return giveUp(`the body now receives reports by ${body.send.method}, not ${job.method}`);

    let reached = false;
    try {
      const { remoteId, found } = await attempt(job, body, request);
      reached = job.method === 'open311';
      const email = job.method === 'email' ? departmentEmail(request, body.send.to as string | string[], await mailSettings()) : undefined;
      await repositories.unitOfWork.changeRequest(serviceRequestId, forwardedPlan({ now: now(), bodyId: job.body_id, method: job.method }, remoteId, email));
      log.info({ ...context, remoteId, ...(found ? { foundBeforeResend: true } : {}) }, 'forwarded to the case system');
      return 'sent';
    } catch (error) {
      const failure = error instanceof CaseSystemError ? error : undefined;
      // Anything else is Kerro's own (the store, a photo file): named by type only, as it may quote data.
      const reason = failure?.message ?? `Kerro could not send it (${error instanceof Error ? error.name : 'unknown error'})`;
      if (failure?.kind === 'refused' || job.attempts >= maxAttempts) return giveUp(reason);
      // Once uncertain, a job stays so until it ends: its report may be there whatever happens next.
      // So is one whose report was taken but whose ending did not commit.
      const uncertain = job.uncertain || reached || failure?.kind === 'uncertain';
      const retryAt = now() + retryDelayMs(job.attempts);
      await forwards.retryLater(serviceRequestId, retryAt, reason, uncertain);
      log.warn({ ...context, reason, uncertain, retryAt: new Date(retryAt).toISOString() }, 'forwarding to the case system failed; will retry');
      return 'retried';
    }
  };

  return createJobLoop({
    listDue: (at, limit) => forwards.listDue(at, limit),
    handle: sendOne,
    log,
    passFailed: 'forward pass failed',
    describeError: (error) => (error instanceof Error ? error.name : 'unknown error'),
    now,
    pollIntervalMs: options.pollIntervalMs,
  });
}
