/** Subscription rows as both backends store them, and the rules of fanning out, written once. */
import type { Recipient, Subscription, SubscriptionRole } from './repositories/types';

export interface SubscriptionRow {
  id: number;
  service_request_id: string;
  role: SubscriptionRole;
  email: string;
  locale: string;
  created_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
}

/** What callers may know of a subscription: never its address. */
export function subscriptionOf(row: SubscriptionRow): Subscription {
  return {
    id: Number(row.id),
    service_request_id: row.service_request_id,
    role: row.role,
    locale: row.locale,
    confirmed: row.confirmed_at !== null,
    unsubscribed: row.unsubscribed_at !== null,
  };
}

/** Each address once (a reporter who also follows gets one copy, the reporter's). */
export function distinctRecipients(rows: readonly Recipient[]): Recipient[] {
  const seen = new Set<string>();
  const ordered = [...rows].sort((a, b) => (a.role === b.role ? 0 : a.role === 'reporter' ? -1 : 1));
  return ordered
    .filter((row) => {
      const key = row.email.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((row) => ({ ...row, subscription_id: Number(row.subscription_id) }));
}
