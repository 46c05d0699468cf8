/**
 * "Was it fixed?" (issue 28): once a published request has been closed for QUESTIONNAIRE_AFTER_DAYS,
 * its reporter gets one email asking, on the job loop the other queues use. The repository claims
 * the request's questionnaire and queues the email in one transaction, so however many instances
 * run, each reporter is asked once. Logs name the request only.
 */
import { createJobLoop, type JobLoop, type JobOutcome, type LoopLogger } from '../jobs/job-loop';
import type { MailLinks } from '../notify/mail-links';
import { announceOutboxMessage } from '../notify/outbox-signal';
import { questionnaireMessage } from '../notify/subscriber-messages';
import type { Repositories } from '../storage/repositories/types';

export interface QuestionnaireSenderOptions {
  repositories: Pick<Repositories, 'questionnaires' | 'serviceRequests' | 'serviceTypes'>;
  log: LoopLogger;
  mail: { links: MailLinks; mailFrom: string; timeZone: string };
  /** How long after its close a request's reporter is asked. */
  afterDays: number;
  now?: () => number;
  /** Closing is no emergency: an hour's poll is soon enough after four weeks. */
  pollIntervalMs?: number;
}

const day = 24 * 60 * 60_000;

export function createQuestionnaireSender(options: QuestionnaireSenderOptions): JobLoop {
  const { repositories, log } = options;
  const now = options.now ?? Date.now;
  const delayMs = options.afterDays * day;

  const askOne = async (serviceRequestId: string): Promise<JobOutcome> => {
    const request = await repositories.serviceRequests.find(serviceRequestId);
    if (!request) return undefined;
    const at = now();
    const settings = { ...options.mail, serviceTypes: await repositories.serviceTypes.list(), now: at };
    const queued = await repositories.questionnaires.ask(serviceRequestId, at - delayMs, at, questionnaireMessage(request, settings));
    if (!queued) return undefined;
    announceOutboxMessage();
    log.info({ serviceRequestId }, 'asked the reporter whether it was fixed');
    return 'sent';
  };

  return createJobLoop({
    listDue: (at, limit) => repositories.questionnaires.listDue(at - delayMs, limit),
    handle: askOne,
    log,
    passFailed: 'questionnaire pass failed',
    now,
    pollIntervalMs: options.pollIntervalMs ?? 60 * 60_000,
  });
}
