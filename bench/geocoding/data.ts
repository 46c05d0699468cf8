/**
 * A synthetic address registry the size of a big Finnish city (100,000 points on ~2,000 streets
 * in three municipalities around Helsinki, Finnish and Swedish names built from real stems),
 * some service objects, and the queries the bench sends: what people type into an address box.
 * Seeded, so every run measures the same data and the same queries.
 */
import { seededRandom } from '../../src/server/demo/random';
import type { AddressPoint, ServiceObjectRecord } from '../../src/server/storage/repositories/types';

const stems: [fi: string, sv: string][] = [
  ['Koivu', 'Björk'], ['Kuusi', 'Gran'], ['Mänty', 'Tall'], ['Vaahtera', 'Lönn'], ['Pihlaja', 'Rönn'], ['Tammi', 'Ek'], ['Leppä', 'Al'],
  ['Haapa', 'Asp'], ['Saarni', 'Ask'], ['Kataja', 'En'], ['Kallio', 'Berg'], ['Mäki', 'Backe'], ['Niitty', 'Äng'], ['Pelto', 'Åker'],
  ['Metsä', 'Skog'], ['Ranta', 'Strand'], ['Järvi', 'Sjö'], ['Lähde', 'Käll'], ['Kivi', 'Sten'], ['Hiekka', 'Sand'], ['Kukka', 'Blom'],
  ['Ruusu', 'Ros'], ['Orvokki', 'Viol'], ['Kannel', 'Harp'], ['Kello', 'Klock'], ['Mylly', 'Kvarn'], ['Paja', 'Smedje'], ['Koulu', 'Skol'],
  ['Kirkko', 'Kyrk'], ['Tori', 'Torg'], ['Satama', 'Hamn'], ['Silta', 'Bro'], ['Linna', 'Slott'], ['Kartano', 'Gård'], ['Torppa', 'Torp'],
  ['Karhu', 'Björn'], ['Kettu', 'Räv'], ['Susi', 'Varg'], ['Ilves', 'Lo'], ['Hirvi', 'Älg'], ['Jänis', 'Hare'], ['Orava', 'Ekorr'],
  ['Siili', 'Igelkott'], ['Kotka', 'Örn'], ['Haukka', 'Hök'], ['Joutsen', 'Svan'], ['Kurki', 'Tran'], ['Sorsa', 'And'], ['Tiira', 'Tärn'],
  ['Lokki', 'Mås'], ['Kuovi', 'Spov'], ['Tikka', 'Hack'], ['Peippo', 'Fink'], ['Rastas', 'Trast'], ['Varpunen', 'Sparv'], ['Pääsky', 'Svala'],
  ['Sampo', 'Sampo'], ['Väinö', 'Väinö'], ['Ilmari', 'Ilmari'], ['Lemminki', 'Lemminki'], ['Aino', 'Aino'], ['Kullervo', 'Kullervo'],
  ['Tähti', 'Stjärn'], ['Kuu', 'Mån'], ['Aurinko', 'Sol'], ['Pilvi', 'Moln'], ['Tuuli', 'Vind'], ['Sade', 'Regn'], ['Lumi', 'Snö'],
  ['Routa', 'Tjäl'], ['Kevät', 'Vår'], ['Kesä', 'Sommar'], ['Syksy', 'Höst'], ['Talvi', 'Vinter'], ['Aamu', 'Morgon'], ['Ilta', 'Kväll'],
  ['Suvi', 'Sommar'], ['Helmi', 'Pärl'], ['Kulta', 'Guld'], ['Hopea', 'Silver'], ['Rauta', 'Järn'], ['Vaski', 'Koppar'], ['Tina', 'Tenn'],
  ['Pappila', 'Prästgård'], ['Nummi', 'Hed'], ['Suo', 'Myr'], ['Harju', 'Ås'], ['Laakso', 'Dal'], ['Notko', 'Sänk'], ['Kumpu', 'Kull'],
];
const kinds: [fi: string, sv: string][] = [
  ['tie', 'vägen'], ['katu', 'gatan'], ['kuja', 'gränden'], ['polku', 'stigen'], ['rinne', 'branten'], ['kaari', 'bågen'],
  ['puistotie', 'parkvägen'], ['mäentie', 'backsvägen'], ['kallionkuja', 'bergsgränden'], ['rannantie', 'strandvägen'],
];
const municipalities = [
  { fi: 'Helsinki', sv: 'Helsingfors', center: [60.2, 24.95], postal: '00' },
  { fi: 'Espoo', sv: 'Esbo', center: [60.2, 24.7], postal: '02' },
  { fi: 'Vantaa', sv: 'Vanda', center: [60.3, 25.04], postal: '01' },
] as const;

export interface BenchRegistry {
  points: AddressPoint[];
  streets: { fi: string; sv: string; municipality: string; numbers: number; lat: number; long: number }[];
}

