/**
 * The loop every queue sender runs (the email outbox, the forward jobs): poll for due jobs, hand
 * each to `handle` (which leases it, works it, and ends it or puts it back), run again at once
 * when woken or when jobs came in during a pass, and on stop wait for the pass in progress.
 * Leases, retries and what counts as a failure are the handler's: this knows only the rhythm.
 */
export interface LoopLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** How a pass ended for one job; undefined when another sender had it or it was no longer due. */
export type JobOutcome = 'sent' | 'retried' | 'failed' | undefined;

export interface SenderRun {
  sent: number;
  retried: number;
  failed: number;
}

/** An error by its name alone: a message may quote a report or an address. */
const errorName = (error: unknown) => (error instanceof Error ? error.name : 'unknown error');

export interface JobLoopOptions<Id> {
  listDue(now: number, limit: number): Promise<Id[]>;
  handle(id: Id): Promise<JobOutcome>;
  log: LoopLogger;
  /** The log line of a pass that failed as a whole (the store unreachable, say). */
  passFailed: string;
  /** How an error of a failed pass is logged: never a message that may quote personal data; by default its name only. */
  describeError?(error: unknown): string;
  now?: () => number;
  pollIntervalMs?: number;
}

export interface JobLoop {
  start(): void;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
  /** Runs a pass now instead of at the next poll. */
  wake(): void;
  /** One pass over every job due now. */
  runOnce(): Promise<SenderRun>;
}

/** Exponential from 30 s, at most an hour: a receiver down for a while is not hammered. */
export const defaultRetryDelayMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);

const batchSize = 20;

export function createJobLoop<Id>(options: JobLoopOptions<Id>): JobLoop {
  const { log } = options;
  const now = options.now ?? Date.now;
  const pollIntervalMs = options.pollIntervalMs ?? 10_000;

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let started = false;

  const runOnce = async (): Promise<SenderRun> => {
    const run: SenderRun = { sent: 0, retried: 0, failed: 0 };
    // A job retried at once (no delay) is due again in the same pass; it waits for the next one.
    const tried = new Set<Id>();
    while (true) {
      const due = (await options.listDue(now(), batchSize)).filter((id) => !tried.has(id));
      if (due.length === 0) return run;
      for (const id of due) {
        tried.add(id);
        const outcome = await options.handle(id);
        if (outcome) run[outcome] += 1;
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
      .catch((error: unknown) => log.error({ reason: (options.describeError ?? errorName)(error) }, options.passFailed))
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
    },
    wake() {
      if (started) schedule(0);
    },
    runOnce,
  };
}
