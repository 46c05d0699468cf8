/**
 * Counter timestamps as the real (Django REST Framework) service writes them: local time in the
 * configured zone with its offset ("2021-06-01T03:00:00+03:00"), "Z" for UTC, and Python's
 * six-digit fraction only when there is one.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Offset of `timeZone` from UTC at that instant, in whole minutes. */
function offsetMinutes(epochMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(wholeSecond)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const local = Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!);
  return Math.round((local - wholeSecond) / 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function formatCounterTime(epochMs: number, timeZone: string): string {
  const offset = offsetMinutes(epochMs, timeZone);
  const local = new Date(epochMs + offset * 60_000);
  const millis = local.getUTCMilliseconds();
  const fraction = millis === 0 ? '' : `.${pad(millis, 3)}000`;
  const absolute = Math.abs(offset);
  const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${fraction}${zone}`
  );
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
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  const millis = fraction ? Number(fraction.padEnd(3, '0').slice(0, 3)) : 0;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, millis);
  // Date.UTC rolls 31 April into May; a date that rolled was not a real date.
  if (new Date(utc).getUTCDate() !== d) return undefined;
  let offset = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const digits = zone!.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (hours > 23 || minutes > 59) return undefined;
    offset = (zone!.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  return utc - offset * 60_000;
}
