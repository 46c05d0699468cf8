/**
 * How one marker looks and what it is called. `html` is fixed markup chosen by code (shapes,
 * digits), never text from the API: names and titles go into `label` and `title`, which are set
 * as attributes, not parsed as HTML.
 */
export interface MarkerLook {
  className: string;
  html: string;
  /** Width and height in pixels; the marker is centred on its point. */
  size: number;
  /** The accessible name, read when the marker gets keyboard focus. */
  label: string;
  /** Tooltip for mouse users. */
  title?: string;
  /**
   * CSS custom properties for the marker element, set through the CSSOM: the app's CSP refuses
   * style attributes in markup.
   */
  cssVariables?: Record<`--${string}`, string>;
}

/** Bubble size grows with the digits, so 1,250 fits as well as 12. */
export function clusterSize(count: number): number {
  return count < 10 ? 32 : count < 100 ? 38 : count < 1000 ? 44 : 52;
}

/** Counts in bubbles stay short: 1,250 becomes 1.2k, which fits any bubble. */
export function shortCount(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(Math.floor(count / 100) / 10).toFixed(1).replace(/\.0$/, '')}k`;
  return `${Math.floor(count / 1000)}k`;
}
