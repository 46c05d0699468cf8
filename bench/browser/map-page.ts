import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays } from '../../src/client/features/map/lib/date-window';
import { watchMapLoading, type LoadMarks } from './probes';
import { serveLocalTiles } from './tiles';

export const viewport = { width: 1280, height: 800 };
const timeZone = 'Europe/Helsinki';

export interface MapView {
  name: string;
  lat: number;
  long: number;
  zoom: number;
}

/** The views measured: the whole city, the inner city, and one district (Kallio) marker by marker. */
export const views = {
  city: { name: 'city overview', lat: 60.2, long: 24.98, zoom: 12 },
  centre: { name: 'inner city', lat: 60.175, long: 24.945, zoom: 14 },
  district: { name: 'district', lat: 60.1841, long: 24.9501, zoom: 16 },
} satisfies Record<string, MapView>;

/** The home page as a shared link would open it: the last 90 days (explicitly), the counters layer on, the view given. */
export function mapUrl(origin: string, view: MapView, now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const params = new URLSearchParams({
    from: addDays(today, -89),
    to: today,
    counters: '1',
    lat: String(view.lat),
    long: String(view.long),
    zoom: String(view.zoom),
  });
  return `${origin}/?${params.toString()}`;
}

export interface MapPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors in the page so far. */
  errors: string[];
}

/** A fresh context (empty cache), tiles answered locally, the load probe installed before any app code. */
export async function openMapContext(browser: Browser): Promise<MapPage> {
  const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: timeZone });
  // tsx compiles the probes with esbuild's keepNames, which wraps inner functions in __name().
  await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await context.addInitScript(watchMapLoading);
  await serveLocalTiles(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export interface FirstRender {
  firstRequestMarkerMs: number;
  requestsLoadedMs: number;
  countersDrawnMs: number;
  everythingMs: number;
  requestCount: number;
  counterProgress: { loaded: number; total: number };
}

/** Navigates to the map and waits until both layers have loaded; times are from navigation start. */
export async function loadMap(mapPage: MapPage, url: string, timeoutMs = 90_000): Promise<FirstRender> {
  const { page } = mapPage;
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const marks = (window as unknown as { __benchLoad?: LoadMarks }).__benchLoad;
      return marks?.requestsLoaded !== undefined && marks.countersDrawn !== undefined;
    },
    undefined,
    { timeout: timeoutMs, polling: 200 },
  );
  const marks = await page.evaluate(() => (window as unknown as { __benchLoad: LoadMarks }).__benchLoad);
  return {
    firstRequestMarkerMs: marks.firstRequestMarker ?? Number.NaN,
    requestsLoadedMs: marks.requestsLoaded!,
    countersDrawnMs: marks.countersDrawn!,
    everythingMs: Math.max(marks.requestsLoaded!, marks.countersDrawn!),
    requestCount: marks.requestCount ?? Number.NaN,
    counterProgress: marks.counterProgress ?? { loaded: Number.NaN, total: Number.NaN },
  };
}
