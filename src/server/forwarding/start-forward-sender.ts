import type { Config } from '../config';
import type { LoopLogger } from '../jobs/job-loop';
import { createMailLinks, ensureMailLinkSecret, mailBaseUrl } from '../notify/mail-links';
import type { Repositories } from '../storage/repositories/types';
import { createForwardSender, type ForwardSender } from './forward-sender';
import { onForwardJob } from './forward-signal';

/** Starts sending forward jobs, woken by each job this process queues. */
export async function startForwardSender(repositories: Repositories, config: Config, log: LoopLogger): Promise<ForwardSender> {
  const links = createMailLinks(await ensureMailLinkSecret(repositories.settings), mailBaseUrl(config));
  const sender = createForwardSender({ repositories, log, mail: { links, mailFrom: config.MAIL_FROM, timeZone: config.TZ_NAME } });
  const unsubscribe = onForwardJob(() => sender.wake());
  sender.start();
  return {
    ...sender,
    async stop() {
      unsubscribe();
      await sender.stop();
    },
  };
}
