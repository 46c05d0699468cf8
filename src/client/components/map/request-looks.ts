import type { MarkerLook } from './marker-look';
import { clusterSize, shortCount } from './marker-look';

// Open: an orange ring with a dot; closed: a green square with a tick. Shape and colour both
// differ, so the status is readable without colour vision.
const openSvg =
  '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="9" fill="#b93d0b" stroke="#fff" stroke-width="2.5"/><circle cx="12" cy="12" r="3.2" fill="#fff"/></svg>';
const closedSvg =
  '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><rect x="3" y="3" width="18" height="18" rx="3" fill="#1d6b34" stroke="#fff" stroke-width="2.5"/><path d="M7.5 12.4l3 3 6-6.4" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>';

export function requestMarkerLook(options: { open: boolean; label: string; title?: string }): MarkerLook {
  return {
    className: `map-marker map-marker--request map-marker--${options.open ? 'open' : 'closed'}`,
    html: options.open ? openSvg : closedSvg,
    size: 28,
    label: options.label,
    title: options.title,
  };
}

/** A round bubble with the count; a ring segment shows the share still open. */
export function requestClusterLook(count: number, openCount: number, label: string): MarkerLook {
  const size = clusterSize(count);
  const openShare = count > 0 ? openCount / count : 0;
  return {
    className: 'map-cluster map-cluster--requests',
    html: `<span class="map-cluster__bubble"><span class="map-cluster__count">${shortCount(count)}</span></span>`,
    size,
    label,
    cssVariables: { '--open-share': openShare.toFixed(3) },
  };
}
