/**
 * A distance search answers as the real service does (its CounterDistanceSerializer): each
 * feature is `{id, geometry, distance, properties: {id, name, source, classifying, crsEpsg,
 * distance}}` — no `type`, fewer properties — with the distance from the point in km, nearest
 * first. Rendered per request: the distance depends on the point asked about.
 */
import { distanceKm } from '../storage/geo';
import type { CounterFilter, StoredCounter } from '../storage/repositories/types';
import { pythonFloat } from '../drf/python-float';
import { csvHeaderLine } from './csv';

type Near = NonNullable<CounterFilter['near']>;

const kmFrom = (near: Near, counter: StoredCounter) => pythonFloat(distanceKm(near.latitude, near.longitude, counter.latitude, counter.longitude));

export function distanceFeatureJson(counter: StoredCounter, near: Near): string {
  const km = kmFrom(near, counter);
  return (
    `{"id":${counter.id},"geometry":{"type":"Point","coordinates":[${pythonFloat(counter.longitude)},${pythonFloat(counter.latitude)}]},` +
    `"distance":${km},"properties":{"id":${counter.id},"name":${JSON.stringify(counter.name)},` +
    `"source":${JSON.stringify(counter.source)},"classifying":${counter.classifying},"crsEpsg":${counter.crsEpsg},"distance":${km}}}`
  );
}

/** Kerro's CSV header with the distance column last. */
export const distanceCsvHeaderLine = csvHeaderLine.replace(/\r\n$/, ',distance\r\n');

/** Kerro's CSV row with the distance in km as a last column. */
export function withDistanceColumn(csvRow: string, counter: StoredCounter, near: Near): string {
  return `${csvRow.replace(/\r\n$/, '')},${kmFrom(near, counter)}\r\n`;
}
