import type { OutboxStore } from '../storage/repositories/types';
import type { MailTransport } from './mail-transport';

/**
 * Delivers the email outbox.
 *
 * Guarantee: at-least-once. A message is leased, handed to the transport, then marked sent. If
 * the process dies after the hand-over but before the mark, the lease expires and the message is
 * sent again, with the same Message-ID and Date, so a recipient's mail system (or a person) can
 * tell it is a duplicate. The .eml file transport overwrites its file, so there it is exactly one.
 * Transient failures are retried with exponential backoff; permanent refusals (SMTP 5xx) and
 * messages that keep failing are given up and logged.
 *
 * Logs name outbox ids, never addresses or texts; SMTP errors are logged by code only because
 * their messages can quote the address.
 */
export interface SenderLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OutboxSenderOptions {
  store: OutboxStore;
  transport: MailTransport;
  log: SenderLogger;
  now?: () => number;
  pollIntervalMs?: number;
  /** Longer than a slow SMTP conversation, so a live sender never loses its lease. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Delay after the given failed attempt (1, 2, …). */
  retryDelayMs?: (attempt: number) => number;
}

export interface SenderRun {
  sent: number;
  retried: number;
  failed: number;
}

export interface OutboxSender {
  start(): void;
  /** Stops polling and waits for a delivery in progress; closes the transport. */
  stop(): Promise<void>;
  /** Runs a pass now instead of at the next poll. */
  wake(): void;
  /** One pass over every message due now. */
  runOnce(): Promise<SenderRun>;
}

export const defaultRetryDelayMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);

const batchSize = 20;

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { store, transport, log } = options;
  const now = options.now ?? Date.now;
  const pollIntervalMs = options.pollIntervalMs ?? 10_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 15;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let started = false;

  const deliverOne = async (id: number, run: SenderRun) => {
    const message = await store.claim(id, now(), now() + leaseMs);
    if (!message) return; // another sender has it, or it was handled meanwhile
    const context = { outboxId: message.id, serviceRequestId: message.service_request_id, attempt: message.attempts };
    try {
      await transport.deliver(message);
    } catch (error) {
      const reason = describeFailure(error);
      if (isPermanent(error) || message.attempts >= maxAttempts) {
        await store.giveUp(message.id, now(), reason);
        run.failed += 1;
        log.error({ ...context, reason }, 'notification email given up');
      } else {
        const retryAt = now() + retryDelayMs(message.attempts);
        await store.retryLater(message.id, retryAt, reason);
        run.retried += 1;
        log.warn({ ...context, reason, retryAt: new Date(retryAt).toISOString() }, 'notification email failed; will retry');
      }
      return;
    }
    await store.markSent(message.id, now());
    run.sent += 1;
    log.info(context, 'notification email sent');
  };

  const runOnce = async (): Promise<SenderRun> => {
    const run: SenderRun = { sent: 0, retried: 0, failed: 0 };
    const tried = new Set<number>();
    while (true) {
      const due = (await store.listDue(now(), batchSize)).filter((id) => !tried.has(id));
      if (due.length === 0) return run;
      for (const id of due) {
        tried.add(id);
        await deliverOne(id, run);
      }
    }
  };

  const schedule = (delay: number) => {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  };

  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = runOnce()
      .catch((error: unknown) => log.error({ reason: describeFailure(error) }, 'outbox pass failed'))
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : pollIntervalMs);
      });
  };

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
      transport.close();
    },
    wake() {
      if (started) schedule(0);
    },
    runOnce,
  };
}

/** SMTP 5xx: the server refused for good (bad address, policy); retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const responseCode = (error as { responseCode?: unknown } | undefined)?.responseCode;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** Codes only: error messages from SMTP servers may quote the recipient's address. */
function describeFailure(error: unknown): string {
  const { code, responseCode, command } = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  const parts = [
    typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown error',
    typeof responseCode === 'number' ? `SMTP ${responseCode}` : undefined,
    typeof command === 'string' ? `during ${command.split(' ')[0]}` : undefined,
  ];
  return parts.filter(Boolean).join(', ');
}
