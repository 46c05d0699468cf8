/** Reading a W3C datetime, as GeoReport requests send them; shared so the browser checks answers as the service does. */
import { fieldsOf, instantOf } from './date-time-fields';

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
