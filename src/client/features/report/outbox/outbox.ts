/**
 * Reports waiting on this device to be sent: made or sent while the device was offline, kept
 * with their photos (lib/device-storage.ts, IndexedDB) across reloads and closed tabs, and sent
 * by themselves when the connection is back (`online`, the next visit, the service worker's
 * Background Sync message). Sending goes through the form's own send function, which carries the
 * draft's idempotency key: a report the server already has is answered with its first answer, so
 * a resend never makes a second report. One pass sends at a time, in one tab at a time (Web Locks).
 */
import { isApiError } from '../../../lib/http-client';
import type { DeviceShelf } from '../../../lib/device-storage';
import type { CreatedReport, NewReport } from '../api/create-service-request';

/** What the list shows of a report: its type and place as the form named them. */
export interface OutboxLabel {
  serviceName: string;
  place: string;
}

interface OutboxEntryBase {
  /** This device's name for the entry: the report's idempotency key when it has one. */
  id: string;
  gaveEmail: boolean;
  /** ISO 8601. */
  queuedAt: string;
  label: OutboxLabel;
}

/** Waiting to be sent: exactly what the form would have sent, photos included. */
export interface WaitingReport extends OutboxEntryBase {
  state: 'waiting';
  report: NewReport;
}

/** Sent while the resident was away from the form: kept (without its content) until they have seen it. */
export interface SentOutboxReport extends OutboxEntryBase {
  state: 'sent';
  sentAt: string;
  created: CreatedReport;
}

/** The service refused it (it cannot be fixed in the queue): the service's own words, for the resident. */
export interface RefusedOutboxReport extends OutboxEntryBase {
  state: 'refused';
  problem: string;
}

export type OutboxEntry = WaitingReport | SentOutboxReport | RefusedOutboxReport;

export interface OutboxDependencies {
  shelf: DeviceShelf<OutboxEntry>;
  send: (report: NewReport) => Promise<CreatedReport>;
  isOnline: () => boolean;
  /** Runs a pass while holding the device-wide lock (Web Locks), or just runs it where there is none. */
  exclusively: (pass: () => Promise<void>) => Promise<void>;
  /** Asks for another pass later (a busy or failing service): the delay in seconds. */
  retryLater: (seconds: number, pass: () => void) => void;
  now: () => Date;
}

/** Another try after a busy service or a failure on its side, unless it names its own wait. */
export const RETRY_SECONDS = 30;
/** Another try after no answer while the browser says it is online (the line just came back, or is bad). */
export const NETWORK_RETRY_SECONDS = 5;

/** Failures after which the same report may go later as it is; anything else is the report's own problem. */
function isPassing(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.kind !== 'http' || error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
}

function retryDelay(error: unknown): number {
  if (!isApiError(error)) return RETRY_SECONDS;
  return error.retryAfterSeconds ?? (error.kind === 'network' ? NETWORK_RETRY_SECONDS : RETRY_SECONDS);
}

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(deps: OutboxDependencies) {
  const { shelf } = deps;
  const listeners = new Set<() => void>();
  let entries: readonly OutboxEntry[] = [];
  const changed = async () => {
    entries = (await shelf.values()).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
    for (const listener of listeners) listener();
  };

  /** One report's try; false when the pass should stop (offline, or the service wants a pause). */
  async function sendOne(id: string): Promise<boolean> {
    // Read again inside the lock: another tab may have sent or the resident cancelled it meanwhile.
    const entry = await shelf.get(id);
    if (entry?.state !== 'waiting') return true;
    try {
      const created = await deps.send(entry.report);
      const { report: _sent, ...rest } = entry;
      await shelf.set(id, { ...rest, state: 'sent', sentAt: deps.now().toISOString(), created });
      return true;
    } catch (error) {
      if (!isPassing(error)) {
        const problem = isApiError(error) ? (error.errors[0]?.description ?? error.message) : String(error);
        const { report: _refused, ...rest } = entry;
        await shelf.set(id, { ...rest, state: 'refused', problem });
        return true;
      }
      // Offline, `online` brings the next pass; online (a busy service, a bad line), a timer does.
      if (deps.isOnline()) deps.retryLater(retryDelay(error), () => void sendWaiting());
      return false;
    } finally {
      await changed();
    }
  }

  async function pass(): Promise<void> {
    const waiting = (await shelf.values()).filter((entry) => entry.state === 'waiting').sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
    try {
      for (const entry of waiting) {
        if (!deps.isOnline()) return;
        if (!(await sendOne(entry.id))) return;
      }
    } finally {
      // What another tab sent or queued meanwhile shows here too.
      await changed();
    }
  }

  let running: Promise<void> | undefined;
  let again = false;
  /** Sends every waiting report, one after another; a call during a pass asks for one more pass after it. */
  function sendWaiting(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    const passes = async () => {
      try {
        do {
          again = false;
          if (!deps.isOnline()) return;
          await deps.exclusively(pass);
        } while (again);
      } finally {
        running = undefined;
      }
    };
    // Started on the next microtask, so `running` is set before a pass that ends at once clears it.
    running = Promise.resolve().then(passes);
    return running;
  }

  return {
    /** Keeps a report for sending later; its id is its idempotency key. */
    async queue(report: NewReport, { gaveEmail, label }: { gaveEmail: boolean; label: OutboxLabel }): Promise<WaitingReport> {
      const entry: WaitingReport = {
        id: report.idempotencyKey,
        state: 'waiting',
        report,
        gaveEmail,
        queuedAt: deps.now().toISOString(),
        label,
      };
      await shelf.set(entry.id, entry);
      await changed();
      return entry;
    },
    /** Removes a report from the device: a waiting one is not sent, a sent or refused one is no longer shown. */
    async remove(id: string): Promise<void> {
      await shelf.delete(id);
      await changed();
    },
    sendWaiting,
    /** Reads the shelf (the next visit's reports) and tells the listeners. */
    refresh: changed,
    entries: () => entries,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
