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
  /** Within distanceKm of the point; nearest first (ties by id) unless `order` says 'id'. */
  near?: { latitude: number; longitude: number; distanceKm: number; order?: 'distance' | 'id' };
}

/**
 * An area as GeoJSON gives it: polygons of rings of [longitude, latitude] positions, the first
 * ring the outline and the rest holes; rings closed (first position = last).
 */
export type PolygonArea = ReadonlyArray<ReadonlyArray<ReadonlyArray<readonly [number, number]>>>;


export interface UpsertSummary {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface CounterRepository {
  countMatching(filter: CounterFilter): Promise<number>;
  /** Ascending id, or nearest first for a near filter (see CounterFilter). */
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
  /**
   * Counters strictly inside the area (a point on an edge is not, as PostGIS's ST_Within on
   * plane coordinates), ascending id.
   */
  listWithin(area: PolygonArea): Promise<StoredCounter[]>;
  /** Inserts or replaces by id, all or nothing (one transaction). */
  upsertMany(records: readonly CounterRecord[]): Promise<UpsertSummary>;
  /** Changes whenever any counter is written, by this process or another on the same store. */
  datasetVersion(): Promise<number>;
}
