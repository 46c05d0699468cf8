/**
 * Fake published service requests shaped like a busy city's: spread over the last 90 days
 * around Helsinki, half of them clustered in districts (radius searches meet dense spots),
 * descriptions of realistic and varied length, a spread of detailed statuses, and about 30%
 * with one or two photos (media rows only: listings never read the files).
 */
import { seededRandom } from '../../src/server/demo/random';
import { demoServiceTypes } from '../../src/server/demo/service-types';
import type { NewServiceRequest } from '../../src/server/storage/repositories/types';

export const serviceTypes = demoServiceTypes;

/** The data area; radius-search centres are drawn inside it too. */
export const area = { latMin: 60.1, latMax: 60.3, longMin: 24.75, longMax: 25.2 } as const;

const day = 24 * 60 * 60 * 1000;
const spanDays = 89.5;

const districts: readonly [number, number][] = [
  [60.1699, 24.9384], [60.1841, 24.9501], [60.1989, 24.9335], [60.2102, 25.0815], [60.2505, 25.0113],
  [60.1953, 25.0302], [60.1977, 24.8781], [60.1583, 24.8733], [60.2381, 24.8787], [60.2091, 25.1431],
  [60.2292, 24.9651], [60.2258, 25.0137],
];

const statusPlans: readonly { detailed: string[]; notes: string; weight: number }[] = [
  { detailed: ['RECEIVED'], notes: '', weight: 3 },
  { detailed: ['IN_PROCESS'], notes: 'Palaute on käsittelyssä.', weight: 2 },
  { detailed: ['IN_PROCESS', 'PUBLIC_WORKS_NEW'], notes: 'Asia on välitetty kunnossapidon urakoitsijalle.', weight: 1 },
  { detailed: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], notes: 'Korjaustyö on aloitettu.', weight: 2 },
  { detailed: ['PROCESSED'], notes: 'Kiitos ilmoituksesta. Asia on hoidettu.', weight: 3 },
  { detailed: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], notes: 'Kiitos ilmoituksesta. Korjaus on tehty.', weight: 4 },
  {
    detailed: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER'],
    notes: 'Korjaus tehdään kesän kunnostustöiden yhteydessä.',
    weight: 1,
  },
  {
    detailed: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION'],
    notes: 'Tarkastimme paikan, eikä se vaadi toimenpiteitä.',
    weight: 1,
  },
  { detailed: ['ARCHIVED'], notes: '', weight: 0.5 },
  {
    detailed: ['REJECTED'],
    notes: 'Alue on yksityistä maata, eikä se ole kaupungin hoidossa. Ota yhteyttä kiinteistön omistajaan.',
    weight: 0.5,
  },
];
const totalStatusWeight = statusPlans.reduce((sum, plan) => sum + plan.weight, 0);

const sentences = [
  'Kadulla on syvä kuoppa pyöräkaistan reunassa.',
  'Roska-astia on ollut täynnä jo viikon ja roskat leviävät ympäriinsä.',
  'Katuvalo ei pala suojatien kohdalla, ja paikka on illalla todella pimeä.',
  'Puistonpenkki on rikottu ja sen laudat ovat irti.',
  'Seinään on ilmestynyt isoja töhryjä koulun viereen.',
  'Jalkakäytävällä on jäätä eikä sitä ole hiekoitettu, moni on jo liukastunut.',
  'The traffic sign at the corner has been bent and now points the wrong way.',
  'Someone has dumped old furniture and a mattress next to the recycling point.',
  'The swing at the playground is broken and the chain hangs loose.',
  'Water pools on the pavement after every rain because the drain is blocked.',
  'Lekplatsens gungor är trasiga och kedjan hänger löst.',
  'Gatlyktan vid övergångsstället lyser inte längre.',
  'Asfaltti on murentunut laajalta alueelta ja vesi lammikoituu kuoppiin.',
  'Lastenvaunujen ja rollaattorin kanssa on vaikea kulkea tästä kohdasta.',
  'Ilmoitin asiasta jo aiemmin, mutta mitään ei ole tapahtunut.',
  'Please fix this before someone gets hurt; children walk here to school every day.',
];

