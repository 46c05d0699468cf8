import { describe, expect, it } from 'vitest';
import { generateDemoCounters } from '../../../src/server/counters/demo-data';
import { demoLiveCounters, demoStoppedCounters } from '../../../src/server/demo/observed-counters';
import { generateDemoObservations } from '../../../src/server/observations/demo-data';

const now = Date.parse('2026-11-20T12:34:56Z');
const hour = 3_600_000;

describe('demo counters and their observations', () => {
  const counters = generateDemoCounters(now);
  const observations = generateDemoObservations(counters, now, 'Europe/Helsinki');

  it('agree: a counter says it stored observations exactly when, and over exactly the hours, it has them', () => {
    const spans = new Map<number, { first: number; last: number }>();
    for (const { counterId, datetime } of observations) {
      const span = spans.get(counterId);
      spans.set(counterId, { first: Math.min(span?.first ?? datetime, datetime), last: Math.max(span?.last ?? datetime, datetime) });
    }
    for (const counter of counters) {
      const span = spans.get(counter.id);
      expect({ id: counter.id, first: counter.firstStoredObservation, last: counter.lastStoredObservation }).toEqual({
        id: counter.id,
        first: span?.first ?? null,
        last: span?.last ?? null,
      });
    }
  });

  it('say "receiving data" only of counters whose observations run to the last full hour', () => {
    const lastFullHour = Math.floor(now / hour) * hour - hour;
    const receiving = counters.filter((counter) => counter.dataReceived);
    expect(receiving).toHaveLength(demoLiveCounters);
    expect(receiving.every((counter) => counter.lastStoredObservation === lastFullHour)).toBe(true);
    const stopped = counters.filter((counter) => !counter.dataReceived && counter.lastStoredObservation !== null);
    expect(stopped).toHaveLength(demoStoppedCounters);
    for (const counter of stopped) {
      expect(counter.lastStoredObservation).toBeLessThan(lastFullHour - 9 * 24 * hour);
      expect(observations.some((row) => row.counterId === counter.id)).toBe(true);
    }
  });
});
