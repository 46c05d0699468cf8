import type { Config } from '../config';
import { createMailLinks, ensureMailLinkSecret, mailBaseUrl } from '../notify/mail-links';
import type { Repositories } from '../storage/repositories/types';
import { createCaseSystemPoller, type CaseSystemPoller, type PollerLogger } from './case-system-poller';

/** Starts polling the open311 bodies' case systems every CASE_SYSTEM_POLL_SECONDS; update emails link as the app's do. */
export async function startCaseSystemPoller(store: Repositories, config: Config, log: PollerLogger): Promise<CaseSystemPoller> {
  const links = createMailLinks(await ensureMailLinkSecret(store.settings), mailBaseUrl(config));
  const poller = createCaseSystemPoller({
    store,
    mail: { links, timeZone: config.TZ_NAME, mailFrom: config.MAIL_FROM },
    intervalMs: config.CASE_SYSTEM_POLL_SECONDS * 1000,
    log,
  });
  poller.start();
  return poller;
}
