import type { SendSettings } from '../../forwarding/senders';

/**
 * Bodies: the organisations that handle reports (a municipality, or one of its departments), each
 * with an area, a `jurisdiction_id` and the service types it handles. With none stored, the
 * installation serves one jurisdiction (`JURISDICTION_ID`) as before.
 */

/** A body's area as GeoJSON (RFC 7946): longitude first, WGS 84, rings closed. */
export type BodyArea =
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

export interface BodyRecord {
  id: string;
  /** Unique among bodies: GeoReport's `jurisdiction_id` names one body. */
  jurisdiction_id: string;
  names: { fi: string; sv: string; en: string };
  area: BodyArea;
  /** The service codes it handles, in the order the file gave them. */
  services: string[];
  /** How its reports reach it (forwarding/senders/), as the bodies file gave it; it may hold a key, so it is never shown. */
  send: SendSettings;
}

/** A body with the size of its area (square metres): the smaller of two covering bodies is the more specific. */
export interface BodyAtPoint extends BodyRecord {
  areaSquareMeters: number;
}

/** Every body as of one change token: the same object, frozen, while the token stands. */
export interface BodiesSnapshot {
  readonly token: string;
  /** By id. */
  readonly bodies: readonly BodyRecord[];
}

export interface BodyRepository {
  /** Every body, by id. */
  list(): Promise<BodyRecord[]>;
  /**
   * Every body with the change token it is as of, for a copy kept by that token: one read of the
   * version, where changeToken() and then list() would read it twice.
   */
  snapshot(): Promise<BodiesSnapshot>;
  find(id: string): Promise<BodyRecord | undefined>;
  findByJurisdiction(jurisdictionId: string): Promise<BodyRecord | undefined>;
  /** The bodies whose area covers the point (boundary included), most specific (smallest area) first. */
  at(lat: number, long: number): Promise<BodyAtPoint[]>;
  /**
   * Stores these bodies in one transaction, replacing any with the same id (area, names, service
   * list, send) and leaving others alone. Validation is the caller's (bodies/body-file.ts).
   */
  importAll(bodies: BodyRecord[]): Promise<void>;
  /** Adds service codes to a body's list (a city's own service list imported into one body). */
  addServices(id: string, serviceCodes: string[]): Promise<boolean>;
  /** Removes a body and its service list; its requests keep their body id. False when there was none. */
  remove(id: string): Promise<boolean>;
  count(): Promise<number>;
  /** Changes whenever any body is written, by this process or another on the same store. */
  changeToken(): Promise<string>;
}
