/**
 * The photos of the unfinished report, kept as the resized JPEG blobs so a reload neither loses
 * them nor resizes again. IndexedDB where the browser has it; otherwise (private modes that
 * refuse it, test environments) an in-memory store that lasts as long as the page.
 */

export interface DraftPhoto {
  id: string;
  blob: Blob;
  /** The original file name, for the preview's text alternative. */
  name: string;
  /** Order of adding; the list comes back in it. */
  addedAt: number;
}

export interface DraftPhotoStore {
  list(): Promise<DraftPhoto[]>;
  put(photo: DraftPhoto): Promise<void>;
  remove(id: string): Promise<void>;
  clear(): Promise<void>;
}

const DB_NAME = 'kerro-report-draft';
const STORE = 'photos';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'id' });
  };
  return promised(request);
}

function byAddedAt(a: DraftPhoto, b: DraftPhoto) {
  return a.addedAt - b.addedAt;
}

export function createIndexedDbPhotoStore(factory: IDBFactory): DraftPhotoStore {
  let database: Promise<IDBDatabase> | undefined;
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    database ??= openDatabase(factory);
    const db = await database;
    const transaction = db.transaction(STORE, mode);
    const result = promised(work(transaction.objectStore(STORE)));
    // Resolve only once the write is durable, not merely queued.
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return result;
  };
  return {
    list: async () => ((await run('readonly', (store) => store.getAll())) as DraftPhoto[]).sort(byAddedAt),
    put: async (photo) => void (await run('readwrite', (store) => store.put(photo))),
    remove: async (id) => void (await run('readwrite', (store) => store.delete(id))),
    clear: async () => void (await run('readwrite', (store) => store.clear())),
  };
}

export function createMemoryPhotoStore(): DraftPhotoStore {
  const photos = new Map<string, DraftPhoto>();
  return {
    list: async () => [...photos.values()].sort(byAddedAt),
    put: async (photo) => void photos.set(photo.id, photo),
    remove: async (id) => void photos.delete(id),
    clear: async () => photos.clear(),
  };
}

/** Falls back to memory when IndexedDB is missing or refuses to open. */
function withFallback(primary: DraftPhotoStore): DraftPhotoStore {
  const memory = createMemoryPhotoStore();
  let active: DraftPhotoStore = primary;
  const call = async <T>(use: (store: DraftPhotoStore) => Promise<T>): Promise<T> => {
    try {
      return await use(active);
    } catch {
      active = memory;
      return use(active);
    }
  };
  return {
    list: () => call((store) => store.list()),
    put: (photo) => call((store) => store.put(photo)),
    remove: (id) => call((store) => store.remove(id)),
    clear: () => call((store) => store.clear()),
  };
}

let shared: DraftPhotoStore | undefined;

/** The one store of the page. */
export function draftPhotoStore(): DraftPhotoStore {
  shared ??= typeof indexedDB === 'undefined' ? createMemoryPhotoStore() : withFallback(createIndexedDbPhotoStore(indexedDB));
  return shared;
}
