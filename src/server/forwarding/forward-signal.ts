import { EventEmitter } from 'node:events';

/**
 * "A forward job may just have been queued" (a publication, or a report to a body without
 * premoderation): lets this process's forward sender send at once instead of at its next poll.
 * Only a hint; the sender still polls, which also covers jobs queued by other processes.
 */
const signal = new EventEmitter();
signal.setMaxListeners(0);

export function announceForwardJob(): void {
  signal.emit('queued');
}

export function onForwardJob(listener: () => void): () => void {
  signal.on('queued', listener);
  return () => signal.off('queued', listener);
}
