import { createWakeSignal } from '../jobs/wake-signal';

/** "A forward job may just have been queued" (a publication, or a report to a body without premoderation): wakes this process's forward sender. */
const signal = createWakeSignal();

export const announceForwardJob = (): void => signal.announce();
export const onForwardJob = (listener: () => void): (() => void) => signal.on(listener);
