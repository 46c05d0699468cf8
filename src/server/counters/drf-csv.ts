/**
 * `csv_layout=drf`: CSV in the real service's layout (djangorestframework-csv flattening its
 * features): one column per nested key with dotted names (`geometry.coordinates.0`,
 * `properties.crs_epsg` — snake_case, as that renderer does not camelCase), the columns sorted,
 * Python's `True`/`False`, null as an empty field, no header for an empty page. Kerro's own text
 * safety stays: free text starting like a formula gets a leading `'`.
 */
import { distanceKm } from '../storage/geo';
import type { CounterFilter, StoredCounter } from '../storage/repositories/types';
import { csvText, pythonBool, type FlatRow } from '../drf/csv';
import { pythonFloat } from '../drf/python-float';
import { formatCounterTime } from './time';

type Near = NonNullable<CounterFilter['near']>;

const time = (epochMs: number | null, timeZone: string) => (epochMs === null ? '' : formatCounterTime(epochMs, timeZone));

function geometryColumns(counter: StoredCounter): FlatRow {
  return {
    'geometry.coordinates.0': pythonFloat(counter.longitude),
    'geometry.coordinates.1': pythonFloat(counter.latitude),
    'geometry.type': 'Point',
  };
}

/** One feature flattened, as the real service's CSV renderer flattens its serializer's data. */
export function drfCsvFields(counter: StoredCounter, timeZone: string): FlatRow {
  return {
    ...geometryColumns(counter),
    id: String(counter.id),
    'properties.classifying': pythonBool(counter.classifying),
    'properties.crs_epsg': String(counter.crsEpsg),
    'properties.data_received': pythonBool(counter.dataReceived),
    'properties.first_stored_observation': time(counter.firstStoredObservation, timeZone),
    'properties.id': String(counter.id),
    'properties.last_stored_observation': time(counter.lastStoredObservation, timeZone),
    'properties.municipality_code': csvText(counter.municipalityCode),
    'properties.name': csvText(counter.name),
    'properties.source': csvText(counter.source),
    'properties.source_id': counter.sourceId === null ? '' : String(counter.sourceId),
    type: 'Feature',
  };
}

/** A distance search's feature flattened (its serializer has fewer properties and no type). */
export function drfCsvDistanceFields(counter: StoredCounter, near: Near): FlatRow {
  const km = pythonFloat(distanceKm(near.latitude, near.longitude, counter.latitude, counter.longitude));
  return {
    distance: km,
    ...geometryColumns(counter),
    id: String(counter.id),
    'properties.classifying': pythonBool(counter.classifying),
    'properties.crs_epsg': String(counter.crsEpsg),
    'properties.distance': km,
    'properties.id': String(counter.id),
    'properties.name': csvText(counter.name),
    'properties.source': csvText(counter.source),
  };
}

/** Whether the query asks for the real service's CSV layout. */
export const wantsDrfCsv = (layout: string | undefined) => layout === 'drf';
