/** Counters' observations: series, values and sources (observations.ts). */
import type { Generated } from 'kysely';

/** The strings of a series, once; its values are rows of observations. */
export interface ObservationSeriesTable {
  id: Generated<number>;
  counter_id: number;
  measurement_type: string;
  measurement_type_folded: string;
  direction: string;
  vehicle_type: string;
  unit: string;
  phenomenon_duration_seconds: number;
  source: string;
  source_folded: string;
}

export interface ObservationsTable {
  series_id: number;
  datetime: number;
  value: number;
}

export interface ObservationSourcesTable {
  name: string;
  license: string;
  description_fi: string;
  description_sv: string;
  description_en: string;
}

export interface ObservationTables {
  observation_series: ObservationSeriesTable;
  observations: ObservationsTable;
  observation_sources: ObservationSourcesTable;
}
