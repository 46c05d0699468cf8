import { pythonFloat } from '../drf/python-float';
import { formatCounterTime } from './time';
import type { CounterRecord } from '../storage/repositories/types';

/** The Feature flattened: its properties, then the point. */
export const csvColumns = [
  'id',
  'name',
  'source',
  'sourceId',
  'classifying',
  'crsEpsg',
  'municipalityCode',
  'dataReceived',
  'firstStoredObservation',
  'lastStoredObservation',
  'longitude',
  'latitude',
] as const;

/** RFC 4180: a field with a comma, quote or line break goes in quotes, quotes doubled. */
function quoteField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/**
 * Free text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe (OWASP "CSV injection"). Numbers are never free text, so a negative
 * longitude stays a number.
 */
function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Free text as a CSV field: formula-neutralised, then quoted when it must be. */
export const csvText = (value: string) => quoteField(neutraliseFormula(value));
const text = csvText;
const time = (epochMs: number | null, timeZone: string) => (epochMs === null ? '' : formatCounterTime(epochMs, timeZone));

export const csvHeaderLine = `${csvColumns.join(',')}\r\n`;

/** One CRLF-terminated row; null is an empty field, booleans are true/false as in the JSON. */
export function csvRow(counter: CounterRecord, timeZone: string): string {
  return (
    [
      String(counter.id),
      text(counter.name),
      text(counter.source),
      counter.sourceId === null ? '' : String(counter.sourceId),
      String(counter.classifying),
      String(counter.crsEpsg),
      text(counter.municipalityCode),
      String(counter.dataReceived),
      time(counter.firstStoredObservation, timeZone),
      time(counter.lastStoredObservation, timeZone),
      pythonFloat(counter.longitude),
      pythonFloat(counter.latitude),
    ].join(',') + '\r\n'
  );
}
