/**
 * Demo address points: about 2,700 along the Helsinki streets the demo reports and service
 * objects name (and a few in Espoo and Vantaa), so the geocoder finds "Hämeentie 30" where the
 * demo report about it is. Each street is a line through anchor points (house number → place;
 * the demo's own addresses among them); numbers in between are spread along it, odd on one side
 * and even on the other, some as "12 A", "12 B". Real street names, made-up positions; generated
 * with a seeded PRNG, so the same on every machine. Stored with source 'demo'.
 */
import { randomUUID } from 'node:crypto';
import type { AddressPoint, Repositories } from '../storage/repositories/types';
import { seededRandom } from './random';

/** [house number, lat, long, postal code from here on]. */
type Anchor = [number: number, lat: number, long: number, postalCode?: string];
type DemoStreet = [fi: string, sv: string, municipality: keyof typeof municipalities, last: number, anchors: Anchor[]];

const municipalities = { helsinki: ['Helsinki', 'Helsingfors'], espoo: ['Espoo', 'Esbo'], vantaa: ['Vantaa', 'Vanda'] } as const;

const streets: DemoStreet[] = [
  ['Hämeentie', 'Tavastvägen', 'helsinki', 160, [[1, 60.1797, 24.9522, '00530'], [30, 60.1874, 24.9604], [60, 60.1921, 24.9628, '00500'], [100, 60.1985, 24.9655, '00550'], [145, 60.2079, 24.9688, '00560'], [160, 60.2112, 24.9721]]],
  ['Mannerheimintie', 'Mannerheimvägen', 'helsinki', 170, [[1, 60.1688, 24.9413, '00100'], [13, 60.1764, 24.9366], [50, 60.1798, 24.9262, '00250'], [90, 60.1885, 24.9168, '00260'], [130, 60.1961, 24.9075, '00270'], [170, 60.2047, 24.8978, '00290']]],
  ['Mäkelänkatu', 'Mäkelägatan', 'helsinki', 100, [[1, 60.1893, 24.9508, '00510'], [56, 60.1991, 24.9559, '00550'], [80, 60.2082, 24.9546, '00610'], [96, 60.2168, 24.9532], [100, 60.2185, 24.9530]]],
  ['Runeberginkatu', 'Runebergsgatan', 'helsinki', 80, [[1, 60.1685, 24.9301, '00100'], [37, 60.1776, 24.9254, '00260'], [80, 60.1842, 24.9215]]],
  ['Aleksis Kiven katu', 'Aleksis Kivis gata', 'helsinki', 60, [[1, 60.1907, 24.9410, '00510'], [18, 60.1939, 24.9471], [25, 60.1951, 24.9541, '00500'], [60, 60.1983, 24.9620]]],
  ['Sturenkatu', 'Sturegatan', 'helsinki', 60, [[1, 60.1897, 24.9372, '00510'], [20, 60.1931, 24.9428], [60, 60.1985, 24.9560, '00550']]],
  ['Fleminginkatu', 'Flemingsgatan', 'helsinki', 50, [[1, 60.1831, 24.9498, '00530'], [6, 60.1889, 24.9561, '00510'], [50, 60.1929, 24.9587]]],
  ['Porvoonkatu', 'Borgågatan', 'helsinki', 60, [[1, 60.1875, 24.9500, '00510'], [2, 60.1879, 24.9512], [12, 60.1892, 24.9543], [60, 60.1946, 24.9571]]],
  ['Helsinginkatu', 'Helsingegatan', 'helsinki', 60, [[1, 60.1845, 24.9405, '00500'], [25, 60.1868, 24.9507], [60, 60.1880, 24.9585, '00510']]],
  ['Viipurinkatu', 'Viborgsgatan', 'helsinki', 30, [[1, 60.1878, 24.9425, '00510'], [2, 60.1883, 24.9432], [30, 60.1912, 24.9474]]],
  ['Eläintarhantie', 'Djurgårdsvägen', 'helsinki', 14, [[1, 60.1788, 24.9440, '00530'], [3, 60.1792, 24.9434], [14, 60.1815, 24.9408]]],
  ['Säästöpankinranta', 'Sparbanksstranden', 'helsinki', 12, [[1, 60.1768, 24.9570, '00530'], [12, 60.1785, 24.9595]]],
  ['Itämerenkatu', 'Östersjögatan', 'helsinki', 40, [[1, 60.1602, 24.9011, '00180'], [11, 60.1619, 24.9062], [40, 60.1642, 24.9170]]],
  ['Selkämerenkatu', 'Bottenhavsgatan', 'helsinki', 20, [[1, 60.1618, 24.9130, '00180'], [11, 60.1629, 24.9161], [20, 60.1640, 24.9190]]],
  ['Ruoholahdenranta', 'Gräsviksstranden', 'helsinki', 20, [[1, 60.1636, 24.9105, '00180'], [3, 60.1641, 24.9126], [20, 60.1660, 24.9188]]],
  ['Lapinlahdentie', 'Lappviksvägen', 'helsinki', 16, [[1, 60.1681, 24.9116, '00180'], [16, 60.1672, 24.9180]]],
  ['Eteläranta', 'Södra kajen', 'helsinki', 20, [[1, 60.1668, 24.9518, '00130'], [10, 60.1664, 24.9537], [20, 60.1647, 24.9560]]],
  ['Fredrikinkatu', 'Fredriksgatan', 'helsinki', 90, [[1, 60.1585, 24.9405, '00120'], [40, 60.1668, 24.9371, '00100'], [90, 60.1722, 24.9336]]],
  ['Bulevardi', 'Bulevarden', 'helsinki', 50, [[1, 60.1653, 24.9412, '00120'], [40, 60.1606, 24.9333, '00180'], [50, 60.1597, 24.9311]]],
  ['Kasarmikatu', 'Kaserngatan', 'helsinki', 48, [[1, 60.1617, 24.9545, '00130'], [48, 60.1662, 24.9475]]],
  ['Itäinen Puistotie', 'Östra allén', 'helsinki', 20, [[1, 60.1574, 24.9560, '00140'], [20, 60.1600, 24.9580]]],
  ['Pohjoisesplanadi', 'Norra esplanaden', 'helsinki', 50, [[1, 60.1678, 24.9530, '00170'], [2, 60.1676, 24.9476], [50, 60.1686, 24.9420, '00100']]],
  ['Aleksanterinkatu', 'Alexandersgatan', 'helsinki', 70, [[1, 60.1687, 24.9555, '00170'], [20, 60.1699, 24.9460, '00100'], [70, 60.1686, 24.9390]]],
  ['Kaisaniementie', 'Kajsaniemivägen', 'helsinki', 14, [[1, 60.1730, 24.9460, '00100'], [2, 60.1737, 24.9478], [14, 60.1760, 24.9500]]],
  ['Kaisaniemenkatu', 'Kajsaniemigatan', 'helsinki', 16, [[1, 60.1735, 24.9435, '00100'], [5, 60.1748, 24.9457], [16, 60.1770, 24.9480]]],
  ['Mechelininkatu', 'Mechelingatan', 'helsinki', 70, [[1, 60.1680, 24.9190, '00100'], [38, 60.1822, 24.9131, '00250'], [70, 60.1870, 24.9105]]],
  ['Urheilukatu', 'Idrottsgatan', 'helsinki', 60, [[1, 60.1835, 24.9250, '00250'], [5, 60.1881, 24.9231], [60, 60.1960, 24.9200]]],
  ['Nordenskiöldinkatu', 'Nordenskiöldsgatan', 'helsinki', 20, [[1, 60.1845, 24.9270, '00250'], [3, 60.1849, 24.9298], [20, 60.1858, 24.9380]]],
  ['Väinämöisenkatu', 'Väinämöinengatan', 'helsinki', 30, [[1, 60.1789, 24.9212, '00100'], [30, 60.1810, 24.9280]]],
  ['Meilahdentie', 'Mejlansvägen', 'helsinki', 20, [[1, 60.1900, 24.9060, '00250'], [12, 60.1929, 24.9034], [20, 60.1950, 24.9010]]],
  ['Hietarannantie', 'Sandstrandsvägen', 'helsinki', 14, [[1, 60.1708, 24.9060, '00100'], [5, 60.1721, 24.9036], [14, 60.1745, 24.9005]]],
  ['Merisatamanranta', 'Havshamnsstranden', 'helsinki', 14, [[1, 60.1552, 24.9470, '00150'], [4, 60.1561, 24.9497], [14, 60.1575, 24.9560]]],
  ['Ratapihantie', 'Bangårdsvägen', 'helsinki', 20, [[1, 60.1975, 24.9300, '00520'], [20, 60.2005, 24.9370]]],
  ['Kumpulantie', 'Gumtäktsvägen', 'helsinki', 20, [[1, 60.2092, 24.9648, '00520'], [20, 60.2040, 24.9560]]],
  ['Limingantie', 'Limingovägen', 'helsinki', 50, [[1, 60.2060, 24.9580, '00550'], [4, 60.2066, 24.9598], [50, 60.2120, 24.9710, '00560']]],
  ['Arabianranta', 'Arabiastranden', 'helsinki', 20, [[1, 60.2075, 24.9765, '00560'], [2, 60.2081, 24.9779], [20, 60.2125, 24.9840]]],
  ['Käskynhaltijantie', 'Ståthållarvägen', 'helsinki', 30, [[1, 60.2250, 24.9600, '00640'], [11, 60.2279, 24.9641], [30, 60.2320, 24.9700]]],
  ['Pirkkolan metsätie', 'Britas skogsväg', 'helsinki', 12, [[1, 60.2291, 24.9268, '00630'], [6, 60.2339, 24.9228], [12, 60.2360, 24.9200]]],
  ['Raumantie', 'Raumovägen', 'helsinki', 30, [[1, 60.2049, 24.8781, '00350'], [30, 60.2090, 24.8640]]],
  ['Munkkiniemen puistotie', 'Munksnäs allé', 'helsinki', 30, [[1, 60.1955, 24.8830, '00330'], [10, 60.1981, 24.8782], [30, 60.2010, 24.8710]]],
  ['Muusantori', 'Musernas torg', 'helsinki', 6, [[1, 60.2002, 24.8951, '00280'], [6, 60.2008, 24.8962]]],
  ['Kantelettarentie', 'Kantelettarvägen', 'helsinki', 30, [[1, 60.2370, 24.8780, '00420'], [17, 60.2398, 24.8823], [30, 60.2420, 24.8860]]],
  ['Kulosaaren puistotie', 'Brändö parkväg', 'helsinki', 60, [[1, 60.1850, 24.9990, '00570'], [20, 60.1861, 25.0068], [60, 60.1885, 25.0170]]],
  ['Mustikkamaanpolku', 'Blåbärslandetsstigen', 'helsinki', 6, [[1, 60.1818, 24.9949, '00570'], [6, 60.1830, 24.9990]]],
  ['Linnanrakentajantie', 'Slottsbyggarvägen', 'helsinki', 30, [[1, 60.1990, 25.0220, '00880'], [14, 60.2012, 25.0262], [30, 60.2040, 25.0310, '00810']]],
  ['Siilitie', 'Igelkottsvägen', 'helsinki', 20, [[1, 60.2040, 25.0390, '00800'], [6, 60.2051, 25.0419], [20, 60.2080, 25.0480]]],
  ['Kettutie', 'Rävvägen', 'helsinki', 20, [[1, 60.1955, 25.0340, '00800'], [2, 60.1958, 25.0351], [20, 60.1990, 25.0420]]],
  ['Koulutie', 'Skolvägen', 'helsinki', 30, [[1, 60.2540, 25.0130, '00750'], [30, 60.2575, 25.0200]]],
  ['Sörnäisten rantatie', 'Sörnäs strandväg', 'helsinki', 60, [[1, 60.1805, 24.9600, '00530'], [30, 60.1850, 24.9680, '00540'], [60, 60.1905, 24.9745, '00580']]],
  ['Töölönkatu', 'Tölögatan', 'helsinki', 60, [[1, 60.1790, 24.9290, '00260'], [60, 60.1880, 24.9270, '00250']]],
  ['Lauttasaarentie', 'Drumsövägen', 'helsinki', 60, [[1, 60.1610, 24.8850, '00200'], [60, 60.1570, 24.8720]]],
  ['Unioninkatu', 'Unionsgatan', 'helsinki', 50, [[1, 60.1650, 24.9515, '00130'], [20, 60.1700, 24.9520, '00170'], [50, 60.1760, 24.9495]]],
  ['Kaivokatu', 'Brunnsgatan', 'helsinki', 12, [[1, 60.1705, 24.9440, '00100'], [12, 60.1697, 24.9390]]],
  ['Otakaari', 'Otsvängen', 'espoo', 24, [[1, 60.1866, 24.8270, '02150'], [24, 60.1890, 24.8340]]],
  ['Leppävaarankatu', 'Albergagatan', 'espoo', 16, [[1, 60.2190, 24.8130, '02600'], [16, 60.2230, 24.8110]]],
  ['Tikkurilantie', 'Dickursbyvägen', 'vantaa', 80, [[1, 60.2920, 25.0350, '01300'], [80, 60.2960, 25.0500]]],
  ['Koulutie', 'Skolvägen', 'vantaa', 30, [[1, 60.2935, 25.0410, '01300'], [30, 60.2975, 25.0460]]],
  // Squares are addresses too: "kauppatori" must find the square, not only the toilet on it.
  ['Kauppatori', 'Salutorget', 'helsinki', 4, [[1, 60.1676, 24.9522, '00170'], [4, 60.1669, 24.9544]]],
  ['Rautatientori', 'Järnvägstorget', 'helsinki', 4, [[1, 60.1713, 24.9428, '00100'], [4, 60.1707, 24.9446]]],
  ['Senaatintori', 'Senatstorget', 'helsinki', 2, [[1, 60.1695, 24.9521, '00170'], [2, 60.1691, 24.9531]]],
  ['Hakaniemen tori', 'Hagnäs torg', 'helsinki', 2, [[1, 60.1790, 24.9509, '00530'], [2, 60.1795, 24.9518]]],
];

