import type { JobLoop, LoopLogger } from '../jobs/job-loop';
import type { Repositories } from '../storage/repositories/types';
import { createCaseSystemUpdateSender } from './case-system-update-sender';

/** Starts telling case systems the updates they are owed (polled: a reopen, a resident's update or a note need not arrive at once). */
export function startCaseSystemUpdateSender(repositories: Repositories, log: LoopLogger): JobLoop {
  const sender = createCaseSystemUpdateSender({ repositories, log });
  sender.start();
  return sender;
}
