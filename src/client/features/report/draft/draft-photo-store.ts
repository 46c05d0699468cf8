import { promisifyRequest } from 'idb-keyval';
import { deviceShelf, type DeviceShelf } from '../../../lib/device-storage';

/**
 * The photos of the unfinished report, kept on the device (lib/device-storage.ts) as the resized
 * JPEG blobs, so a reload neither loses them nor resizes again.
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

/** Where drafts kept their photos before device-storage: an object store keyed by `id`. */
const LEGACY_DATABASE = 'kerro-report-draft';
const LEGACY_STORE = 'photos';

/** Reads the photos a draft saved before the move; nothing if there was no such database. */
async function legacyPhotos(factory: IDBFactory): Promise<DraftPhoto[]> {
  // Where the browser can list its databases, a missing one is not created just to be read.
  const known = await factory.databases?.().catch(() => undefined);
  if (known && !known.some((database) => database.name === LEGACY_DATABASE)) return [];
  const database = await promisifyRequest(factory.open(LEGACY_DATABASE));
  try {
    if (!database.objectStoreNames.contains(LEGACY_STORE)) return [];
    return await promisifyRequest(database.transaction(LEGACY_STORE).objectStore(LEGACY_STORE).getAll());
  } finally {
    database.close(); // or deleting it below would wait for this connection forever
  }
}

/** Moves a draft's photos saved by the app before device-storage onto the shelf, then drops the old database. */
export async function moveLegacyPhotos(factory: IDBFactory, shelf: DeviceShelf<DraftPhoto>): Promise<void> {
  const photos = await legacyPhotos(factory);
  for (const photo of photos) await shelf.set(photo.id, photo);
  await promisifyRequest(factory.deleteDatabase(LEGACY_DATABASE));
}

function byAddedAt(a: DraftPhoto, b: DraftPhoto) {
  return a.addedAt - b.addedAt;
}

/** The draft's photos on a shelf; `ready` (the legacy move) is awaited before the first use. */
export function createDraftPhotoStore(shelf: DeviceShelf<DraftPhoto>, ready: Promise<void> = Promise.resolve()): DraftPhotoStore {
  // A failed move leaves the old database for the next visit to try again.
  const settled = ready.catch(() => undefined);
  const onShelf = async <R>(use: () => Promise<R>): Promise<R> => {
    await settled;
    return use();
  };
  return {
    list: () => onShelf(async () => (await shelf.values()).sort(byAddedAt)),
    put: (photo) => onShelf(() => shelf.set(photo.id, photo)),
    remove: (id) => onShelf(() => shelf.delete(id)),
    clear: () => onShelf(() => shelf.clear()),
  };
}

let shared: DraftPhotoStore | undefined;

/** The one store of the page. */
export function draftPhotoStore(): DraftPhotoStore {
  if (!shared) {
    const shelf = deviceShelf<DraftPhoto>('draft-photos');
    shared = createDraftPhotoStore(shelf, typeof indexedDB === 'undefined' ? undefined : moveLegacyPhotos(indexedDB, shelf));
  }
  return shared;
}
