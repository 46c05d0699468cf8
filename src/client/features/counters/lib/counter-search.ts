/**
 * The counters' part of the map URL: counters=1 (layer on), source=…, receiving=yes|no,
 * counter=<id> (the one shown in the side panel).
 */
import { parseReceiving, type ReceivingFilter } from './counter-filters';

export interface CounterSearch {
  enabled: boolean;
  source: string | null;
  receiving: ReceivingFilter;
  selectedId: number | null;
}

export function parseCounterSearch(params: URLSearchParams): CounterSearch {
  const selected = Number(params.get('counter'));
  return {
    enabled: params.get('counters') === '1',
    source: params.get('source')?.trim() || null,
    receiving: parseReceiving(params.get('receiving')),
    selectedId: Number.isInteger(selected) && selected > 0 ? selected : null,
  };
}

/** The layer and each of its filters count as one filter on. */
export function counterFilterCount(search: CounterSearch): number {
  if (!search.enabled) return 0;
  return 1 + (search.source ? 1 : 0) + (search.receiving ? 1 : 0);
}

export function counterSearchChanges(search: Partial<CounterSearch>): Record<string, string | null> {
  const changes: Record<string, string | null> = {};
  if (search.enabled !== undefined) changes.counters = search.enabled ? '1' : null;
  if (search.source !== undefined) changes.source = search.source;
  if (search.receiving !== undefined) changes.receiving = search.receiving;
  if (search.selectedId !== undefined) changes.counter = search.selectedId === null ? null : String(search.selectedId);
  return changes;
}

/** A link to one counter on the public map, with the counters layer on and the counter chosen. */
export function counterMapHref(counter: { id: number; location: { lat: number; long: number } | null }, zoom = 16): string | null {
  if (!counter.location) return null;
  const params = new URLSearchParams({
    counters: '1',
    lat: String(counter.location.lat),
    long: String(counter.location.long),
    zoom: String(zoom),
    counter: String(counter.id),
  });
  return `/?${params.toString()}`;
}
