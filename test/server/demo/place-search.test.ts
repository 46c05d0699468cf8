/**
 * Place search over the demo data as a resident met it (issue 25): a square's name finds the
 * square, and a house number a street lacks gives the street marked as Pelias marks a fallback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddressPoints } from '../../../src/server/demo/addresses';
import { demoServiceObjects } from '../../../src/server/demo/service-objects';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The demo's place data as a first start stores it (the test app has service types already, so it would not seed).
  await t.store.addresses.replace(['demo'], demoAddressPoints());
  await t.store.serviceObjects.upsertMany(demoServiceObjects(t.config.SERVICE_OBJECT_TYPE));
});
afterAll(() => t.close());

async function search(text: string) {
  const response = await t.app.inject({ method: 'GET', url: `/geocoding/v1/search?${new URLSearchParams({ text, lang: 'fi' })}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { features: { properties: Record<string, unknown> }[] }).features.map((feature) => feature.properties);
}

describe('place search over the demo data', () => {
  it('finds the market square for "kauppatori", before the toilet on it', async () => {
    const found = await search('kauppatori');
    expect(found[0]).toMatchObject({ layer: 'street', name: 'Kauppatori', locality: 'Helsinki' });
    expect(found.map((properties) => properties.name)).toContain('Yleinen WC, Kauppatori');
  });

  it('marks the street it gives for a number the street lacks ("Hämeentie 300"), and not a number it has', async () => {
    const [missing] = await search('Hämeentie 300');
    expect(missing).toMatchObject({ layer: 'street', name: 'Hämeentie', match_type: 'fallback' });
    const [existing] = await search('Hämeentie 30');
    expect(existing).toMatchObject({ layer: 'address', name: 'Hämeentie 30' });
    expect(existing).not.toHaveProperty('match_type');
  });
});
