/**
 * Counter markers: a small muted grey-teal diamond (filled while data arrives, hollow when not),
 * so they never look like the round/square request markers and stay in the background: the
 * residents' reports are what the map is for. Clusters are small squares with the count.
 * Plain data (the map feature draws it); html is fixed markup, never API text.
 */
export interface CounterMarkerLook {
  className: string;
  html: string;
  size: number;
  label: string;
  title?: string;
}

const receivingSvg =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path d="M12 2L22 12 12 22 2 12z" fill="#47666b" stroke="#fff" stroke-width="2.5"/></svg>';
const idleSvg =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path d="M12 3.5L20.5 12 12 20.5 3.5 12z" fill="#fff" stroke="#47666b" stroke-width="4"/></svg>';

export function counterMarkerLook(options: { receiving: boolean; label: string; title?: string }): CounterMarkerLook {
  return {
    className: `map-marker map-marker--counter map-marker--${options.receiving ? 'receiving' : 'idle'}`,
    html: options.receiving ? receivingSvg : idleSvg,
    size: 18,
    label: options.label,
    title: options.title,
  };
}

export function counterClusterLook(count: number, label: string): CounterMarkerLook {
  const size = count < 10 ? 22 : count < 100 ? 26 : count < 1000 ? 30 : 34;
  const text = count < 1000 ? String(count) : `${(Math.floor(count / 100) / 10).toFixed(1).replace(/\.0$/, '')}k`;
  return {
    className: 'map-cluster map-cluster--counters',
    html: `<span class="map-cluster__bubble"><span class="map-cluster__count">${text}</span></span>`,
    size,
    label,
  };
}
