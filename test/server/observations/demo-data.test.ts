import { describe, expect, it } from 'vitest';
import { generateDemoCounters } from '../../../src/server/counters/demo-data';
import { demoObservedCounters, generateDemoObservations, seedObservationDemoData } from '../../../src/server/observations/demo-data';
import { useFreshStore } from '../storage/contract/fixtures';

const now = Date.parse('2026-11-20T12:34:56Z');
const timeZone = 'Europe/Helsinki';
const counters = generateDemoCounters(now);

describe('demo observations', () => {
  const demo = generateDemoObservations(counters, now, timeZone);

  it('are 90 days of hourly values, both directions, the same for the same clock', () => {
    expect(generateDemoObservations(counters, now, timeZone)).toEqual(demo);
    const ids = new Set(demo.map((row) => row.counterId));
    expect(ids.size).toBe(demoObservedCounters);
    const first = demo.filter((row) => row.counterId === demo[0]!.counterId && row.measurementType === 'count' && row.direction === 'in');
    expect(first).toHaveLength(90 * 24);
    expect(first.at(-1)!.datetime).toBe(Date.parse('2026-11-20T11:00:00Z'));
    expect(demo.some((row) => row.measurementType === 'speed' && row.unit === 'km/h')).toBe(true);
  });

  it('have daily and weekly shapes: weekday rush hours over the night, weekends quieter', () => {
    const counts = demo.filter((row) => row.measurementType === 'count');
    const atLocal = (weekend: boolean, localHour: number) =>
      counts
        .filter((row) => {
          const local = new Date(row.datetime + 2 * 3_600_000); // November: +02:00
          const weekday = local.getUTCDay();
          return local.getUTCHours() === localHour && (weekday === 0 || weekday === 6) === weekend;
        })
        .reduce((sum, row) => sum + row.value, 0);
    expect(atLocal(false, 8)).toBeGreaterThan(5 * atLocal(false, 3));
    expect(atLocal(false, 16)).toBeGreaterThan(atLocal(false, 12));
    // Per day: 5 weekdays against 2 weekend days.
    expect(atLocal(false, 8) / 5).toBeGreaterThan((atLocal(true, 8) / 2) * 2);
    const speeds = demo.filter((row) => row.measurementType === 'speed' && row.vehicleType === 'car');
    const meanSpeed = (localHour: number) => {
      const rows = speeds.filter((row) => new Date(row.datetime + 2 * 3_600_000).getUTCHours() === localHour);
      return rows.reduce((sum, row) => sum + row.value, 0) / rows.length;
    };
    expect(meanSpeed(3)).toBeGreaterThan(meanSpeed(16) + 5);
  });

  it('count pedestrians at walking pace on a pavement, whatever the source (issue 42, item 5)', () => {
    const observed = new Set(demo.map((row) => row.counterId));
    const onPavement = counters.filter((counter) => counter.name.includes('(jalkakäytävä)') && observed.has(counter.id));
    // The demo list has one from a motor-traffic source with speeds (Fintraffic): the case that charted 1,600 cars/h at 80 km/h.
    expect(onPavement.some((counter) => counter.classifying)).toBe(true);
    for (const counter of onPavement) {
      const rows = demo.filter((row) => row.counterId === counter.id);
      expect(new Set(rows.map((row) => row.vehicleType)), counter.name).toEqual(new Set(['pedestrian']));
      const counts = rows.filter((row) => row.measurementType === 'count').map((row) => row.value);
      expect(Math.max(...counts), counter.name).toBeLessThanOrEqual(250);
      for (const speed of rows.filter((row) => row.measurementType === 'speed')) expect(speed.value, counter.name).toBeLessThanOrEqual(7);
    }
    // Motor traffic elsewhere still counts cars.
    expect(demo.some((row) => row.vehicleType === 'car' && row.value > 500)).toBe(true);
  });

  describe('seeding', () => {
    const opened = useFreshStore();

    it('stores them with the sources once, and never again', async () => {
      const { store } = opened;
      await store.counters.upsertMany(counters);
      const started = performance.now();
      const added = await seedObservationDemoData(store, now, timeZone);
      const ms = performance.now() - started;
      expect(added).toBe(demo.length);
      expect(await store.observations.count({})).toBe(demo.length);
      expect((await store.observations.listSources()).map((source) => source.name)).toContain('EcoCounter');
      expect(await seedObservationDemoData(store, now, timeZone)).toBe(0);
      console.log(`seeded ${demo.length} demo observations in ${ms.toFixed(0)} ms on ${store.backend}`);
    });
  });
});
