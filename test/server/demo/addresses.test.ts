import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { demoAddressPoints, seedDemoAddresses } from '../../../src/server/demo/addresses';
import { demoRequestTexts } from '../../../src/server/demo/request-texts';
import { seedDemoData } from '../../../src/server/demo/seed';
import { demoServiceObjects } from '../../../src/server/demo/service-objects';
import { geocoderFor } from '../../../src/server/geocoding/geocoder';
import { resolveAddressString } from '../../../src/server/geocoding/resolve-address';
import type { Store } from '../../../src/server/storage';
import { distanceMeters } from '../../../src/server/storage/geo';
import { useStorePerTest } from '../../helpers/store-per-test';

describe('demo address points', () => {
  it('are a few thousand around Helsinki, the same every time, marked demo', () => {
    const points = demoAddressPoints();
    expect(points.length).toBeGreaterThan(2000);
    expect(points.length).toBeLessThan(5000);
    expect(demoAddressPoints()).toEqual(points);
    for (const point of points) {
      expect(point.source).toBe('demo');
      expect(point.lat).toBeGreaterThan(60.1);
      expect(point.lat).toBeLessThan(60.35);
      expect(point.long).toBeGreaterThan(24.75);
      expect(point.long).toBeLessThan(25.1);
      expect(point.postal_code).toMatch(/^\d{5}$/);
      expect(point.street_fi && point.street_sv && point.municipality_fi && point.municipality_sv).toBeTruthy();
    }
    const keys = points.map((point) => `${point.municipality_fi}/${point.street_fi}/${point.number}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('seeding the demo address points', () => {
  let store: Store;
  const config = loadConfig({});
  const opened = useStorePerTest('kerro-demo-addresses-');
  beforeEach(() => ({ store } = opened));

  it('seeds only a store holding the demo data, only into an empty registry, once', async () => {
    expect(await seedDemoAddresses(store)).toBe(0);
    expect(await store.addresses.count()).toBe(0);
    await seedDemoData(store, { config, now: Date.now() });
    const seeded = await seedDemoAddresses(store);
    expect(seeded).toBe(demoAddressPoints().length);
    expect(await store.addresses.countBySource()).toEqual({ demo: seeded });
    expect(await seedDemoAddresses(store)).toBe(0);
    expect(await store.addresses.count()).toBe(seeded);
  });

  it('places every numbered address the demo reports and service objects name where they are', async () => {
    await seedDemoData(store, { config, now: Date.now() });
    await seedDemoAddresses(store);
    const geocoder = geocoderFor(store);
    const places = [
      ...demoRequestTexts.flatMap((text) => (typeof text.at === 'string' ? [] : [text.at])),
      ...demoServiceObjects(config.SERVICE_OBJECT_TYPE).map((object) => ({ lat: object.lat, long: object.long, address: object.address })),
    ].filter((place) => /\d/.test(place.address));
    expect(places.length).toBeGreaterThan(40);
    for (const place of places) {
      const resolved = await resolveAddressString(geocoder, place.address);
      expect(resolved.found, place.address).toBe(true);
      if (resolved.found) expect(distanceMeters(place.lat, place.long, resolved.lat, resolved.long), place.address).toBeLessThan(30);
    }
  });
});
