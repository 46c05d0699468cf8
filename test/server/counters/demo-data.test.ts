import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../../src/server/admin/cli';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { generateDemoCounters, seedCounterDemoData } from '../../../src/server/counters/demo-data';
import { demoBodies, demoBodyMunicipalities } from '../../../src/server/demo/bodies';
import { openTestStore } from '../../helpers/test-store';

const now = Date.parse('2026-11-20T12:34:56Z');

describe('counter demo data', () => {
  const demo = generateDemoCounters(now);

  it('is about 2,000 counters, the same list for the same clock, ascending unique ids', () => {
    expect(demo).toHaveLength(2000);
    expect(generateDemoCounters(now)).toEqual(demo);
    const ids = demo.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('is labelled as demo data and looks like the real mix', () => {
    expect(demo.every((c) => c.name.endsWith(' (demo)'))).toBe(true);
    const sources = new Set(demo.map((c) => c.source));
    expect([...sources].sort()).toEqual(['EcoCounter', 'Fintraffic', 'HEL LAM', 'InfoTripla', 'LIVA', 'Marksman', 'SmartJunction']);
    const codes = new Set(demo.map((c) => c.municipalityCode));
    for (const code of ['091', '049', '092', '235']) expect(codes.has(code)).toBe(true);
    expect(codes.size).toBeGreaterThan(4);
    expect(demo.every((c) => /^\d{3}$/.test(c.municipalityCode) && c.crsEpsg === 4326)).toBe(true);
    expect(demo.some((c) => c.classifying) && demo.some((c) => !c.classifying)).toBe(true);
    expect(demo.some((c) => c.sourceId === null) && demo.some((c) => c.sourceId !== null)).toBe(true);
  });

  it('has counters without data, stopped ones, live ones, and a few 0,0 placeholders', () => {
    const never = demo.filter((c) => c.firstStoredObservation === null);
    expect(never.length).toBeGreaterThan(50);
    expect(never.every((c) => !c.dataReceived && c.lastStoredObservation === null)).toBe(true);
    // Only the few with demo observations have any (test/server/demo/observed-counters.test.ts).
    expect(demo.some((c) => !c.dataReceived && c.lastStoredObservation !== null && c.lastStoredObservation < now - 9 * 86_400_000)).toBe(true);
    const live = demo.filter((c) => c.dataReceived);
    expect(live.length).toBeGreaterThan(5);
    for (const c of demo) {
      if (c.firstStoredObservation !== null) expect(c.firstStoredObservation).toBeLessThanOrEqual(c.lastStoredObservation!);
      if (c.lastStoredObservation !== null) expect(c.lastStoredObservation).toBeLessThanOrEqual(now);
    }
    const placeholders = demo.filter((c) => c.latitude === 0 && c.longitude === 0);
    expect(placeholders.length).toBeGreaterThan(0);
    expect(placeholders.length).toBeLessThan(30);
    const placed = demo.filter((c) => c.latitude !== 0);
    expect(placed.every((c) => c.latitude > 59.9 && c.latitude < 60.7 && c.longitude > 24.1 && c.longitude < 25.6)).toBe(true);
  });

  it("stands in the demo body area its municipalityCode names, or in none when it names a city outside the four", () => {
    const bodies = demoBodies();
    const placed = demo.filter((c) => c.latitude !== 0);
    for (const counter of placed) {
      const standsIn = bodies.filter((body) => booleanPointInPolygon([counter.longitude, counter.latitude], body.area)).map((body) => demoBodyMunicipalities[body.id]);
      expect({ id: counter.id, standsIn }).toEqual({ id: counter.id, standsIn: ['091', '049', '092', '235'].includes(counter.municipalityCode) ? [counter.municipalityCode] : [] });
    }
    // Each of the four has counters, Kauniainen's few too.
    expect(new Set(placed.map((c) => c.municipalityCode))).toEqual(new Set(['091', '049', '092', '235', '186', '245', '257', '858', '753']));
  });

  it('is stored on first start only, when there are no counters', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kerro-demo-'));
    const { store } = await openTestStore(dir);
    try {
      const repository = store.counters;
      expect(await seedCounterDemoData(repository, now)).toBe(2000);
      expect(await seedCounterDemoData(repository, now + 86_400_000)).toBe(0);
      expect(await repository.count()).toBe(2000);
      expect(await repository.find(demo[0]!.id)).toMatchObject(demo[0]!);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the admin CLI', () => {
  it('routes the counters group to the counters command', async () => {
    const out: string[] = [];
    const code = await runAdmin(['counters', '--help'], { out: (line) => out.push(line), err: (line) => out.push(line) });
    expect(code).toBe(2);
    expect(out.join('\n')).toMatch(/counters import FILE/);
  });
});
