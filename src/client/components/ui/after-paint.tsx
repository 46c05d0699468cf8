import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * `fallback` until the browser has painted the page once, then `children`. For the maps: creating
 * a Leaflet map measures its container, which forces the layout of the whole newly rendered page
 * inside the same long task, so the page's text (often its largest paint) waited for the map. Made
 * after that paint, the map is a task of its own and the text is already on screen. The fallback
 * holds the map's place, so nothing moves when it comes.
 */
export function AfterPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
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
  return painted ? children : fallback;
}
