/**
 * The email outbox: a message is stored in the same transaction as the change that causes it,
 * and a sender delivers it later.
 */
export interface NewOutboxMessage {
  /** Stable for the row's life, so a message sent twice after a crash is recognisably the same. */
  message_id: string;
  service_request_id: string | null;
  to_address: string;
  locale: string;
  subject: string;
  body_text: string;
  /** The same message as HTML ('' for text only). */
  body_html: string;
  /** One-click unsubscribe (RFC 8058) for List-Unsubscribe ('' when the message has none). */
  unsubscribe_url: string;
  /** Epoch milliseconds; also the message's Date header. */
  created_at: number;
}

export interface OutboxMessage extends NewOutboxMessage {
  id: number;
  /** Delivery attempts so far, this one included once claimed. */
  attempts: number;
}

/** The outbox at a glance, for metrics and the admin command. */
export interface OutboxSummary {
  /** Not sent and not given up: waiting, leased or to be retried. */
  pending: number;
  /** Given up after a permanent refusal or too many attempts. */
  failed: number;
  /** When the oldest pending message was queued (epoch ms); null with none pending. */
  oldestPendingAt: number | null;
}

/** One unsent message as an operator sees it: never its address or texts. */
export interface OutboxEntry {
  id: number;
  service_request_id: string | null;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  /** Epoch ms when it was given up; null while pending. */
  failed_at: number | null;
  last_error: string | null;
}

export interface OutboxStore {
  /** Ids of messages due now: not sent, not given up, not leased by a sender. */
  listDue(now: number, limit: number): Promise<number[]>;
  /**
   * Leases a due message to this sender until `leaseUntil` and counts the attempt. Undefined
   * when another sender got it first or it is no longer due. A sender that dies mid-delivery
   * leaves the lease to expire, and the message is tried again (at-least-once).
   */
  claim(id: number, now: number, leaseUntil: number): Promise<OutboxMessage | undefined>;
  /** Delivered: the address, texts and link are forgotten, only the subject and Message-ID stay. */
  markSent(id: number, now: number): Promise<void>;
  retryLater(id: number, retryAt: number, error: string): Promise<void>;
  giveUp(id: number, now: number, error: string): Promise<void>;
  summary(): Promise<OutboxSummary>;
  /** Unsent messages, pending and failed, oldest first. */
  listUnsent(limit: number): Promise<OutboxEntry[]>;
  /** Puts given-up messages (all, or the one `id`) back in the queue, due `now` with fresh attempts. Returns how many. */
  retryFailed(now: number, id?: number): Promise<number>;
  /** Deletes given-up messages (all, or the one `id`); they will never be sent. Returns how many. */
  purgeFailed(id?: number): Promise<number>;
}
