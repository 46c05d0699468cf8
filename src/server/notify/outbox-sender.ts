import type { OutboxStore } from '../storage/repositories/types';
import { createJobLoop, defaultRetryDelayMs, type JobLoop, type JobOutcome, type LoopLogger, type SenderRun } from '../jobs/job-loop';
import type { MailTransport } from './mail-transport';

/**
 * Delivers the email outbox.
 *
 * Guarantee: at-least-once. A message is leased, handed to the transport, then marked sent. If
 * the process dies after the hand-over but before the mark, the lease expires and the message is
 * sent again, with the same Message-ID and Date, so a recipient's mail system (or a person) can
 * tell it is a duplicate. The .eml file transport overwrites its file, so there it is exactly one.
 * A mark the database refused (it blinked) is remembered and made before the next pass lists
 * anything, and this process never hands that message over again: a blink costs no second copy
 * unless the database stays away from this instance until the lease ends and another sends it.
 * Transient failures are retried with exponential backoff; permanent refusals (SMTP 5xx) and
 * messages that keep failing are given up and logged.
 *
 * Logs name outbox ids, never addresses or texts; SMTP errors are logged by code only because
 * their messages can quote the address.
 */
export type SenderLogger = LoopLogger;
export type { SenderRun };

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

export interface OutboxSender extends JobLoop {
  /** Stops polling and waits for a delivery in progress; closes the transport. */
  stop(): Promise<void>;
}

export { defaultRetryDelayMs };

export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { store, transport, log } = options;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 15;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;

  // Handed over, but the mark did not reach the database: marked before the next pass lists
  // anything, so while the database refuses it no pass lists the message again.
  const deliveredUnmarked = new Set<number>();
  const markRemembered = async () => {
    for (const id of deliveredUnmarked) {
      await store.markSent(id, now());
      deliveredUnmarked.delete(id);
    }
  };

  const deliverOne = async (id: number): Promise<JobOutcome> => {
    const message = await store.claim(id, now(), now() + leaseMs);
    if (!message) return undefined; // another sender has it, or it was handled meanwhile
    const context = { outboxId: message.id, serviceRequestId: message.service_request_id, attempt: message.attempts };
    try {
      await transport.deliver(message);
    } catch (error) {
      const reason = describeFailure(error);
      if (isPermanent(error) || message.attempts >= maxAttempts) {
        await store.giveUp(message.id, now(), reason);
        log.error({ ...context, reason }, 'notification email given up');
        return 'failed';
      }
      const retryAt = now() + retryDelayMs(message.attempts);
      await store.retryLater(message.id, retryAt, reason);
      log.warn({ ...context, reason, retryAt: new Date(retryAt).toISOString() }, 'notification email failed; will retry');
      return 'retried';
    }
    try {
      await store.markSent(message.id, now());
    } catch (error) {
      deliveredUnmarked.add(message.id);
      log.warn({ ...context, reason: describeFailure(error) }, 'notification email sent, but recording it failed; recorded at the next pass, never sent again by this process');
      return 'sent';
    }
    log.info(context, 'notification email sent');
    return 'sent';
  };

  const loop = createJobLoop({
    listDue: async (at, limit) => {
      await markRemembered();
      return store.listDue(at, limit);
    },
    handle: deliverOne,
    log,
    passFailed: 'outbox pass failed',
    describeError: describeFailure,
    now,
    pollIntervalMs: options.pollIntervalMs,
  });
  return {
    ...loop,
    async stop() {
      await loop.stop();
      transport.close();
    },
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
