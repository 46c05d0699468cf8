/**
 * Demo observations: hourly values, both directions, over the hours each demo counter says it
 * stored (its first to last stored observation, within the last 90 days; demo/observed-counters.ts
 * chooses the few that have any: 15 add about 85,000 rows and well under a second).
 * What is counted: pedestrians on a pavement, bicycles on a cycle path or by a cyclists' source,
 * motor traffic elsewhere (travelOf). Shapes: bicycles and pedestrians peak at 8 and 16–17 on
 * weekdays and around midday at weekends; motor traffic peaks at 7–8 and 15–17, is lower at
 * weekends, and its speed (classifying sources) dips in the peaks. Deterministic: a seeded PRNG
 * and the hour as the time base. Also the data sources' metadata (fi/sv/en descriptions, licence).
 */
import { pathOfDemoCounter } from '../demo/counter-paths';
import { demoLiveCounters, demoObservationWindow, demoStoppedCounters } from '../demo/observed-counters';
import { seededRandom } from '../demo/random';
import { zoneOffsetSeconds } from '../time/core';
import type { CounterRecord, ObservationRecord, ObservationSourceRecord, Repositories } from '../storage/repositories/types';

/** At most this many counters get observations, whatever counters the store holds. */
export const demoObservedCounters = demoLiveCounters + demoStoppedCounters;
const hour = 3_600_000;

const bicycleSources = new Set(['EcoCounter', 'LIVA']);

/**
 * What a counter counts and how much of it: its busiest hour and free-flow speed (km/h), each
 * from one draw of 0..1, and how far its speed swings from hour to hour.
 */
interface Travel {
  vehicleType: 'car' | 'bicycle' | 'pedestrian';
  busiest: (draw: number) => number;
  freeSpeed: (draw: number) => number;
  /** Motor traffic slows in its peaks; walking and cycling keep their pace. */
  slowsInPeaks: boolean;
  speedSwing: number;
}

const travels: Record<Travel['vehicleType'], Travel> = {
  car: { vehicleType: 'car', busiest: (draw) => 300 + draw * 1500, freeSpeed: (draw) => 40 + Math.round(draw * 4) * 10, slowsInPeaks: true, speedSwing: 3 },
  bicycle: { vehicleType: 'bicycle', busiest: (draw) => 80 + draw * 300, freeSpeed: (draw) => 16 + Math.round(draw * 8), slowsInPeaks: false, speedSwing: 2 },
  pedestrian: { vehicleType: 'pedestrian', busiest: (draw) => 20 + draw * 180, freeSpeed: (draw) => 4.5 + draw, slowsInPeaks: false, speedSwing: 0.5 },
};

/** A counter on a pavement counts pedestrians and one on a cycle path cyclists, whatever its source's usual traffic. */
function travelOf(counter: CounterRecord): Travel {
  const path = pathOfDemoCounter(counter.name);
  if (path === 'pavement') return travels.pedestrian;
  return path === 'cycle path' || bicycleSources.has(counter.source) ? travels.bicycle : travels.car;
}

/** Relative traffic (0..1) at a local hour on a weekday or weekend, for bicycles (and pedestrians) or motor traffic. */
function shape(localHour: number, weekend: boolean, bicycles: boolean): number {
  const bump = (centre: number, width: number) => Math.exp(-(((localHour - centre) / width) ** 2));
  if (weekend) return (bicycles ? 0.55 : 0.5) * bump(13, 3.5) + 0.03;
  return bicycles ? 0.9 * bump(8, 1.2) + bump(16.5, 1.6) + 0.15 * bump(12, 3) + 0.02 : 0.9 * bump(7.5, 1.3) + bump(16, 2) + 0.35 * bump(12, 4) + 0.04;
}

export const demoSources: ObservationSourceRecord[] = [
  ['EcoCounter', 'Pyöräilijöiden ja jalankulkijoiden automaattiset laskurit', 'Automatiska räknare för cyklister och fotgängare', 'Automatic counters of cyclists and pedestrians'],
  ['Fintraffic', 'Fintrafficin liikenteen automaattiset mittauspisteet (LAM)', 'Fintraffics automatiska trafikmätpunkter (LAM)', "Fintraffic's automatic traffic measurement stations (LAM)"],
  ['HEL LAM', 'Helsingin kaupungin liikenteen mittauspisteet', 'Helsingfors stads trafikmätpunkter', 'City of Helsinki traffic measurement stations'],
  ['InfoTripla', 'InfoTriplan liikennelaskennat', 'InfoTriplas trafikräkningar', 'Traffic counts by InfoTripla'],
  ['LIVA', 'Liikennevirasto-laskennat (LIVA)', 'Trafikverkets räkningar (LIVA)', 'Transport agency counts (LIVA)'],
  ['Marksman', 'Marksman-tutkalaskurit', 'Marksman-radarräknare', 'Marksman radar counters'],
  ['SmartJunction', 'Älykkäiden liittymien ilmaisimet', 'Detektorer i smarta korsningar', 'Smart junction detectors'],
].map(([name, fi, sv, en]) => ({ name: name!, license: 'CC BY 4.0', descriptions: { fi: fi!, sv: sv!, en: en! } }));

/** The demo observations for these counters: each from its first to its last stored observation, within the 90 days before `now`. */
export function generateDemoObservations(counters: readonly CounterRecord[], now: number, timeZone: string): ObservationRecord[] {
  const observed = counters.filter((counter) => counter.lastStoredObservation !== null).slice(0, demoObservedCounters);
  const window = demoObservationWindow(now);
  const records: ObservationRecord[] = [];
  for (const counter of observed) {
    const first = Math.max(window.first, counter.firstStoredObservation ?? window.first);
    const last = Math.min(window.last, counter.lastStoredObservation!);
    const random = seededRandom(counter.id * 7919);
    const travel = travelOf(counter);
    const busiest = travel.busiest(random());
    const freeSpeed = travel.freeSpeed(random());
    for (let time = first; time <= last; time += hour) {
      const local = new Date(time + zoneOffsetSeconds(time, timeZone) * 1000);
      const weekday = local.getUTCDay();
      const weekend = weekday === 0 || weekday === 6;
      const level = shape(local.getUTCHours(), weekend, travel.vehicleType !== 'car');
      for (const [direction, share] of [['in', 1], ['out', 0.85]] as const) {
        const base = { counterId: counter.id, direction, vehicleType: travel.vehicleType, phenomenonDurationSeconds: 3600, source: counter.source, datetime: time };
        records.push({ ...base, measurementType: 'count', unit: 'pcs', value: Math.max(0, Math.round(busiest * level * share * (0.85 + random() * 0.3))) });
        if (counter.classifying) {
          const slowdown = travel.slowsInPeaks ? Math.min(0.45, level * 0.4) : 0;
          records.push({ ...base, measurementType: 'speed', unit: 'km/h', value: Math.round(freeSpeed * (1 - slowdown) + (random() * 2 - 1) * travel.speedSwing) });
        }
      }
    }
  }
  return records;
}

/** Seeds demo observations and sources when there are none yet; returns how many observations were added. */
export async function seedObservationDemoData(
  repositories: Pick<Repositories, 'counters' | 'observations'>,
  now: number,
  timeZone: string,
): Promise<number> {
  if ((await repositories.observations.listSources()).length > 0) return 0;
  const counters = await repositories.counters.listMatching({}, 0, 1000);
  const records = generateDemoObservations(counters, now, timeZone);
  await repositories.observations.upsertMany(records);
  await repositories.observations.upsertSources(demoSources);
  return records.length;
}
