/**
 * W3C datetimes, as GeoReport answers and the moderation API write them: responses carry the
 * configured zone's offset (Helsinki answers +02:00/+03:00), requests may use Z or any offset.
 */
import { dateAndClock, fieldsOf, instantOf, offsetText, wallClock, zoneOffsetSeconds } from './core';

/** e.g. 2026-11-21T06:58:27+02:00; an offset with seconds (local mean time) keeps its whole minutes. */
export function formatW3cDateTime(epochMs: number, timeZone: string): string {
  const offset = Math.trunc(zoneOffsetSeconds(epochMs, timeZone) / 60);
  return `${dateAndClock(wallClock(epochMs, offset))}${offsetText(offset)}`;
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
  const fields = fieldsOf(match);
  if (fields.hour !== undefined && fields.zone === undefined) return undefined;
  return instantOf(fields, 14);
}