const titles = ['Kuoppa kadulla', 'Täysi roska-astia', 'Katuvalo rikki', 'Broken bench', 'Graffiti on the wall', 'Trasig gunga'];
const streets = ['Hämeentie', 'Mannerheimintie', 'Runeberginkatu', 'Mäkelänkatu', 'Itäväylä', 'Kehä I', 'Tuusulanväylä'];

export interface FakeRequestSource {
  next: () => NewServiceRequest;
  /** A point drawn like the requests' own locations: searches happen where reports are. */
  point: () => { lat: number; long: number };
}

export function fakeRequestSource(seed: number, now: number): FakeRequestSource {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

  const point = () => {
    for (;;) {
      let lat: number;
      let long: number;
      if (random() < 0.5) {
        const [centreLat, centreLong] = pick(districts);
        // Sigma about 700 m either way.
        lat = centreLat + gaussian() * 0.0063;
        long = centreLong + gaussian() * 0.0126;
      } else {
        lat = area.latMin + random() * (area.latMax - area.latMin);
        long = area.longMin + random() * (area.longMax - area.longMin);
      }
      if (lat >= area.latMin && lat <= area.latMax && long >= area.longMin && long <= area.longMax) {
        return { lat: Math.round(lat * 1e6) / 1e6, long: Math.round(long * 1e6) / 1e6 };
      }
    }
  };

  /** Log-normal around 180 characters: most a sentence or three, a few long letters. */
  const makeDescription = () => {
    const target = Math.min(4000, Math.max(20, Math.round(180 * Math.exp(0.8 * gaussian()))));
    let text = pick(sentences);
    while (text.length < target) text += ` ${pick(sentences)}`;
    return text;
  };
  // A pool drawn once keeps generating a million records quick; the lengths keep their spread.
  const descriptions = Array.from({ length: 4096 }, makeDescription);

  /** Same shape as the server's ids (20 of [a-z0-9]), from the seeded generator: much cheaper than crypto. */
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const newId = () => {
    let id = '';
    for (let i = 0; i < 20; i += 1) id += alphabet[Math.floor(random() * 36)];
    return id;
  };

  const statusPlan = () => {
    let left = random() * totalStatusWeight;
    for (const plan of statusPlans) {
      left -= plan.weight;
      if (left < 0) return plan;
    }
    return statusPlans[0]!;
  };

  const next = (): NewServiceRequest => {
    const id = newId();
    const requestedAt = Math.floor((now - random() * spanDays * day) / 1000) * 1000;
    const plan = statusPlan();
    const handled = plan.detailed[0] !== 'RECEIVED';
    const updatedAt = handled ? Math.min(now, requestedAt + Math.floor(random() * 10 * day)) : requestedAt;
    const { lat, long } = point();
    const photos = random() < 0.3 ? (random() < 0.7 ? 1 : 2) : 0;
    const locale = pick(['fi', 'fi', 'fi', 'sv', 'en']);
    return {
      service_request_id: id,
      service_code: pick(serviceTypes).service_code,
      title: random() < 0.8 ? pick(titles) : null,
      description: pick(descriptions),
      lat,
      long,
      address_string: random() < 0.7 ? `${pick(streets)} ${1 + Math.floor(random() * 120)}, Helsinki` : null,
      address_id: null,
      zip_code: random() < 0.3 ? `00${100 + Math.floor(random() * 900)}` : null,
      service_object_type: null,
      service_object_id: null,
      email: random() < 0.5 ? `resident${Math.floor(random() * 1e6)}@example.org` : null,
      first_name: null,
      last_name: null,
      phone: null,
      device_id: null,
      account_id: null,
      locale,
      detailed_status: [...plan.detailed],
      status_notes: plan.notes,
      agency_responsible: 'Kaupunkiympäristön toimiala',
      service_notice: '',
      moderation: 'published',
      external_media_url: null,
      attributes: {},
      requested_at: requestedAt,
      updated_at: updatedAt,
      expected_at: plan.detailed.includes('PUBLIC_WORKS_IN_PROGRESS') ? updatedAt + 14 * day : null,
      media: Array.from({ length: photos }, (_, position) => ({
        position,
        file_name: `${id}-${position}.jpg`,
        content_type: 'image/jpeg',
        byte_size: 80_000 + Math.floor(random() * 800_000),
      })),
    };
  };

  return { next, point };
}
