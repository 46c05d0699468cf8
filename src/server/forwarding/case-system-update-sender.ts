/**
 * Sends the updates Kerro owes bodies' case systems (a reporter's reopen to a mySociety-updates
 * body, issue 40, item 8), on the job loop the forwards use.
 *
 * Exactly once in the case system: an update is leased, posted by its body's sender
 * (`forwarding.postUpdate`) with its stable id as Idempotency-Key and update_id_ext, so a resend
 * after a lost answer is taken once there; its ending records the case system's update_id as
 * seen, so the poller does not read Kerro's own update back. An update whose report has not
 * reached the case system yet waits for it. A refusal, and one that keeps failing, are given up
 * with the sender's words in last_error.
 *
 * Logs name the request, the body and what went wrong: never a key, the update's text or the reporter.
 */
import { createJobLoop, defaultRetryDelayMs, type JobLoop, type JobOutcome, type LoopLogger } from '../jobs/job-loop';
import type { Repositories } from '../storage/repositories/types';
import { sendLeaseMs, type LeasedSenderTiming } from './leases';
import { senderOf } from './senders';

export interface CaseSystemUpdateSenderOptions extends LeasedSenderTiming {
  repositories: Pick<Repositories, 'caseSystemUpdates' | 'forwards' | 'serviceRequests' | 'bodies'>;
  log: LoopLogger;
}

export function createCaseSystemUpdateSender(options: CaseSystemUpdateSenderOptions): JobLoop {
  const { repositories, log } = options;
  const updates = repositories.caseSystemUpdates;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? sendLeaseMs();
  const maxAttempts = options.maxAttempts ?? 15;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;

  const sendOne = async (id: string): Promise<JobOutcome> => {
    const job = await updates.claim(id, now(), now() + leaseMs);
    if (!job) return undefined;
    const context = { updateId: id, serviceRequestId: job.service_request_id, bodyId: job.body_id, attempt: job.attempts };
    const giveUp = async (reason: string) => {
      await updates.giveUp(id, now(), reason);
      log.error({ ...context, reason }, 'telling the case system an update given up');
      return 'failed' as const;
    };
    const retry = async (reason: string, retryAfterMs = 0) => {
      if (job.attempts >= maxAttempts) return giveUp(reason);
      const retryAt = now() + Math.max(retryDelayMs(job.attempts), retryAfterMs);
      await updates.retryLater(id, retryAt, reason);
      log.warn({ ...context, reason, retryAt: new Date(retryAt).toISOString() }, 'telling the case system an update failed; will retry');
      return 'retried' as const;
    };

    const [request, body, forwards] = await Promise.all([
      repositories.serviceRequests.find(job.service_request_id),
      repositories.bodies.find(job.body_id),
      repositories.forwards.findFor([job.service_request_id]),
    ]);
    if (!request) return giveUp('the request no longer exists');
    if (!body) return giveUp(`body ${job.body_id} no longer exists; import it again, then retry`);
    const postUpdate = senderOf(body.send).forwarding?.postUpdate;
    if (!postUpdate) return giveUp(`the body's method ${body.send.method} takes no updates`);
    const forward = forwards.get(job.service_request_id);
    if (!forward?.remote_id || forward.body_id !== job.body_id) {
      if (forward && forward.failed_at !== null) return giveUp('the report never reached the case system (its forward was given up)');
      return retry('the report has not reached the case system yet');
    }

    try {
      const remoteUpdateId = await postUpdate(body.send, { job, remoteId: forward.remote_id, request, env: options.env ?? process.env });
      await updates.end(id, now(), remoteUpdateId);
      log.info({ ...context, remoteUpdateId }, 'update told to the case system');
      return 'sent';
    } catch (error) {
      const failure = senderOf(body.send).forwarding!.failureOf(error);
      if (failure?.kind === 'refused') return giveUp(failure.reason);
      // Uncertain or not, the resend is safe: the same update_id_ext is kept once there.
      return retry(failure?.reason ?? `Kerro could not send it (${error instanceof Error ? error.name : 'unknown error'})`, failure?.retryAfterMs);
    }
  };

  return createJobLoop({
    listDue: (at, limit) => updates.listDue(at, limit),
    handle: sendOne,
    log,
    passFailed: 'case-system update pass failed',
    now,
    pollIntervalMs: options.pollIntervalMs,
  });
}
