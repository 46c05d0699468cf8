/**
 * How a counter is laid out in a table row, for every backend: booleans as 0/1, times as epoch
 * milliseconds, the source also folded for the case-insensitive filter. The one place that
 * encodes, decodes and compares stored counters.
 */
import type { CountersTable } from './kysely/counters.table';
import type { CounterRecord, StoredCounter } from './repositories/types';

/** A row as read (source_folded serves the filter only). */
type CounterRow = Omit<CountersTable, 'source_folded'>;

export function decodeCounter(row: CounterRow): StoredCounter {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    sourceId: row.source_id,
    classifying: row.classifying === 1,
    crsEpsg: row.crs_epsg,
    municipalityCode: row.municipality_code,
    dataReceived: row.data_received === 1,
    firstStoredObservation: row.first_stored_observation,
    lastStoredObservation: row.last_stored_observation,
    longitude: row.longitude,
    latitude: row.latitude,
    revision: row.revision,
  };
}

export function encodeCounter(record: CounterRecord, revision: number): CountersTable {
  return {
    id: record.id,
    name: record.name,
    source: record.source,
    source_folded: foldSource(record.source),
    source_id: record.sourceId,
    classifying: record.classifying ? 1 : 0,
    crs_epsg: record.crsEpsg,
    municipality_code: record.municipalityCode,
    data_received: record.dataReceived ? 1 : 0,
    first_stored_observation: record.firstStoredObservation,
    last_stored_observation: record.lastStoredObservation,
    longitude: record.longitude,
    latitude: record.latitude,
    revision,
  };
}

/** The case folding used both when storing and when filtering, so the two always agree. */
export const foldSource = (source: string) => source.toLowerCase();

export function sameCounterContent(a: CounterRecord, b: CounterRecord): boolean {
  return (
    a.name === b.name &&
    a.source === b.source &&
    a.sourceId === b.sourceId &&
    a.classifying === b.classifying &&
    a.crsEpsg === b.crsEpsg &&
    a.municipalityCode === b.municipalityCode &&
    a.dataReceived === b.dataReceived &&
    a.firstStoredObservation === b.firstStoredObservation &&
    a.lastStoredObservation === b.lastStoredObservation &&
    a.longitude === b.longitude &&
    a.latitude === b.latitude
  );
}
