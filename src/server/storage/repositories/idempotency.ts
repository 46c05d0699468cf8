/**
 * Idempotency keys (the IETF HTTPAPI Idempotency-Key draft): who sent a key (`scope`), the
 * request it came with (a fingerprint) and its first answer, so a repeat gets that answer and
 * never runs the request again, on any instance.
 */

/** An answer kept whole: what a repeat of its request is sent. */
export interface StoredAnswer {
  statusCode: number;
  contentType: string;
  body: string;
}

export interface IdempotencyClaimAsk {
  scope: string;
  key: string;
  fingerprint: string;
  now: number;
  /** How long the claim holds while its request runs; a claim whose holder died is taken over after it. */
  leaseMs: number;
}

export type IdempotencyClaim =
  /** The caller is the first (or takes over a dead or expired claim): run the request, then `complete` or `release`. */
  | { outcome: 'claimed' }
  /** The same request was answered already: send this. */
  | { outcome: 'replay'; answer: StoredAnswer }
  /** The same request is running now, its claim held until `leaseUntil`. */
  | { outcome: 'running'; leaseUntil: number }
  /** The key came with another request. */
  | { outcome: 'mismatch' };

export type IdempotencyState = { state: 'done'; answer: StoredAnswer } | { state: 'running'; leaseUntil: number };

/** A key's first answer, to keep until `expiresAt`: given to `complete`, or to the change it answers (a new report) to record in the same transaction. */
export interface KeyCompletion {
  scope: string;
  key: string;
  answer: StoredAnswer;
  expiresAt: number;
}

export interface IdempotencyRepository {
  /**
   * Atomically, across instances: claims the key for its request when no live record holds it,
   * else says what the record holds. Records past their expiry are forgotten here.
   */
  claim(ask: IdempotencyClaimAsk): Promise<IdempotencyClaim>;
  /** Stores the claimed request's first answer, kept until `expiresAt`. */
  complete(ask: KeyCompletion): Promise<void>;
  /** Gives up a running claim (its request failed): the key may be used again. Never touches a done record. */
  release(scope: string, key: string): Promise<void>;
  /** What the key holds now, unexpired; undefined when nothing. */
  find(scope: string, key: string, now: number): Promise<IdempotencyState | undefined>;
}
