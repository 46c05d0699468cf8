/**
 * Limits on asking for something about a target (an email address, a report) that strangers
 * could otherwise use up for the real resident. Each target counts per (target, requester) pair
 * with a small share, each requester counts overall, and each target has a ceiling set high
 * enough that many requesters are needed to reach it. Counted in the store, so every instance
 * counts together. A requester is the client's address as `clientAddressKey` counts it (an IPv6
 * client by its /64).
 */
import { createHash } from 'node:crypto';
import type { RateLimitRepository } from '../storage/repositories/types';
import { clientAddressKey } from './client-address';

export interface TargetLimit {
  /** What is asked about; an address as its hash, so the limits table is no list of addresses. */
  key: string;
  /** The target in an error message: "this address", "this report". */
  name: string;
  /** Within a window, by one requester. */
  perPair: number;
  /** Within a window, by everyone together. */
  perTarget: number;
}

export interface RequesterLimits {
  /** Names the kind of request in every key (`follow`, `abuse`, …). */
  scope: string;
  targets: readonly TargetLimit[];
  /** Within a window, one requester, whatever the target. */
  perRequester: number;
  windowMs: number;
}

/** Which count was full: the requester's share of a target, the requester's own, or the target's. */
export interface LimitRefusal {
  limit: 'pair' | 'requester' | 'target';
  max: number;
  retryAfterSeconds: number;
  /** Whose count it was, in words: "for this address from your network". */
  whose: string;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Counts one request; the first full count, or undefined when it may go on. Pairs are counted
 * first and counting stops at the first full one, so a requester past its share no longer
 * counts against its targets' ceilings or its own budget.
 */
export async function countAgainstLimits(rateLimits: RateLimitRepository, clientIp: string, limits: RequesterLimits, now: number): Promise<LimitRefusal | undefined> {
  const requester = sha256Hex(clientAddressKey(clientIp));
  const counts: { key: string; max: number; limit: LimitRefusal['limit']; whose: string }[] = [
    ...limits.targets.map((target) => ({ key: `${limits.scope}:pair:${target.key}:${requester}`, max: target.perPair, limit: 'pair' as const, whose: `for ${target.name} from your network` })),
    { key: `${limits.scope}:client:${requester}`, max: limits.perRequester, limit: 'requester', whose: 'from your network' },
    ...limits.targets.map((target) => ({ key: `${limits.scope}:target:${target.key}`, max: target.perTarget, limit: 'target' as const, whose: `for ${target.name}` })),
  ];
  for (const { key, max, limit, whose } of counts) {
    const { count, resetAt } = await rateLimits.hit(key, limits.windowMs, now);
    if (count > max) return { limit, max, whose, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }
  return undefined;
}

/** "try again in 12 minutes": how a refusal says when (at least one minute). */
export const tryAgainIn = (refusal: LimitRefusal) => `try again in ${Math.ceil(refusal.retryAfterSeconds / 60)} minutes`;
