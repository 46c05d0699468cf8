import { zoneOffsetSeconds } from './core';

/**
 * The instant a local day (YYYY-MM-DD, already checked) starts in `timeZone`: the audit filter's
 * `from` and, a day later, the end of its `to`. The offset is looked up at the guessed instant, so a
 * day next to a daylight-saving change starts at its own offset.
 */
export function startOfLocalDay(day: string, timeZone: string, addDays = 0): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date + addDays);
  const guess = utcMidnight - zoneOffsetSeconds(utcMidnight, timeZone) * 1000;
  return utcMidnight - zoneOffsetSeconds(guess, timeZone) * 1000;
}
