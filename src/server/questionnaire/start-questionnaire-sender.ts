import type { Config } from '../config';
import type { JobLoop, LoopLogger } from '../jobs/job-loop';
import { createMailLinks, ensureMailLinkSecret, mailBaseUrl } from '../notify/mail-links';
import type { Repositories } from '../storage/repositories/types';
import { createQuestionnaireSender } from './questionnaire-sender';

/** Starts asking reporters "was it fixed?" (at start, then hourly); undefined when QUESTIONNAIRE_AFTER_DAYS is 0. */
export async function startQuestionnaireSender(repositories: Repositories, config: Config, log: LoopLogger): Promise<JobLoop | undefined> {
  if (config.QUESTIONNAIRE_AFTER_DAYS === 0) return undefined;
  const links = createMailLinks(await ensureMailLinkSecret(repositories.settings), mailBaseUrl(config));
  const sender = createQuestionnaireSender({
    repositories,
    log,
    mail: { links, mailFrom: config.MAIL_FROM, timeZone: config.TZ_NAME },
    afterDays: config.QUESTIONNAIRE_AFTER_DAYS,
  });
  sender.start();
  return sender;
}
