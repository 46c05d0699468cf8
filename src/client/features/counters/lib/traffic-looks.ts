/**
 * Each direction's line: colours with at least 4.5:1 contrast on white (more than the 3:1 a
 * graphic needs) and a different dash each, so the lines differ without colour too.
 */
const directionLooks: readonly { stroke: string; dash: number[] }[] = [
  { stroke: '#0b6a75', dash: [] },
  { stroke: '#a33a1f', dash: [7, 4] },
  { stroke: '#5b3f9e', dash: [2, 3] },
  { stroke: '#1f2933', dash: [10, 3, 2, 3] },
];

export const lookOf = (index: number) => directionLooks[index % directionLooks.length]!;

/** The chart's drawing height in CSS pixels; the CSS reserves the same box before it is drawn. */
export const CHART_HEIGHT = 220;
