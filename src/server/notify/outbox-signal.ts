import { createWakeSignal } from '../jobs/wake-signal';

/** "A message was just queued": wakes this process's email outbox sender. */
const signal = createWakeSignal();

export const announceOutboxMessage = (): void => signal.announce();
export const onOutboxMessage = (listener: () => void): (() => void) => signal.on(listener);
