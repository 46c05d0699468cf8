/**
 * Which demo counters have observations, and over which hours: the one place both the demo
 * counter list (its data_received, first and last stored observation) and the demo observations
 * are made from, so a counter never claims counts the observations do not hold. Seeding all
 * ~2,000 counters' 90 days would add some 8 million rows and minutes to a first start; a few
 * delivering counters and a few that stopped within the window show every state.
 */
const hour = 3_600_000;
const day = 24 * hour;

/** Counters delivering now: their observations run up to the last full hour. */
export const demoLiveCounters = 12;
/** Counters that stopped delivering some days ago, inside the window. */
export const demoStoppedCounters = 3;
/** How far back the demo observations go. */
export const demoObservationDays = 90;

/** The hours the demo observations cover as of `now`: 90 days of whole hours, ending at the last full hour. */
export function demoObservationWindow(now: number): { first: number; last: number } {
  const last = Math.floor(now / hour) * hour - hour;
  return { first: last - (demoObservationDays * 24 - 1) * hour, last };
}

/** The last hour of a stopped counter: 10 to 49 days before the window's end, whole hours. */
export function stoppedCounterLast(now: number, random: () => number): number {
  return demoObservationWindow(now).last - (10 + Math.floor(random() * 40)) * day;
}
