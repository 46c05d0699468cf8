/** The email outbox (outbox.ts, leased-jobs.ts). */
import type { Generated } from 'kysely';
import type { NewOutboxMessage } from '../repositories/outbox';

/** A queued message as the repository takes it, plus what the sender keeps on the row. */
export interface OutboxTable extends NewOutboxMessage {
  id: Generated<number>;
  attempts: Generated<number>;
  next_attempt_at: number;
  locked_until: number | null;
  last_error: string | null;
  sent_at: number | null;
  failed_at: number | null;
}

export interface OutboxTables {
  outbox: OutboxTable;
}
