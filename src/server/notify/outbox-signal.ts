import { EventEmitter } from 'node:events';

/**
 * "A message was just queued": lets a sender in this process deliver at once instead of at its
 * next poll. Only a hint; senders still poll, which also covers messages queued by other processes.
 */
const signal = new EventEmitter();
signal.setMaxListeners(0);

export function announceOutboxMessage(): void {
  signal.emit('queued');
}

export function onOutboxMessage(listener: () => void): () => void {
  signal.on('queued', listener);
  return () => signal.off('queued', listener);
}
