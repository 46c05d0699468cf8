/**
 * The page's one outbox (outbox.ts) on this device's shelf, sending with the form's send
 * function, and what sets it going: the page opening (the next visit), `online`, and the service
 * worker's message when Background Sync fires.
 */
import { deviceShelf } from '../../../lib/device-storage';
import { isSendOutboxMessage, OUTBOX_SYNC_TAG } from '@/shared/web-app/outbox-sync';
import { sendOnce } from '../api/create-service-request';
import { createOutbox, type Outbox, type OutboxEntry } from './outbox';

const LOCK_NAME = 'kerro-report-outbox';

let shared: Outbox | undefined;

export function deviceOutbox(): Outbox {
  shared ??= createOutbox({
    shelf: deviceShelf<OutboxEntry>('report-outbox'),
    // A lost answer is asked for by the report's key, as the form's own send does.
    send: (report) => sendOnce(report),
    isOnline: () => navigator.onLine,
    // Two tabs open when the line comes back must not both send the same report.
    exclusively: (pass) => (navigator.locks ? navigator.locks.request(LOCK_NAME, pass) : pass()),
    retryLater: (seconds, pass) => void setTimeout(pass, seconds * 1000),
    now: () => new Date(),
  });
  return shared;
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the service worker when the connection is back (Chromium); elsewhere `online` does. */
export function askForBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined); // refused (permissions, private mode): `online` and the next visit remain
}

let started = false;

/** Sends what waits now, and whenever the connection returns. Once per page. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  const outbox = deviceOutbox();
  const send = () => void outbox.sendWaiting();
  window.addEventListener('online', send);
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', (event) => {
      if (isSendOutboxMessage(event.data)) send();
    });
  }
  void outbox.refresh().then(send);
}
