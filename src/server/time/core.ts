/**
 * The one core of every wire's timestamps: a zone's offset at an instant, the wall-clock parts of
 * an instant at an offset, and the checks that turn parsed date and time fields into an instant.
 * Each wire keeps its own grammar and rendering on top (w3c.ts for GeoReport and moderation,
 * counters/time.ts for the counter list), so their texts stay exactly what their clients expect.
 */

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();
// Zone transitions fall at most once in a quarter hour, so one bucket whose two ends agree has
// one offset throughout; a bucket holding a transition is looked up per instant instead.
const quarterHour = 15 * 60 * 1000;

function lookupOffsetSeconds(epochMs: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(epochMs).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  // "GMT", "GMT+02:00", or with seconds for historic local mean time ("GMT+01:39:49").
  const match = /GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?/.exec(name);
  if (!match) return 0;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return match[1] === '-' ? -seconds : seconds;
}

/** Offset of `timeZone` from UTC at that instant, in seconds. */
export function zoneOffsetSeconds(epochMs: number, timeZone: string): number {
  const bucket = Math.floor(epochMs / quarterHour);
  const key = `${timeZone}|${bucket}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const start = lookupOffsetSeconds(bucket * quarterHour, timeZone);
  if (start !== lookupOffsetSeconds((bucket + 1) * quarterHour - 1, timeZone)) return lookupOffsetSeconds(epochMs, timeZone);
  if (offsetCache.size > 10_000) offsetCache.clear();
  offsetCache.set(key, start);
  return start;
}

export const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The wall-clock reading of an instant at a fixed offset from UTC. */
export function wallClock(epochMs: number, offsetMinutes: number): DateParts {
  const local = new Date(epochMs + offsetMinutes * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    millisecond: local.getUTCMilliseconds(),
  };
}

/** "2026-11-21T06:58:27": date and time to the second, no fraction and no zone. */
export function dateAndClock(parts: DateParts): string {
  return (
    `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}` +
    `T${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`
  );
}

/** "+02:00", "-03:30". */
export function offsetText(offsetMinutes: number): string {
  const absolute = Math.abs(offsetMinutes);
  return `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

export { fieldsOf, instantOf, type DateTimeFields } from '../../shared/time/date-time-fields';