const demoSeed = 20240617;
const metresPerDegreeLat = 111_195;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The place of house `n` on a street: along the line between its anchors, on its side. */
function placeOf(anchors: readonly Anchor[], n: number): { lat: number; long: number; postalCode: string } {
  let index = 0;
  while (index < anchors.length - 2 && n > anchors[index + 1]![0]) index += 1;
  const [n0, lat0, long0] = anchors[index]!;
  const [n1, lat1, long1] = anchors[index + 1]!;
  const t = n1 === n0 ? 0 : Math.min(1, Math.max(0, (n - n0) / (n1 - n0)));
  const postalCode = [...anchors].reverse().find((anchor) => anchor[0] <= n && anchor[3])?.[3] ?? anchors[0]![3]!;
  // Odd numbers about 12 m to the left of the direction of travel, even ones to the right.
  const metresPerDegreeLong = metresPerDegreeLat * Math.cos((lat0 * Math.PI) / 180);
  const north = (lat1 - lat0) * metresPerDegreeLat;
  const east = (long1 - long0) * metresPerDegreeLong;
  const length = Math.hypot(north, east) || 1;
  const side = n % 2 === 1 ? 12 : -12;
  return {
    lat: lat0 + (lat1 - lat0) * t + ((east / length) * side) / metresPerDegreeLat,
    long: long0 + (long1 - long0) * t + ((-north / length) * side) / metresPerDegreeLong,
    postalCode,
  };
}

