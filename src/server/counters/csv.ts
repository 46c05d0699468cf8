import { csvText } from '../drf/csv';
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
