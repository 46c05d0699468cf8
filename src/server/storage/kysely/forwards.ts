/** Forward jobs and case-system polling, written once (issue 27). PLACEHOLDER until helper "store" lands it. */
import type { Engine } from './engine';
import type { ForwardStore } from '../repositories/types';

export function createForwardStore(_engine: Engine): ForwardStore {
  const pending = () => Promise.reject(new Error('forwards repository not written yet'));
  return {
    listDue: pending,
    claim: pending,
    retryLater: pending,
    giveUp: pending,
    summary: pending,
    list: pending,
    findFor: pending,
    retryFailed: pending,
    findByRemoteIds: pending,
    listUnseen: pending,
    claimPoll: pending,
    releasePoll: pending,
  };
}
