/** Traffic counters and their dataset version (counters.ts). */

/** counter-rows.ts encodes and decodes a row; revision is the counter_dataset version of its last write. */
export interface CountersTable {
  id: number;
  name: string;
  source: string;
  source_folded: string;
  source_id: number | null;
  classifying: number;
  crs_epsg: number;
  municipality_code: string;
  data_received: number;
  first_stored_observation: number | null;
  last_stored_observation: number | null;
  longitude: number;
  latitude: number;
  revision: number;
}

/** One row (id 1): the version every counter write moves. */
export interface CounterDatasetTable {
  id: number;
  version: number;
}

export interface CounterTables {
  counters: CountersTable;
  counter_dataset: CounterDatasetTable;
}
