import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { demoBodies, demoBodyMunicipalities } from '../demo/bodies';
import { cyclePathSuffix, pavementSuffix } from '../demo/counter-paths';
import { demoLiveCounters, demoObservationWindow, demoStoppedCounters, stoppedCounterLast } from '../demo/observed-counters';
import { seededRandom } from '../demo/random';
import type { BodyArea, CounterRecord, CounterRepository } from '../storage/repositories/types';

/**
 * Demo counters for a first start: about 2,000 made-up devices around the Helsinki region,
 * spread over the real sources, deterministic (seeded), every name ending in " (demo)". Only the
 * few that have demo observations (demo/observed-counters.ts) say they stored any, over exactly
 * the hours the observations cover: the rest are installed but never delivered.
 */

interface SourceProfile {
  name: string;
  weight: number;
  classifying: boolean;
  /** Share of this source's counters with no id in the provider's system. */
  nullSourceIdShare: number;
  sourceIdBase: number;
}

const sources: SourceProfile[] = [
  { name: 'EcoCounter', weight: 20, classifying: false, nullSourceIdShare: 0, sourceIdBase: 100_000_000 },
  { name: 'Fintraffic', weight: 15, classifying: true, nullSourceIdShare: 0, sourceIdBase: 1 },
  { name: 'HEL LAM', weight: 15, classifying: true, nullSourceIdShare: 0.1, sourceIdBase: 1_000 },
  { name: 'InfoTripla', weight: 15, classifying: false, nullSourceIdShare: 1, sourceIdBase: 0 },
  { name: 'Marksman', weight: 15, classifying: true, nullSourceIdShare: 0.2, sourceIdBase: 5_000 },
  { name: 'LIVA', weight: 10, classifying: false, nullSourceIdShare: 1, sourceIdBase: 0 },
  { name: 'SmartJunction', weight: 10, classifying: true, nullSourceIdShare: 0.5, sourceIdBase: 20_000 },
];

interface Municipality {
  code: string;
  weight: number;
  latitude: number;
  longitude: number;
  spread: number;
}

const municipalities: Municipality[] = [
  { code: '091', weight: 45, latitude: 60.1920, longitude: 24.9450, spread: 0.09 }, // Helsinki
  { code: '049', weight: 20, latitude: 60.2055, longitude: 24.6559, spread: 0.07 }, // Espoo
  { code: '092', weight: 20, latitude: 60.2934, longitude: 25.0378, spread: 0.06 }, // Vantaa
  { code: '235', weight: 3, latitude: 60.2107, longitude: 24.7287, spread: 0.01 }, // Kauniainen
  { code: '186', weight: 3, latitude: 60.4737, longitude: 25.0899, spread: 0.03 }, // Järvenpää
  { code: '245', weight: 3, latitude: 60.4034, longitude: 25.1050, spread: 0.02 }, // Kerava
  { code: '257', weight: 2, latitude: 60.1236, longitude: 24.4385, spread: 0.05 }, // Kirkkonummi
  { code: '858', weight: 2, latitude: 60.4030, longitude: 25.0266, spread: 0.04 }, // Tuusula
  { code: '753', weight: 2, latitude: 60.3769, longitude: 25.2720, spread: 0.05 }, // Sipoo
];

const streets = [
  'Mannerheimintie', 'Hämeentie', 'Mechelininkatu', 'Itäväylä', 'Tuusulanväylä', 'Lahdenväylä', 'Länsiväylä',
  'Kehä I', 'Kehä III', 'Turunväylä', 'Hakamäentie', 'Pasilankatu', 'Baana', 'Runeberginkatu', 'Helsinginkatu',
  'Sturenkatu', 'Kaisaniemenkatu', 'Pitkäsilta', 'Lauttasaarensilta', 'Kulosaaren silta', 'Herttoniemen väylä',
  'Vihdintie', 'Kaarelantie', 'Tapiolantie', 'Otaniementie', 'Leppävaarankatu', 'Tikkurilantie', 'Myyrmäentie',
  'Kuninkaantie', 'Keravantie', 'Sibeliuksenkatu', 'Rantatie', 'Asematie', 'Koulukatu', 'Puistotie', 'Rautatienkatu',
];

