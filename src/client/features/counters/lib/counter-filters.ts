import { collator as cachedCollator } from '../../../lib/intl-formats';
import type { Counter } from './counter';
import { municipalityNames } from './municipalities';

export type ReceivingFilter = 'yes' | 'no' | null;

export interface CounterFilters {
  source: string | null;
  receiving: ReceivingFilter;
  /** Free text matched against name, id, source id and municipality, by code or name (table only). */
  text?: string;
}

export function parseReceiving(value: string | null): ReceivingFilter {
  return value === 'yes' || value === 'no' ? value : null;
}

export function filterCounters(counters: readonly Counter[], filters: CounterFilters): Counter[] {
  const needle = filters.text?.trim().toLocaleLowerCase() ?? '';
  return counters.filter((counter) => {
    if (filters.source && counter.source !== filters.source) return false;
    if (filters.receiving === 'yes' && !counter.dataReceived) return false;
    if (filters.receiving === 'no' && counter.dataReceived) return false;
    if (needle) {
      const haystack = [counter.name, String(counter.id), counter.sourceId ?? '', counter.municipalityCode, ...municipalityNames(counter.municipalityCode), counter.source]
        .join(' ')
        .toLocaleLowerCase();
      if (!haystack.includes(needle)) return false;
    }
    return true;
  });
}

/** The data sources present, alphabetically, for the source filter. */
export function sourcesOf(counters: readonly Counter[]): string[] {
  return [...new Set(counters.map((counter) => counter.source).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

export const sortableColumns = [
  'id',
  'name',
  'source',
  'sourceId',
  'classifying',
  'municipalityCode',
  'dataReceived',
  'firstStoredObservation',
  'lastStoredObservation',
] as const;
export type SortColumn = (typeof sortableColumns)[number];
export type SortDirection = 'asc' | 'desc';

export function isSortColumn(value: unknown): value is SortColumn {
  return typeof value === 'string' && (sortableColumns as readonly string[]).includes(value);
}

type Comparable = string | number | null;

function sortValue(counter: Counter, column: SortColumn, municipalityLabel: (code: string) => string): Comparable {
  switch (column) {
    case 'municipalityCode':
      // Sorted as shown: by the municipality's name.
      return municipalityLabel(counter.municipalityCode);
    case 'classifying':
    case 'dataReceived':
      return counter[column] ? 1 : 0;
    case 'firstStoredObservation':
    case 'lastStoredObservation': {
      const time = counter[column] ? Date.parse(counter[column]!) : NaN;
      return Number.isFinite(time) ? time : null;
    }
    default:
      return counter[column];
  }
}

/**
 * Sorted copy; empty values (no observation, no source id) go last in either direction, and
 * ties keep id order so the table never shuffles between renders.
 */
export function sortCounters(
  counters: readonly Counter[],
  column: SortColumn,
  direction: SortDirection,
  collator: Intl.Collator = cachedCollator(undefined, { numeric: true }),
  /** How the municipality column reads (its name in the UI language); the code itself by default. */
  municipalityLabel: (code: string) => string = (code) => code,
): Counter[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...counters].sort((a, b) => {
    const left = sortValue(a, column, municipalityLabel);
    const right = sortValue(b, column, municipalityLabel);
    if (left === null || right === null) {
      if (left === right) return a.id - b.id;
      return left === null ? 1 : -1;
    }
    const order =
      typeof left === 'string' && typeof right === 'string' ? collator.compare(left, right) : Number(left) - Number(right);
    return order !== 0 ? sign * order : a.id - b.id;
  });
}
