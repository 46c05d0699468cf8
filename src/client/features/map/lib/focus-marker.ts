/**
 * Puts keyboard focus back on the map after a side panel closes: on the item's own marker when it
 * is drawn as a single marker, else on the map itself, so focus is never lost to the page body.
 */
export function focusMarkerOrMap(markerClass: string, id: string): void {
  const map = document.querySelector<HTMLElement>('.public-map__leaflet');
  if (!map) return;
  const marker = map.querySelector<HTMLElement>(`.${markerClass}[data-key="p${CSS.escape(id)}"]`);
  (marker ?? map).focus({ preventScroll: true });
}