const suffixes = ['', ' pohjoiseen', ' etelään', ' itään', ' länteen', cyclePathSuffix, pavementSuffix];

export const demoCounterCount = 2000;

function pick<T extends { weight: number }>(items: readonly T[], random: () => number): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]!;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The demo counters as of `now` (epoch ms): the same list for the same `now`. */
export function generateDemoCounters(now: number, count = demoCounterCount): CounterRecord[] {
  const random = seededRandom(0x6b657272);
  const areas = demoMunicipalityAreas();
  const window = demoObservationWindow(now);
  const counters: CounterRecord[] = [];
  let id = 0;
  let live = 0;
  let stopped = 0;
  for (let index = 0; index < count; index += 1) {
    // Real ids have gaps where devices were removed.
    id += random() < 0.1 ? 2 + Math.floor(random() * 5) : 1;
    const source = pick(sources, random);
    const municipality = pick(municipalities, random);
    const placeholder = random() < 0.005;
    const state = random();
    // Installed but never delivered anything, unless it is one of the few with observations.
    let dataReceived = false;
    let first: number | null = null;
    let last: number | null = null;
    if (state >= 0.25 && live < demoLiveCounters) {
      live += 1;
      dataReceived = true;
      first = window.first;
      last = window.last;
    } else if (state >= 0.1 && state < 0.25 && stopped < demoStoppedCounters) {
      stopped += 1;
      first = window.first;
      last = stoppedCounterLast(now, random);
    }
    const street = streets[Math.floor(random() * streets.length)]!;
    const suffix = suffixes[Math.floor(random() * suffixes.length)]!;
    const number = 1 + Math.floor(random() * 120);
    const sourceId = random() < source.nullSourceIdShare ? null : source.sourceIdBase + Math.floor(random() * 9000);
    // Some real counters carry 0,0 as a placeholder location; the demo keeps a few.
    const drawn = placeholder ? undefined : near(municipality, random);
    const [longitude, latitude] = drawn ? standIn(municipality, drawn, areas, id) : [0, 0];
    counters.push({
      id,
      name: `${street} ${number}${suffix} (demo)`,
      source: source.name,
      sourceId,
      classifying: source.classifying,
      crsEpsg: 4326,
      municipalityCode: municipality.code,
      dataReceived,
      firstStoredObservation: first,
      lastStoredObservation: last,
      longitude,
      latitude,
    });
  }
  return counters;
}

/** A place near the municipality's centre, drawn from `random`. */
const near = (municipality: Municipality, random: () => number): [number, number] => [
  round(municipality.longitude + (random() * 2 - 1) * municipality.spread * 2, 6),
  round(municipality.latitude + (random() * 2 - 1) * municipality.spread, 6),
];

/** The demo bodies' areas by municipality code. */
function demoMunicipalityAreas(): Map<string, BodyArea> {
  return new Map(demoBodies().map((body) => [demoBodyMunicipalities[body.id]!, body.area]));
}

/**
 * The drawn place if it stands in the counter's own city's demo area (or, for another
 * municipality, outside all four), else places drawn again from the counter's own stream until
 * one does. The list's stream is never drawn from here, so every other property (and which
 * counters have observations) stays as it was.
 */
function standIn(municipality: Municipality, drawn: [number, number], areas: ReadonlyMap<string, BodyArea>, id: number): [number, number] {
  const own = areas.get(municipality.code);
  const fits = (place: [number, number]) =>
    own ? booleanPointInPolygon(place, own) : ![...areas.values()].some((area) => booleanPointInPolygon(place, area));
  if (fits(drawn)) return drawn;
  const again = seededRandom(0x706c6163 + id);
  for (let draw = 0; draw < 1000; draw += 1) {
    const place = near(municipality, again);
    if (fits(place)) return place;
  }
  throw new Error(`demo counter ${id}: no place in municipality ${municipality.code}'s demo area near its centre`);
}

/** Stores the demo counters only when there are none yet; returns how many were added. */
export async function seedCounterDemoData(repository: CounterRepository, now: number): Promise<number> {
  if ((await repository.count()) > 0) return 0;
  const { inserted } = await repository.upsertMany(generateDemoCounters(now));
  return inserted;
}