export function demoAddressPoints(): AddressPoint[] {
  const random = seededRandom(demoSeed);
  const points: AddressPoint[] = [];
  for (const [streetFi, streetSv, municipality, last, anchors] of streets) {
    const [municipalityFi, municipalitySv] = municipalities[municipality];
    const anchored = new Set(anchors.map((anchor) => anchor[0]));
    for (let n = 1; n <= last; n += 1) {
      const place = placeOf(anchors, n);
      // Some plots hold several houses: 12 A, 12 B (never a number the demo data names).
      const letters = !anchored.has(n) && random() < 0.1 ? ['A', 'B', 'C'].slice(0, 2 + Math.floor(random() * 2)) : [''];
      for (const [position, letter] of letters.entries()) {
        const jitter = () => (random() - 0.5) * 6;
        points.push({
          street_fi: streetFi,
          street_sv: streetSv,
          number: letter ? `${n} ${letter}` : String(n),
          postal_code: place.postalCode,
          municipality_fi: municipalityFi,
          municipality_sv: municipalitySv,
          lat: round6(place.lat + (jitter() + position * 8) / metresPerDegreeLat),
          long: round6(place.long + (jitter() + position * 8) / (metresPerDegreeLat * 0.5)),
          source: 'demo',
        });
      }
    }
  }
  return points;
}

/**
 * Seeds the demo points into an empty registry of a store that holds the demo data (seeded now
 * or at an earlier start): a registry with points, or a real city's store, is never touched.
 * Answers how many points were stored.
 */
export async function seedDemoAddresses(repositories: Pick<Repositories, 'addresses' | 'settings'>): Promise<number> {
  if ((await repositories.addresses.count()) > 0) return 0;
  if ((await repositories.settings.get('demo_data_claimed_by')) === undefined) return 0;
  // Instances starting together: only the one whose claim is stored seeds.
  const claim = randomUUID();
  if ((await repositories.settings.putIfAbsent('demo_addresses_claimed_by', claim)) !== claim) return 0;
  const points = demoAddressPoints();
  await repositories.addresses.replace(['demo'], points);
  return points.length;
}
