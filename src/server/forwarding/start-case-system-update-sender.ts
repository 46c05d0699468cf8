import type { JobLoop, LoopLogger } from '../jobs/job-loop';
import type { Repositories } from '../storage/repositories/types';
import { createCaseSystemUpdateSender } from './case-system-update-sender';

/** Starts telling case systems the updates they are owed (polled: a reopen is rare and need not be instant). */
export function startCaseSystemUpdateSender(repositories: Repositories, log: LoopLogger): JobLoop {
  const sender = createCaseSystemUpdateSender({ repositories, log });
  sender.start();
  return sender;
}
