/**
 * Counter timestamps as the real (Django REST Framework) service writes them: local time in the
 * configured zone with its offset ("2021-06-01T03:00:00+03:00"), "Z" for UTC, and Python's
 * six-digit fraction only when there is one. The zone lookup and field checks are the shared
 * core's (src/server/time/core.ts); the grammar and rendering here are this wire's.
 */
import { dateAndClock, fieldsOf, instantOf, offsetText, pad, wallClock, zoneOffsetSeconds } from '../time/core';

export function formatCounterTime(epochMs: number, timeZone: string): string {
  // An offset with seconds (historic local mean time) is rounded to whole minutes.
  const offset = Math.round(zoneOffsetSeconds(epochMs, timeZone) / 60);
  const parts = wallClock(epochMs, offset);
  const fraction = parts.millisecond === 0 ? '' : `.${pad(parts.millisecond, 3)}000`;
  return `${dateAndClock(parts)}${fraction}${offset === 0 ? 'Z' : offsetText(offset)}`;
}

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * Parses an ISO 8601 timestamp that carries Z or a UTC offset into epoch ms (fractions finer
 * than a millisecond are dropped). Undefined when it is not one, including a time without a
 * zone: its instant would be a guess.
 */
export function parseOffsetTimestamp(text: string): number | undefined {
  const match = isoPattern.exec(text);
  if (!match) return undefined;
  return instantOf(fieldsOf(match), 23);
}
