import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * False until the browser has painted the page once after this component mounted, then true.
 * Work that is not needed for that paint (a map, a list below the fold, code loaded for later)
 * starts then, so it neither delays the page's first content nor competes with it for the line.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs just before that frame is painted; a task queued from it, after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * `fallback` until the browser has painted the page once, then `children`. For the maps: creating
 * a Leaflet map measures its container, which forces the layout of the whole newly rendered page
 * inside the same long task, so the page's text (often its largest paint) waited for the map. Made
 * after that paint, the map is a task of its own and the text is already on screen. The fallback
 * holds the map's place, so nothing moves when it comes.
 */
export function AfterPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useAfterFirstPaint() ? children : fallback;
}