/** `count` points: every stem × kind is a street in some municipality, numbered from 1. */
export function syntheticRegistry(count: number, seed = 4242): BenchRegistry {
  const random = seededRandom(seed);
  const points: AddressPoint[] = [];
  const streets: BenchRegistry['streets'] = [];
  const names = stems.flatMap(([fi, sv]) => kinds.map(([kindFi, kindSv]) => [`${fi}${kindFi}`, `${sv}${kindSv}`] as const));
  let street = 0;
  while (points.length < count) {
    const [fi, sv] = names[street % names.length]!;
    const municipality = municipalities[Math.floor(street / names.length) % municipalities.length]!;
    street += 1;
    const numbers = Math.min(count - points.length, 10 + Math.floor(random() * 80));
    const lat0 = municipality.center[0] + (random() - 0.5) * 0.16;
    const long0 = municipality.center[1] + (random() - 0.5) * 0.3;
    const bearing = random() * Math.PI * 2;
    const postal = `${municipality.postal}${String(100 + Math.floor(random() * 800)).padStart(3, '0')}`;
    for (let n = 1; n <= numbers; n += 1) {
      points.push({
        street_fi: fi,
        street_sv: sv,
        number: random() < 0.08 ? `${n} ${'AB'[Math.floor(random() * 2)]}` : String(n),
        postal_code: postal,
        municipality_fi: municipality.fi,
        municipality_sv: municipality.sv,
        lat: lat0 + Math.cos(bearing) * n * 0.00015,
        long: long0 + Math.sin(bearing) * n * 0.0003,
        source: 'bench',
      });
    }
    streets.push({ fi, sv, municipality: municipality.fi, numbers, lat: lat0, long: long0 });
  }
  return { points, streets };
}

/** Parks, fields and toilets named from the same stems, spread over the same area. */
export function syntheticServiceObjects(count: number, type: string, seed = 99): ServiceObjectRecord[] {
  const random = seededRandom(seed);
  const kinds = [['puisto', 'parken', 'park', 'park'], ['kenttä', 'planen', 'field', 'sports_field'], ['leikkipuisto', 'lekparken', 'playground', 'playground']] as const;
  return Array.from({ length: count }, (_, index) => {
    const [fi, sv] = stems[index % stems.length]!;
    const [kindFi, kindSv, kindEn, kind] = kinds[Math.floor(index / stems.length) % kinds.length]!;
    return {
      service_object_type: type,
      service_object_id: `bench-${index}`,
      kind,
      lat: 60.15 + random() * 0.2,
      long: 24.6 + random() * 0.5,
      names: { fi: `${fi}${kindFi} ${index}`, sv: `${sv}${kindSv} ${index}`, en: `${fi} ${kindEn} ${index}` },
      address: '',
    };
  });
}

/** One typo: a letter replaced, dropped or two swapped, away from the first letter. */
function typo(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  const letters = [...word];
  const kind = Math.floor(random() * 3);
  if (kind === 0) letters[at] = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)]!;
  else if (kind === 1) letters.splice(at, 1);
  else [letters[at], letters[at + 1]] = [letters[at + 1] ?? letters[at]!, letters[at]!];
  return letters.join('');
}

/** Query strings for /search, in the mix a typing user sends (with focus, as the map gives one). */
export function searchQueries(registry: BenchRegistry, count: number, seed = 7): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const street = registry.streets[Math.floor(random() * registry.streets.length)]!;
    const n = 1 + Math.floor(random() * street.numbers);
    const lower = street.fi.toLowerCase();
    const texts = [
      `${street.fi} ${n}`,
      `${typo(lower, random)} ${n}`,
      `${lower.slice(0, Math.max(3, Math.ceil(lower.length * 0.6)))} ${String(n).slice(0, 1)}`,
      lower.slice(0, 2 + Math.floor(random() * 4)),
      `${street.sv} ${n}, ${street.municipality}`,
      `${lower} ${n}`,
    ];
    const params = new URLSearchParams({ text: texts[index % texts.length]!, size: '10' });
    if (index % 2 === 0) {
      params.set('focus.point.lat', (60.2 + (random() - 0.5) * 0.1).toFixed(5));
      params.set('focus.point.lon', (24.9 + (random() - 0.5) * 0.2).toFixed(5));
    }
    if (index % 6 === 4) params.set('lang', 'sv');
    return params.toString();
  });
}

/** Query strings for /reverse: points a few tens of metres from stored ones, and some in the sea. */
export function reverseQueries(registry: BenchRegistry, count: number, seed = 11): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const point = registry.points[Math.floor(random() * registry.points.length)]!;
    const far = index % 10 === 9 ? 0.05 : 0;
    const lat = point.lat + (random() - 0.5) * 0.0006 - far;
    const long = point.long + (random() - 0.5) * 0.0012;
    return `point.lat=${lat.toFixed(6)}&point.lon=${long.toFixed(6)}&size=${index % 2 === 0 ? 1 : 10}`;
  });
}

/** Words for the baseline: the plain service-object name search (substring, no typos). */
export function serviceObjectQueries(count: number, seed = 13): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => `q=${encodeURIComponent(stems[Math.floor(random() * stems.length)]![0].toLowerCase())}&limit=10`);
}
