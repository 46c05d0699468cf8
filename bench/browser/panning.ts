import type { Page } from 'playwright-core';
import { startFrameCounter, stopFrameCounter, type FrameFigures } from './probes';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** About a hand's speed: 10 px every 16 ms is 600 px/s. */
const stepPx = 10;
const stepMs = 16;
/** A person lets go and takes hold again between drags; Leaflet's inertia runs meanwhile. */
const regripMs = 120;

export interface PanFigures extends FrameFigures {
  fps: number;
  drags: number;
  /** Markers and bubbles in the DOM when the panning ended. */
  markers: number;
}

async function mapBox(page: Page) {
  const map = page.locator('.leaflet-container');
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  if (!box) throw new Error('the map is not on the page');
  return box;
}

/**
 * Pans the map by dragging it with the mouse for at least `seconds`, in whole loops of right,
 * down, left, up (so the view comes back over the same data), counting animation frames in the
 * page meanwhile. Each release
 * ends a move, so the marker layers redraw for the new view between drags, as they would for a
 * person panning around.
 */
export async function panFor(page: Page, seconds: number): Promise<PanFigures> {
  const box = await mapBox(page);
  // Whatever the last load or scroll started has finished before the clock starts.
  await sleep(500);
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const reach = { x: Math.min(120, box.width / 2 - 40), y: Math.min(80, box.height / 2 - 40) };
  const drags = [
    { from: { x: centre.x - reach.x, y: centre.y }, to: { x: centre.x + reach.x, y: centre.y } },
    { from: { x: centre.x, y: centre.y - reach.y }, to: { x: centre.x, y: centre.y + reach.y } },
    { from: { x: centre.x + reach.x, y: centre.y }, to: { x: centre.x - reach.x, y: centre.y } },
    { from: { x: centre.x, y: centre.y + reach.y }, to: { x: centre.x, y: centre.y - reach.y } },
  ];

  await page.evaluate(startFrameCounter);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  while (performance.now() < until || done % drags.length !== 0) {
    const { from, to } = drags[done % drags.length]!;
    const steps = Math.max(1, Math.round(Math.hypot(to.x - from.x, to.y - from.y) / stepPx));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let step = 1; step <= steps; step += 1) {
      const started = performance.now();
      await page.mouse.move(from.x + ((to.x - from.x) * step) / steps, from.y + ((to.y - from.y) * step) / steps);
      await sleep(Math.max(0, stepMs - (performance.now() - started)));
    }
    await page.mouse.up();
    done += 1;
    await sleep(regripMs);
  }
  const frames = await page.evaluate(stopFrameCounter);
  const markers = await page.locator('.leaflet-marker-icon').count();
  return { ...frames, fps: (frames.frames * 1000) / frames.elapsedMs, drags: done, markers };
}

/** Frames with nothing happening: the ceiling the panning figures are read against. */
export async function idleFrames(page: Page, seconds: number): Promise<PanFigures> {
  await page.evaluate(startFrameCounter);
  await sleep(seconds * 1000);
  const frames = await page.evaluate(stopFrameCounter);
  const markers = await page.locator('.leaflet-marker-icon').count();
  return { ...frames, fps: (frames.frames * 1000) / frames.elapsedMs, drags: 0, markers };
}
