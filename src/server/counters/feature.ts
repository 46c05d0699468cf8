import { pythonFloat } from '../drf/python-float';
import { formatCounterTime } from './time';
import type { CounterRecord } from '../storage/repositories/types';

const time = (epochMs: number | null, timeZone: string) =>
  epochMs === null ? 'null' : JSON.stringify(formatCounterTime(epochMs, timeZone));

/**
 * Compact JSON of one Feature (the shared wire shape, CounterFeature in src/shared/counters/wire.ts), written by hand so coordinates keep the float form the real
 * service prints (`0.0`, `25.0`), which JSON.stringify would shorten to `0`, `25`.
 */
export function featureJson(counter: CounterRecord, timeZone: string): string {
  return (
    `{"type":"Feature","id":${counter.id},"geometry":{"type":"Point","coordinates":[` +
    `${pythonFloat(counter.longitude)},${pythonFloat(counter.latitude)}]},"properties":{` +
    `"id":${counter.id},"name":${JSON.stringify(counter.name)},"source":${JSON.stringify(counter.source)},` +
    `"sourceId":${counter.sourceId === null ? 'null' : counter.sourceId},"classifying":${counter.classifying},` +
    `"crsEpsg":${counter.crsEpsg},"municipalityCode":${JSON.stringify(counter.municipalityCode)},` +
    `"dataReceived":${counter.dataReceived},` +
    `"firstStoredObservation":${time(counter.firstStoredObservation, timeZone)},` +
    `"lastStoredObservation":${time(counter.lastStoredObservation, timeZone)}}}`
  );
}
