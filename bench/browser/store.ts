import { fillStore } from '../georeport/fill-store';

const day = 24 * 60 * 60 * 1000;
/**
 * The map's 90-day window starts at local midnight 89 days ago, so it can miss the oldest hours
 * of the generator's 89.5 days; requests older than this are drawn again, and the window holds
 * every one of them whatever the time of day.
 */
const windowSafeAgeMs = 88.9 * day;

/**
 * A store in `dataDir` with the demo service types and `count` published requests, all inside
 * the map's default 90-day window, from the GeoReport bench's generator. The server seeds the
 * demo counters itself when it starts (DEMO_DATA), and skips the demo requests because the
 * service types are already there.
 */
export async function fillBrowserStore(dataDir: string, count: number): Promise<void> {
  const now = Date.now();
  const store = await fillStore(dataDir, 0, { seed: 500, now });
  try {
    const batch = [];
    while (batch.length < count) {
      const request = store.source.next();
      if (request.requested_at >= now - windowSafeAgeMs) batch.push(request);
    }
    await store.repositories.serviceRequests.createMany(batch);
  } finally {
    await store.close();
  }
}
