import { EventEmitter } from 'node:events';

/**
 * "A job was just queued": lets a sender in this process start at once instead of at its next
 * poll. Only a hint; senders still poll, which also covers jobs queued by other processes.
 */
export function createWakeSignal(): { announce: () => void; on: (listener: () => void) => () => void } {
  const signal = new EventEmitter();
  signal.setMaxListeners(0);
  return {
    announce: () => signal.emit('queued'),
    on(listener) {
      signal.on('queued', listener);
      return () => signal.off('queued', listener);
    },
  };
}
