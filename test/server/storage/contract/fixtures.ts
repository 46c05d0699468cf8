/**
 * Shared builders for the repository contract suite (test/server/storage/contract). Every file
 * there runs against the backend of the current run (test/helpers/test-store.ts): SQLite in the
 * `server` project, PostgreSQL + PostGIS in `server-postgres`. Values follow the demo data
 * (src/server/demo) and test/helpers/georeport-app.ts, so they look like what the server stores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { openStore, type Store } from '../../../../src/server/storage';
import { earthRadiusMeters } from '../../../../src/server/storage/geo';
import type {
  CounterRecord,
  NewOutboxMessage,
  NewServiceRequest,
  ServiceObjectRecord,
  ServiceTypeRecord,
  ServiceTypeTranslation,
} from '../../../../src/server/storage/repositories/types';
import { openTestStore } from '../../../helpers/test-store';

/** A store of this run's backend with where it lives, so a second instance can open the same one. */
export interface ContractStore {
  store: Store;
  /** DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  dataDir: string;
}

/**
 * A fresh, empty store for every test (`each`), or one for the whole describe block (`all`, for
 * read-only tests over a seeded data set). Read `.store` inside tests and hooks.
 */
export function useFreshStore(scope: 'each' | 'all' = 'each'): ContractStore {
  const holder = {} as ContractStore;
  const open = async () => {
    holder.dataDir = mkdtempSync(join(tmpdir(), 'kerro-contract-'));
    const { store, env } = await openTestStore(holder.dataDir);
    holder.store = store;
    holder.env = env;
  };
  const close = async () => {
    await holder.store?.close();
    if (holder.dataDir) rmSync(holder.dataDir, { recursive: true, force: true });
  };
  if (scope === 'each') {
    beforeEach(open);
    afterEach(close);
  } else {
    beforeAll(open);
    afterAll(close);
  }
  return holder;
}

/** Another instance on the same store (another process behind the load balancer, as far as storage can tell). */
export function openSecondStore(opened: ContractStore): Promise<Store> {
  return openStore({
    DATA_DIR: opened.dataDir,
    DATABASE_URL: opened.env.DATABASE_URL,
    DATABASE_POOL_SIZE: 5,
    DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
    MEDIA_DIR: undefined,
  });
}

/** 2026-11-20T12:00:00Z, as the GeoReport tests' clock starts. */
export const baseTime = Date.parse('2026-11-20T12:00:00Z');
export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;

const translations = (en: string, fi: string, sv: string): Record<string, ServiceTypeTranslation> => ({
  fi: { service_name: fi, description: `${fi} kuvaus`, keywords: fi.toLowerCase(), group: 'Katujen kunto ja liikenne' },
  sv: { service_name: sv, description: `${sv} beskrivning`, keywords: sv.toLowerCase(), group: 'Gatornas skick och trafik' },
  en: { service_name: en, description: `${en} description`, keywords: en.toLowerCase(), group: 'Traffic and street condition' },
});

/** Three realistic service types; '900' has attributes of every list kind. */
export const serviceTypes: ServiceTypeRecord[] = [
  { service_code: '171', type: 'realtime', position: 1, translations: translations('Potholes', 'Katujen kunto', 'Gatornas skick'), attributes: [] },
  { service_code: '198', type: 'realtime', position: 2, translations: translations('Traffic signs', 'Liikennemerkit', 'Trafikmärken'), attributes: [] },
  {
    service_code: '900',
    type: 'batch',
    position: 3,
    translations: translations('Streetlight', 'Katuvalo', 'Gatubelysning'),
    attributes: [
      { code: 'POLE', variable: true, datatype: 'string', required: true, datatype_description: 'Number on the pole', order: 1, description: 'Pole number', values: [] },
      {
        code: 'KIND', variable: true, datatype: 'singlevaluelist', required: false, datatype_description: '', order: 2, description: 'What is wrong',
        values: [{ key: 'dark', name: 'Dark' }, { key: 'blinking', name: 'Blinking' }],
      },
      {
        code: 'EXTRA', variable: false, datatype: 'multivaluelist', required: false, datatype_description: '', order: 3, description: 'Also',
        values: [{ key: 'a', name: 'A' }, { key: 'b', name: 'B' }],
      },
    ],
  },
];

/** Stores `serviceTypes` (service requests reference their type). */
export async function storeServiceTypes(store: Store): Promise<void> {
  for (const type of serviceTypes) await store.serviceTypes.upsert(type);
}

/** Helsinki's Senate Square: the centre of the radius tests. */
export const helsinki = { lat: 60.1699, long: 24.9384 };

/** A valid published request in central Helsinki; tests override what they look at. */
export function newRequest(id: string, overrides: Partial<NewServiceRequest> = {}): NewServiceRequest {
  return {
    service_request_id: id,
    service_code: '171',
    title: 'Kuoppa kadulla',
    description: 'Syvä kuoppa suojatien edessä, pyöräilijä voi kaatua.',
    lat: helsinki.lat,
    long: helsinki.long,
    address_string: 'Aleksanterinkatu 20, Helsinki',
    address_id: null,
    zip_code: null,
    service_object_type: null,
    service_object_id: null,
    email: null,
    first_name: null,
    last_name: null,
    phone: null,
    device_id: null,
    account_id: null,
    locale: 'fi',
    detailed_status: ['RECEIVED'],
    status_notes: '',
    agency_responsible: 'Helsingin kaupunki',
    service_notice: '',
    moderation: 'published',
    external_media_url: null,
    attributes: {},
    requested_at: baseTime,
    updated_at: baseTime,
    expected_at: null,
    media: [],
    ...overrides,
  };
}

/** A media row as a request stores it (the file itself is the media store's). */
export function mediaRow(position: number, fileName = `${position.toString(16).padStart(32, 'a')}.jpg`) {
  return { position, file_name: fileName, content_type: 'image/jpeg', byte_size: 1000 + position };
}

/** A plain, valid counter (an EcoCounter in Helsinki); tests override what they look at. */
export function counterRecord(id: number, overrides: Partial<CounterRecord> = {}): CounterRecord {
  return {
    id,
    name: `Counter ${id}`,
    source: 'EcoCounter',
    sourceId: 1000 + id,
    classifying: false,
    crsEpsg: 4326,
    municipalityCode: '091',
    dataReceived: true,
    firstStoredObservation: Date.parse('2021-06-01T00:00:00Z'),
    lastStoredObservation: Date.parse('2024-01-15T10:00:00Z'),
    longitude: helsinki.long,
    latitude: helsinki.lat,
    ...overrides,
  };
}

/** A service object of the demo's kind; tests override what they look at. */
export function serviceObject(id: string, overrides: Partial<ServiceObjectRecord> = {}): ServiceObjectRecord {
  return {
    service_object_type: 'kerro.demo',
    service_object_id: id,
    kind: 'park',
    lat: helsinki.lat,
    long: helsinki.long,
    names: { fi: `Puisto ${id}`, sv: `Park ${id}`, en: `Park ${id}` },
    address: 'Aleksanterinkatu 1, Helsinki',
    ...overrides,
  };
}

/** An outbox message as moderation queues it when a request is closed. */
export function outboxMessage(messageId: string, overrides: Partial<NewOutboxMessage> = {}): NewOutboxMessage {
  return {
    message_id: `<${messageId}@kerro.test>`,
    service_request_id: null,
    to_address: 'reporter@example.org',
    locale: 'fi',
    subject: 'Palautteesi on käsitelty',
    body_text: 'Kiitos palautteestasi. Asia on käsitelty.',
    body_html: '',
    unsubscribe_url: '',
    created_at: baseTime,
    ...overrides,
  };
}

/**
 * The point `meters` from (lat, long) along `bearingDegrees` on the mean Earth sphere (the one
 * src/server/storage/geo.ts measures on).
 */
export function pointAt(from: { lat: number; long: number }, meters: number, bearingDegrees: number): { lat: number; long: number } {
  const toRadians = Math.PI / 180;
  const angular = meters / earthRadiusMeters;
  const bearing = bearingDegrees * toRadians;
  const lat1 = from.lat * toRadians;
  const long1 = from.long * toRadians;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const long2 = long1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / toRadians, long: long2 / toRadians };
}
