/**
 * Deadlines (issue 41, item 6): a service type may have a target time to close in whole days; a
 * published report still open that long after it was made is overdue. A day is 24 hours counted
 * from the report's own time, not a calendar day, so the rule reads the same in every time zone.
 */
export const targetDayMs = 86_400_000;

/** When a report made at `requestedAt` (epoch ms) becomes overdue under a target of `targetDays`. */
export function overdueFrom(requestedAt: number, targetDays: number): number {
  return requestedAt + targetDays * targetDayMs;
}
