import { useCallback, useEffect, useRef, useState } from 'react';
import { draftPhotoStore, type DraftPhoto } from '../draft/draft-photo-store';
import { MAX_PHOTOS, photoProblemOf } from './photo-rules';
import { resizeImage, UnreadableImageError } from './resize-image';

export interface PhotoItem {
  id: string;
  name: string;
  blob: Blob;
  /** Object URL for the preview; revoked when the photo goes. */
  url: string;
}

export type PhotoRejection = { name: string; reason: 'notImage' | 'tooLarge' | 'unreadable' | 'tooMany' };

function previewUrl(blob: Blob): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '';
}

function revoke(url: string) {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

function newId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The report's photos: checked, resized to JPEG, kept in the draft store as they are added, and
 * restored from it when the page opens again.
 */
export function useDraftPhotos() {
  const store = draftPhotoStore();
  const [items, setItems] = useState<PhotoItem[]>([]);
  const [restoring, setRestoring] = useState(true);
  const [processing, setProcessing] = useState(0);
  const [rejections, setRejections] = useState<PhotoRejection[]>([]);
  const itemsRef = useRef<PhotoItem[]>([]);
  itemsRef.current = items;
  // Photos still being resized count against the limit too.
  const pendingRef = useRef(0);

  useEffect(() => {
    let active = true;
    void store
      .list()
      .catch((): DraftPhoto[] => [])
      .then((saved) => {
        if (!active) return;
        setItems(saved.map((photo) => ({ id: photo.id, name: photo.name, blob: photo.blob, url: previewUrl(photo.blob) })));
        setRestoring(false);
      });
    return () => {
      active = false;
    };
  }, [store]);

  // Object URLs hold the blobs in memory until revoked.
  useEffect(() => () => itemsRef.current.forEach((item) => revoke(item.url)), []);

  const add = useCallback(
    async (files: readonly File[]) => {
      const problems: PhotoRejection[] = [];
      let room = MAX_PHOTOS - itemsRef.current.length - pendingRef.current;
      const accepted: File[] = [];
      for (const file of files) {
        const problem = photoProblemOf(file);
        if (problem) problems.push({ name: file.name, reason: problem });
        else if (room <= 0) problems.push({ name: file.name, reason: 'tooMany' });
        else {
          accepted.push(file);
          room -= 1;
        }
      }
      setRejections(problems);
      pendingRef.current += accepted.length;
      setProcessing((count) => count + accepted.length);
      // One at a time: a 12-megapixel decode takes ~50 MB of memory on a phone.
      for (const file of accepted) {
        try {
          const blob = await resizeImage(file);
          const photo: DraftPhoto = { id: newId(), blob, name: file.name, addedAt: Date.now() };
          await store.put(photo).catch(() => undefined); // not kept over a reload, but still sent
          setItems((current) => [...current, { id: photo.id, name: photo.name, blob, url: previewUrl(blob) }]);
        } catch (error) {
          const reason = error instanceof UnreadableImageError ? 'unreadable' : 'notImage';
          setRejections((current) => [...current, { name: file.name, reason }]);
        } finally {
          pendingRef.current -= 1;
          setProcessing((count) => count - 1);
        }
      }
    },
    [store],
  );

  const remove = useCallback(
    async (id: string) => {
      const item = itemsRef.current.find((candidate) => candidate.id === id);
      setItems((current) => current.filter((candidate) => candidate.id !== id));
      if (item) revoke(item.url);
      await store.remove(id).catch(() => undefined);
    },
    [store],
  );

  const clear = useCallback(async () => {
    itemsRef.current.forEach((item) => revoke(item.url));
    setItems([]);
    setRejections([]);
    await store.clear().catch(() => undefined);
  }, [store]);

  return { items, restoring, processing, rejections, add, remove, clear, dismissRejections: () => setRejections([]) };
}

export type DraftPhotos = ReturnType<typeof useDraftPhotos>;
