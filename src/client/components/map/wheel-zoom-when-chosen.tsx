import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from 'react-leaflet';
import '../../styles/map-controls.css';

const HINT_MS = 1500;

function isApple(): boolean {
  if (typeof navigator === 'undefined') return false;
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
  return /mac|iphone|ipad/i.test(platform);
}

/**
 * A map in the middle of a page must not take the mouse wheel from it: scrolling past the map
 * scrolls the page. The wheel zooms the map once the person has chosen it (clicked or focused
 * it: focus is inside the map) or with Ctrl (⌘ on a Mac) held, as pinch-zoom on a touchpad
 * sends; otherwise a short hint says how, as map sites do (`hint`: its words with Ctrl and
 * with ⌘, in the UI language). Goes inside a MapContainer.
 */
export function WheelZoomWhenChosen({ hint }: { hint: { ctrl: string; mac: string } }) {
  const map = useMap();
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const container = map.getContainer();
    const onWheel = (wheelEvent: WheelEvent) => {
      const chosen = container.contains(document.activeElement);
      if (chosen || wheelEvent.ctrlKey || wheelEvent.metaKey) {
        clearTimeout(timer.current);
        setShown(false);
        return; // Leaflet's own wheel zoom takes it
      }
      // Captured before Leaflet's listener on the same element (capture runs first), and kept
      // from it; the default action, scrolling the page, is left alone.
      wheelEvent.stopImmediatePropagation();
      setShown(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setShown(false), HINT_MS);
    };
    container.addEventListener('wheel', onWheel, { capture: true, passive: true });
    return () => {
      container.removeEventListener('wheel', onWheel, { capture: true });
      clearTimeout(timer.current);
    };
  }, [map]);

  if (!shown) return null;
  // Inside Leaflet's container, over the tiles; for mouse users only (no wheel without a mouse).
  return createPortal(
    <div className="map-wheel-hint" aria-hidden="true">
      <span className="map-wheel-hint__text">{isApple() ? hint.mac : hint.ctrl}</span>
    </div>,
    map.getContainer(),
  );
}
