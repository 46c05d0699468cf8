import { clear, createStore, del, get, set, values, type UseStore } from 'idb-keyval';

/**
 * The one place for things kept on this device between visits (the draft's photos, the reports
 * waiting to be sent). Each shelf is an IndexedDB database of its own, `kerro-<name>`,
 * holding one idb-keyval store; where IndexedDB is missing or refuses (some private modes, test
 * environments) a shelf keeps its things in memory for as long as the page lasts.
 */

/** Every shelf the app keeps; adding one here gives it its own database. */
export type ShelfName = 'draft-photos' | 'report-outbox';

export interface DeviceShelf<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /** Everything on the shelf, in no particular order. */
  values(): Promise<T[]>;
  clear(): Promise<void>;
}

/** idb-keyval's own store name: the database's one object store. */
const STORE = 'keyval';

export function databaseOf(name: ShelfName): string {
  return `kerro-${name}`;
}

function indexedDbShelf<T>(store: UseStore): DeviceShelf<T> {
  return {
    get: (key) => get<T>(key, store),
    set: (key, value) => set(key, value, store),
    delete: (key) => del(key, store),
    values: () => values<T>(store),
    clear: () => clear(store),
  };
}

export function memoryShelf<T>(): DeviceShelf<T> {
  const things = new Map<string, T>();
  return {
    get: async (key) => things.get(key),
    set: async (key, value) => void things.set(key, value),
    delete: async (key) => void things.delete(key),
    values: async () => [...things.values()],
    clear: async () => things.clear(),
  };
}

/** The first failure of IndexedDB moves the shelf to memory for the rest of the page. */
function withMemoryFallback<T>(primary: DeviceShelf<T>): DeviceShelf<T> {
  const memory = memoryShelf<T>();
  let active = primary;
  const call = async <R>(use: (shelf: DeviceShelf<T>) => Promise<R>): Promise<R> => {
    try {
      return await use(active);
    } catch {
      active = memory;
      return use(active);
    }
  };
  return {
    get: (key) => call((shelf) => shelf.get(key)),
    set: (key, value) => call((shelf) => shelf.set(key, value)),
    delete: (key) => call((shelf) => shelf.delete(key)),
    values: () => call((shelf) => shelf.values()),
    clear: () => call((shelf) => shelf.clear()),
  };
}

const opened = new Map<ShelfName, DeviceShelf<unknown>>();

/** The page's one shelf of that name, so every part of the page sees the same things. */
export function deviceShelf<T>(name: ShelfName): DeviceShelf<T> {
  let shelf = opened.get(name);
  if (!shelf) {
    shelf = typeof indexedDB === 'undefined' ? memoryShelf() : withMemoryFallback(indexedDbShelf(createStore(databaseOf(name), STORE)));
    opened.set(name, shelf);
  }
  return shelf as DeviceShelf<T>;
}
