/**
 * Which alerts a published report belongs to, the one rule for every kind:
 * - around a point: the report's point within the radius (haversine, the radius included);
 * - a street: the street part of the report's `address_string` ("Hämeentie 30, Helsinki" →
 *   "Hämeentie"), or the street (Finnish or Swedish name) of any registry address within 30 m of
 *   its point, equals the alert's street, case and spacing aside. So a report placed on the map
 *   without an address, or written in the other language, is still on its street;
 * - a body's area: the body the report was assigned to (its `body_id`), not a parent body's.
 */
import { alertRadiiMeters, streetKeyOf } from '../../shared/alerts/wire';
import { distanceMeters } from '../storage/geo';
import type { AddressRepository, AlertedReport, AlertRecipient } from '../storage/repositories/types';

/** How near an address point must be to put a report on its street. */
export const streetReachMeters = 30;
export const largestRadiusMeters = Math.max(...alertRadiiMeters);

/** The street of an address as written: before the first comma, without the house number. */
export function streetOfAddress(addressString: string | null): string | undefined {
  const first = addressString?.split(',')[0]?.trim() ?? '';
  const street = /^([^\d]+?)\s*(\d.*)?$/u.exec(first)?.[1]?.trim();
  return street && street.length >= 2 ? street : undefined;
}

/** The folded names of the streets a report lies on (see the top of this file). */
export async function streetKeysOf(report: Pick<AlertedReport, 'address_string' | 'lat' | 'long'>, addresses: Pick<AddressRepository, 'nearest'>): Promise<string[]> {
  const keys = new Set<string>();
  const written = streetOfAddress(report.address_string);
  if (written) keys.add(streetKeyOf(written));
  if (report.lat !== null && report.long !== null) {
    for (const { address } of await addresses.nearest({ lat: report.lat, long: report.long, radiusMeters: streetReachMeters }, 10)) {
      for (const name of [address.street_fi, address.street_sv]) if (name) keys.add(streetKeyOf(name));
    }
  }
  return [...keys];
}

export function alertMatches(alert: Pick<AlertRecipient, 'area'>, report: AlertedReport, streetKeys: readonly string[]): boolean {
  const { area } = alert;
  if (area.kind === 'point') {
    return report.lat !== null && report.long !== null && distanceMeters(area.lat, area.long, report.lat, report.long) <= area.radius_m;
  }
  if (area.kind === 'street') return streetKeys.includes(streetKeyOf(area.street));
  return report.body_id !== null && report.body_id === area.body_id;
}
