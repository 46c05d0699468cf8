import { useEffect, useSyncExternalStore } from 'react';
import { deviceOutbox, startOutbox } from './device-outbox';
import type { OutboxEntry } from './outbox';

/** The reports on this device (waiting, sent, refused), oldest first; starts the sending once per page. */
export function useOutboxEntries(): readonly OutboxEntry[] {
  const outbox = deviceOutbox();
  useEffect(() => startOutbox(), []);
  return useSyncExternalStore(outbox.subscribe, outbox.entries);
}
