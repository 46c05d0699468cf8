/**
 * Whether one counter passes the list's filters, as DRF's get_object() filters the queryset
 * before looking the id up: a counter the filters leave out is a 404 on its own URL too. The
 * same tests as the store's (storage/counter-geometry.ts: the exact distance, within it
 * inclusive; sources folded to lower case; codes as stored).
 */
import { distanceKm } from '../storage/geo';
import type { CounterFilter, StoredCounter } from '../storage/repositories/types';

export function counterMatches(counter: StoredCounter, filter: CounterFilter): boolean {
  if (filter.source !== undefined && counter.source.toLowerCase() !== filter.source.toLowerCase()) return false;
  if (filter.municipalityCodes !== undefined && !filter.municipalityCodes.includes(counter.municipalityCode)) return false;
  const { near } = filter;
  return near === undefined || distanceKm(near.latitude, near.longitude, counter.latitude, counter.longitude) <= near.distanceKm;
}
