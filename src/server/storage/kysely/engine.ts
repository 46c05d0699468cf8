/**
 * What a shared repository is given: the Kysely instance over the engine's connection(s), and
 * the few things the engines do differently, as hooks. Everything else is written once.
 */
import type { CompiledQuery, Kysely, RawBuilder } from 'kysely';
import type { Near } from './request-filters';
import type { Tables } from './tables';
import type { RequestColumn } from '../request-rows';
import type { BodyArea, ServiceRequestQuery } from '../repositories/types';

export type Db = Kysely<Tables>;

/** A stored body's area and its box (longitude first, as GeoJSON's bbox), as the bodies repository read them at one version. */
export interface BodyAreaEntry {
  id: string;
  area: BodyArea;
  box: readonly [minLong: number, minLat: number, maxLong: number, maxLat: number];
}

export interface Engine {
  readonly kind: 'sqlite' | 'postgres';
  readonly db: Db;
  /**
   * Runs `work` in one write transaction: COMMIT when it resolves, ROLLBACK when it throws.
   * SQLite takes the write lock at BEGIN (IMMEDIATE), so what the work reads is what it changes.
   */
  write<T>(work: (trx: Db) => Promise<T>): Promise<T>;
  /** Runs `work`'s reads on one snapshot of the database (PostgreSQL: REPEATABLE READ, READ ONLY). */
  snapshot<T>(work: (trx: Db) => Promise<T>): Promise<T>;
  /**
   * Moves whenever service types are written, by any process. PostgreSQL reads the version row
   * its triggers keep (concurrent readers share one query); SQLite has no such row and asks the
   * connection whether anything at all was written (data_version, total_changes), which costs no
   * round trip.
   */
  serviceTypesVersion(): Promise<string>;
  /**
   * Narrows a radius search over a table with a PostGIS `location` column (PostgreSQL: the GiST
   * index, to a circle a little wider than the radius, which holds every answer); SQLite has no
   * such index, and the bounding box alone narrows there. The distance itself is computed in
   * JavaScript (geo.ts), so both engines agree to the bit.
   */
  nearLocation(near: { lat: number; long: number; radiusMeters: number }): RawBuilder<boolean> | undefined;
  /** `column` lower-cased as SQLite's LOWER() does it: A–Z only ('Ä' stays 'Ä'). */
  asciiLower(column: 'name_fi' | 'name_sv' | 'name_en'): RawBuilder<string>;
  /**
   * The newest `query.limit` requests matching `query` within `near`, newest first, as `columns`:
   * SQLite narrows by its grid cells (grid.ts), PostgreSQL by its GiST index, each in the time
   * windows that suit its index; both keep exactly the rows whose haversine distance is within.
   */
  requestsNear<Row>(query: ServiceRequestQuery, near: Near, columns: readonly (RequestColumn | 'revision')[]): Promise<Row[]>;
  /** Runs `query` for rows as arrays of its columns in order: no object built per row, for hot reads of many rows. */
  arrays<Row extends unknown[]>(query: CompiledQuery): Promise<Row[]>;
  /** The columns a request row has on this engine alone, from its point: SQLite's grid cell (PostgreSQL generates its location). */
  requestLocationColumns(point: { lat: number | null; long: number | null }): object;
  /** After a bulk load of `rows` requests, whatever keeps the planner's estimates right (PostgreSQL: ANALYZE). */
  afterBulkLoad(rows: number): Promise<void>;
  /**
   * Inside `write`, makes transactions naming any of the same keys take turns until COMMIT
   * (PostgreSQL: advisory locks taken in key order, so two never wait on each other in a cycle).
   * SQLite's write transaction already holds the one write lock.
   */
  serialize(trx: Db, keys: readonly string[]): Promise<void>;
  /**
   * The query locking the rows it reads until COMMIT (PostgreSQL: FOR UPDATE, with `skipLocked`
   * leaving rows another transaction holds); SQLite's write transaction already holds them all.
   */
  forUpdate<Q extends Lockable<Q>>(query: Q, options?: { skipLocked: boolean }): Q;
  /** SQLite: tells the planner which index to walk (INDEXED BY) where it would choose worse; PostgreSQL plans well alone. */
  indexedBy(index: string): RawBuilder<unknown>;
  /**
   * The ids of the bodies whose area covers the point, boundary included, in no particular order.
   * PostgreSQL asks its PostGIS `area` column (GiST index, ST_Covers). SQLite has no spatial index:
   * it indexes `areas` (every body at the version the repository last read, the same array until a
   * body is written) in memory, a flatbush over the boxes, then point in polygon (sqlite/body-areas.ts).
   */
  bodiesAt(point: { lat: number; long: number }, areas: readonly BodyAreaEntry[]): Promise<string[]>;
  /** A body row's columns on this engine alone, from its area's GeoJSON: PostgreSQL's PostGIS `area`. */
  bodyAreaColumns(areaGeoJson: string): object;
  /**
   * The start (epoch ms) of the local period holding `datetime` (epoch ms), as Django's Trunc:
   * PostgreSQL's date_trunc in the zone, weeks from Monday. SQLite knows no time zones: undefined,
   * and the caller folds hours itself.
   */
  periodStart(datetime: RawBuilder<number>, into: { period: 'day' | 'week' | 'month' | 'year'; timeZone: string }): RawBuilder<number> | undefined;
}

export interface Lockable<Q> {
  forUpdate(): Q;
  skipLocked(): Q;
}
