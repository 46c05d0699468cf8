/** The counters storage interface. */
import type { CounterProperties } from '../../../shared/counters/wire';

/**
 * One counter as stored; the wire Feature is built from it (see feature.ts). The fields are the
 * wire's, except that times are epoch milliseconds and the point is unpacked.
 */
export interface CounterRecord extends Omit<CounterProperties, 'firstStoredObservation' | 'lastStoredObservation'> {
  /** Epoch milliseconds, or null when nothing is stored. */
  firstStoredObservation: number | null;
  lastStoredObservation: number | null;
  longitude: number;
  latitude: number;
}

/** A record with the dataset version of its last write: lets callers cache what they derive from it. */
export interface StoredCounter extends CounterRecord {
  revision: number;
}

export interface CounterRevision {
  id: number;
  revision: number;
}

/** A validated listing filter; every part is optional and they combine with AND. */
export interface CounterFilter {
  /** Compared case-insensitively and exactly. */
  source?: string;
  municipalityCodes?: string[];
  near?: { latitude: number; longitude: number; distanceKm: number };
}

export interface UpsertSummary {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface CounterRepository {
  countMatching(filter: CounterFilter): Promise<number>;
  /** Ascending id. */
  listMatching(filter: CounterFilter, offset: number, limit: number): Promise<StoredCounter[]>;
  /**
   * The same page as listMatching but only ids and revisions: much cheaper to read, so a
   * caller holding formatted counters fetches just the rows it lacks (findMany).
   */
  listRevisions(filter: CounterFilter, offset: number, limit: number): Promise<CounterRevision[]>;
  find(id: number): Promise<StoredCounter | undefined>;
  /** Ascending id; unknown ids are left out. */
  findMany(ids: readonly number[]): Promise<StoredCounter[]>;
  count(): Promise<number>;
  /** Inserts or replaces by id, all or nothing (one transaction). */
  upsertMany(records: readonly CounterRecord[]): Promise<UpsertSummary>;
  /** Changes whenever any counter is written, by this process or another on the same store. */
  datasetVersion(): Promise<number>;
}
