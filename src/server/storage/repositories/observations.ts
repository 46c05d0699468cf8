/** The counter observations storage interface: counts and speeds per counter and time, and their data sources. */

/** One stored value, with the real service's facts about it (lidotiku's vw_observations). */
export interface ObservationRecord {
  counterId: number;
  /** `count`, `speed`, … (the real `typeofmeasurement`). */
  measurementType: string;
  direction: string;
  vehicleType: string;
  unit: string;
  phenomenonDurationSeconds: number;
  source: string;
  /** Epoch milliseconds: the start of the measured period. */
  datetime: number;
  value: number;
}

/** Every part optional; they combine with AND. */
export interface ObservationFilter {
  counterIds?: readonly number[];
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, inclusive. */
  to?: number;
  /** Compared case-insensitively and exactly, as the real filter's `iexact`. */
  measurementType?: string;
  source?: string;
}

export type ObservationSortField = 'datetime' | 'counterId' | 'measurementType' | 'direction' | 'vehicleType';
export interface ObservationSortKey {
  field: ObservationSortField;
  descending: boolean;
}

/** A keyset position: the sort fields' values of the row a page continues after. */
export type ObservationPosition = ReadonlyArray<string | number>;

export interface ObservationPageQuery {
  /** A total order: must end in the unique key (see observationUniqueFields). */
  order: readonly ObservationSortKey[];
  /** Rows strictly after this position in `order` (keyset paging). */
  after?: ObservationPosition;
  offset: number;
  limit: number;
}

export interface ObservationAggregateQuery {
  counterId: number;
  measurementType: string;
  from?: number;
  to?: number;
  /**
   * What the caller will fold the hours into. A backend may fold them itself (PostgreSQL does,
   * sending a period's row instead of each hour's); the buckets' `start` is then the period's.
   */
  foldInto?: { period: 'day' | 'week' | 'month' | 'year'; timeZone: string };
}

/**
 * The sum and count of one series' values (a counter's direction and vehicle type) in one UTC
 * hour (or the period of `foldInto`). Series of one direction and unit (several vehicle types) give a bucket each for the same
 * hour: the caller adds them up as it folds hours into local days, weeks and months.
 */
export interface ObservationBucket {
  direction: string;
  unit: string;
  /** Epoch ms: the start of the hour (or period). */
  start: number;
  sum: number;
  count: number;
}

/** A data source as the real `metadata/sources` lists it, with its description in each language. */
export interface ObservationSourceRecord {
  name: string;
  license: string;
  descriptions: { fi: string; sv: string; en: string };
}

export interface ObservationRepository {
  /**
   * Inserts, or replaces by (counter, measurement type, direction, vehicle type, datetime), all
   * or nothing.
   */
  upsertMany(records: readonly ObservationRecord[]): Promise<{ written: number }>;
  list(filter: ObservationFilter, page: ObservationPageQuery): Promise<ObservationRecord[]>;
  count(filter: ObservationFilter): Promise<number>;
  /** In no particular order. */
  aggregate(query: ObservationAggregateQuery): Promise<ObservationBucket[]>;
  /** Ascending name. */
  listSources(): Promise<ObservationSourceRecord[]>;
  upsertSources(records: readonly ObservationSourceRecord[]): Promise<void>;
}
