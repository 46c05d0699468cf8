/**
 * W3C datetimes: responses carry the configured zone's offset (Helsinki answers +02:00/+03:00),
 * requests may use Z or any offset.
 */
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();
// Zone offsets only change on (at least) quarter-hour boundaries, so one lookup per quarter hour.
const quarterHour = 15 * 60 * 1000;

function offsetMinutes(epochMs: number, timeZone: string): number {
  const bucket = Math.floor(epochMs / quarterHour);
  const key = `${timeZone}|${bucket}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(bucket * quarterHour).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : 0;
  if (offsetCache.size > 10_000) offsetCache.clear();
  offsetCache.set(key, minutes);
  return minutes;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** e.g. 2026-11-21T06:58:27+02:00 */
export function formatW3cDateTime(epochMs: number, timeZone: string): string {
  const offset = offsetMinutes(epochMs, timeZone);
  const local = new Date(epochMs + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`
  );
}

const w3cPattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Parses a W3C datetime ("2026-11-01T00:00:00Z", "…+02:00", or a date alone meaning its
 * midnight UTC) into epoch ms; undefined when it is not one. A time without a zone is rejected
 * because its meaning would be a guess.
 */
export function parseW3cDateTime(text: string): number | undefined {
  const match = w3cPattern.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  if (hour !== undefined && zone === undefined) return undefined;
  const parts = [Number(year), Number(month), Number(day), Number(hour ?? 0), Number(minute ?? 0), Number(second ?? 0)] as const;
  const [y, mo, d, h, mi, s] = parts;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0);
  // Date.UTC rolls 31 February into March; a date that rolled was not a real date.
  if (new Date(utc).getUTCDate() !== d) return undefined;
  let offset = 0;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetHours = Number(digits.slice(0, 2));
    const offsetMins = Number(digits.slice(2));
    if (offsetHours > 14 || offsetMins > 59) return undefined;
    offset = sign * (offsetHours * 60 + offsetMins);
  }
  const result = utc - offset * 60_000;
  return Number.isFinite(result) && Math.abs(result) < 8.64e15 ? result : undefined;
}
