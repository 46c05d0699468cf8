/**
 * Sends each forward job by its body's send method (forwarding/senders/), on the job loop the
 * email outbox uses.
 *
 * Exactly once in the case system: a job is leased, handed to its method's sender (an open311
 * one sends it with its stable Idempotency-Key), and ended in the one transaction that records
 * the case system's id, appends PUBLIC_WORKS_NEW, adds the `forwarded` history entry
 * (forwardedPlan) and queues the sender's message, if it has one (an email body's department).
 * The sender sorts each failure: one after the report may have reached the case system marks the
 * job `uncertain`, and the sender's next attempt looks it up there before sending again; a
 * definite refusal, and a job that keeps failing, are given up, with the sender's words in
 * last_error, for an operator (`admin bodies sends --failed`, `retry`).
 *
 * Logs name the request, the body and what went wrong: never a key, an endpoint's query string,
 * or anything of the report or its reporter.
 */
import { createJobLoop, defaultRetryDelayMs, type JobLoop, type JobOutcome, type LoopLogger } from '../jobs/job-loop';
import type { MailLinks } from '../notify/mail-links';
import { announceOutboxMessage } from '../notify/outbox-signal';
import type { Repositories } from '../storage/repositories/types';
import { forwardedPlan } from './forwarded-plan';
import { sendLeaseMs, type LeasedSenderTiming } from './leases';
import { senderOf } from './senders';
import type { SendFailure } from './senders/sender';

export interface ForwardSenderOptions extends LeasedSenderTiming {
  repositories: Pick<Repositories, 'forwards' | 'serviceRequests' | 'bodies' | 'media' | 'unitOfWork' | 'serviceTypes'>;
  log: LoopLogger;
  /** The public pages the department's email links to, and its sender. */
  mail: { links: MailLinks; mailFrom: string; timeZone: string };
}

export type ForwardSender = JobLoop;

/** A failure no sender sorted is Kerro's own (the store, a photo file): named by type only, as its message may quote data. */
const ownFailure = (error: unknown): SendFailure => ({
  kind: 'retry',
  reason: `Kerro could not send it (${error instanceof Error ? error.name : 'unknown error'})`,
});

export function createForwardSender(options: ForwardSenderOptions): ForwardSender {
  const { repositories, log } = options;
  const { forwards } = repositories;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? sendLeaseMs();
  const maxAttempts = options.maxAttempts ?? 15;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;

  const mailSettings = async () => ({ ...options.mail, serviceTypes: await repositories.serviceTypes.list(), now: now() });

  const sendOne = async (serviceRequestId: string): Promise<JobOutcome> => {
    const job = await forwards.claim(serviceRequestId, now(), now() + leaseMs);
    if (!job) return undefined; // another sender has it, or it ended meanwhile
    const context = { serviceRequestId, bodyId: job.body_id, method: job.method, attempt: job.attempts };
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
    const { forwarding } = senderOf(body.send);
    if (!forwarding) return giveUp(`the body's method ${body.send.method} forwards nothing`);

    let reached = false;
    try {
      const outgoing = { job, request, media: repositories.media, env: options.env ?? process.env, mail: mailSettings };
      const { remoteId, found, reached: left, notification } = await forwarding.send(body.send, outgoing);
      reached = left;
      await repositories.unitOfWork.changeRequest(serviceRequestId, forwardedPlan({ now: now(), bodyId: job.body_id, method: job.method }, remoteId, notification));
      if (notification) announceOutboxMessage();
      log.info({ ...context, remoteId, ...(found ? { foundBeforeResend: true } : {}) }, 'forwarded to the case system');
      return 'sent';
    } catch (error) {
      const { kind, reason, retryAfterMs = 0 } = forwarding.failureOf(error) ?? ownFailure(error);
      if (kind === 'refused' || job.attempts >= maxAttempts) return giveUp(reason);
      // Once uncertain, a job stays so until it ends: its report may be there whatever happens next.
      // So is one whose report was taken but whose ending did not commit.
      const uncertain = job.uncertain || reached || kind === 'uncertain';
      const retryAt = now() + Math.max(retryDelayMs(job.attempts), retryAfterMs);
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
    now,
    pollIntervalMs: options.pollIntervalMs,
  });
}
