/**
 * Code that runs inside the page (handed to Playwright as functions, so each is self-contained).
 * Times are the page's performance.now(): milliseconds since its navigation started.
 */

/** When the map's layers appeared; filled in by `watchMapLoading`. */
export interface LoadMarks {
  /** The first request marker or cluster bubble in the DOM (the first answer drawn). */
  firstRequestMarker?: number;
  /** The request count is stated (data-count): every answer of the window has arrived. */
  requestsLoaded?: number;
  requestCount?: number;
  /** Counter markers appear only once every page has arrived (the layer has no partial state). */
  countersDrawn?: number;
  counterProgress?: { loaded: number; total: number };
}

/** Init script: records LoadMarks on window.__benchLoad as the DOM changes, then stops watching. */
export function watchMapLoading(): void {
  const marks: LoadMarks = {};
  (window as unknown as { __benchLoad: LoadMarks }).__benchLoad = marks;
  const check = (observer: MutationObserver) => {
    const now = performance.now();
    if (marks.firstRequestMarker === undefined && document.querySelector('.map-marker--request, .map-cluster--requests')) {
      marks.firstRequestMarker = now;
    }
    const summary = marks.requestsLoaded === undefined ? document.querySelector('.requests-summary__count[data-count]') : null;
    if (summary) {
      marks.requestsLoaded = now;
      marks.requestCount = Number(summary.getAttribute('data-count'));
    }
    if (marks.countersDrawn === undefined && document.querySelector('.map-marker--counter, .map-cluster--counters')) {
      marks.countersDrawn = now;
      const progress = document.querySelector<HTMLElement>('.counter-progress');
      marks.counterProgress = { loaded: Number(progress?.dataset.loaded), total: Number(progress?.dataset.total) };
    }
    if (marks.requestsLoaded !== undefined && marks.countersDrawn !== undefined) observer.disconnect();
  };
  const observer = new MutationObserver(() => check(observer));
  const start = () =>
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-count'] });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

export interface FrameFigures {
  frames: number;
  elapsedMs: number;
  worstFrameMs: number;
  /** Frames that took longer than 1.5 × a 60 Hz frame (a visible stutter). */
  longFrames: number;
}

/** Starts counting animation frames on window.__benchFrames. */
export function startFrameCounter(): void {
  const state = { stamps: [] as number[], running: true };
  (window as unknown as { __benchFrames: typeof state }).__benchFrames = state;
  const tick = (time: number) => {
    state.stamps.push(time);
    if (state.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Stops the counter and sums up the frames it saw. */
export function stopFrameCounter(): FrameFigures {
  const state = (window as unknown as { __benchFrames: { stamps: number[]; running: boolean } }).__benchFrames;
  state.running = false;
  const { stamps } = state;
  let worst = 0;
  let long = 0;
  for (let index = 1; index < stamps.length; index += 1) {
    const gap = stamps[index]! - stamps[index - 1]!;
    worst = Math.max(worst, gap);
    if (gap > 25) long += 1;
  }
  return {
    frames: Math.max(0, stamps.length - 1),
    elapsedMs: stamps.length > 1 ? stamps.at(-1)! - stamps[0]! : 0,
    worstFrameMs: worst,
    longFrames: long,
  };
}
