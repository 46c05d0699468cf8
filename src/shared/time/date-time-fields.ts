/**
 * Date and time fields a wire's grammar matched, and the instant they name: pure code the server's
 * wires (src/server/time) and the shared input rules both use, so a datetime is judged one way.
 */

/** The fields a wire's grammar matched; the time and zone parts are absent when not written. */
export interface DateTimeFields {
  year: string;
  month: string;
  day: string;
  hour?: string;
  minute?: string;
  second?: string;
  /** Digits after the decimal point; only the first three (milliseconds) count. */
  fraction?: string;
  /** "Z", "z" or a sign with two hour digits and optionally two minute digits, a colon between. */
  zone?: string;
}

/**
 * The instant the fields name, or undefined when they name none: a field out of range, a day the
 * month does not have, a zone offset over `maxOffsetHours`. Fields without a zone are read as UTC;
 * whether a time without a zone is acceptable at all is the wire's decision.
 */
export function instantOf(fields: DateTimeFields, maxOffsetHours: number): number | undefined {
  const [y, mo, d, h, mi, s] = [fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second].map(
    (value) => Number(value ?? 0),
  ) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  const millis = fields.fraction ? Number(fields.fraction.padEnd(3, '0').slice(0, 3)) : 0;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, millis);
  // Date.UTC rolls 31 February into March; a date that rolled is not a real date.
  if (new Date(utc).getUTCDate() !== d) return undefined;
  let offset = 0;
  const zone = fields.zone;
  if (zone && zone !== 'Z' && zone !== 'z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (hours > maxOffsetHours || minutes > 59) return undefined;
    offset = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  const result = utc - offset * 60_000;
  return Number.isFinite(result) && Math.abs(result) < 8.64e15 ? result : undefined;
}

/** The fields of a match whose groups are, in order, year, month, day, hour, minute, second, fraction, zone. */
export function fieldsOf(match: RegExpExecArray): DateTimeFields {
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  return { year: year!, month: month!, day: day!, hour, minute, second, fraction, zone };
}
