import { screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { ServiceRequest, ServiceType } from '../../../src/shared/georeport/types';
import { jsonResponse, mockFetch, renderApp } from '../render-app';
import { geocoderAnswer } from '../address-search/fake-geocoder';
import type { SupportedLocale } from '../../../src/shared/locales';
import type { BodyWire } from '../../../src/shared/bodies/wire';
import type { NotOursWire } from '../../../src/shared/not-ours/wire';

export function serviceType(code: string, name: string, group: string, extra: Partial<ServiceType> = {}): ServiceType {
  return { service_code: code, service_name: name, description: `${name} description`, metadata: false, type: 'realtime', keywords: '', group, ...extra };
}

export const serviceTypesByLocale: Record<string, ServiceType[]> = {
  en: [
    serviceType('171', 'Potholes', 'Traffic and street condition', { keywords: 'asphalt,road,hole', description: 'Report potholes in public streets.' }),
    serviceType('172', 'Vandalism', 'Sanitation', { keywords: 'bench,parks,trashbins' }),
    serviceType('198', 'Traffic signs', 'Traffic and street condition'),
    serviceType('180', 'Other issue', ''),
  ],
  fi: [
    serviceType('171', 'Katujen kunto', 'Katujen kunto ja liikenne', { keywords: 'asfaltti,kuoppa' }),
    serviceType('172', 'Ilkivalta', 'Puhtaanapito'),
    serviceType('198', 'Liikennemerkit', 'Katujen kunto ja liikenne'),
    serviceType('180', 'Muu palaute', ''),
  ],
};

export interface NearbyRequestFixture {
  service_request_id: string;
  service_name: string;
  description: string;
  requested_datetime: string;
  address: string;
  extended_attributes?: { title?: string };
}

/** The bodies a fake proxy knows: every one, and those covering a point (most specific first). */
export interface BodiesFixture {
  all: BodyWire[];
  at: (lat: number, long: number) => BodyWire[];
}

/** The not-ours place a fake proxy answers for a point, in the asked locale (none when undefined). */
export type NotOursFixture = (lat: number, long: number, locale: string) => NotOursWire | undefined;

/** A fake proxy for the report page: service types, nearby requests, service objects, bodies and not-ours places (none unless given). */
export function serveReportApi(options: { nearby?: NearbyRequestFixture[]; bodies?: BodiesFixture; notOurs?: NotOursFixture; sent?: ServiceRequest } = {}) {
  return mockFetch((url) => {
    if (options.sent && url.pathname === `/proxy/open311/v1/requests/${options.sent.service_request_id}.json`) return jsonResponse([options.sent]);
    const locale = url.searchParams.get('locale') ?? 'en';
    if (url.pathname === '/proxy/bodies/v1/bodies.json') {
      const lat = url.searchParams.get('lat');
      const long = url.searchParams.get('long');
      if (!options.bodies) return jsonResponse([]);
      return jsonResponse(lat && long ? options.bodies.at(Number(lat), Number(long)) : options.bodies.all);
    }
    if (url.pathname === '/proxy/bodies/v1/not-ours.json') {
      const place = options.notOurs?.(Number(url.searchParams.get('lat')), Number(url.searchParams.get('long')), locale);
      return jsonResponse(place ? [place] : []);
    }
    if (url.pathname === '/proxy/open311/v1/services.json') return jsonResponse(serviceTypesByLocale[locale] ?? serviceTypesByLocale.en);
    if (url.pathname === '/proxy/open311/v1/requests.json') return jsonResponse(options.nearby ?? []);
    if (url.pathname === '/proxy/service-objects') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const features = [
        { id: 'demo-park-1', name: 'Kaivopuisto park', kind: 'park', lat: 60.1574, long: 24.956, distance: 120 },
        { id: 'demo-toilet-1', name: 'Public toilet, Market Square', kind: 'public_toilet', lat: 60.1674, long: 24.9531, distance: 480 },
      ]
        .filter((object) => q === '' || object.name.toLowerCase().includes(q))
        .map((object) => ({
          type: 'Feature',
          id: object.id,
          geometry: { type: 'Point', coordinates: [object.long, object.lat] },
          properties: {
            service_object_id: object.id,
            service_object_type: 'urn:kerro:service-objects',
            name: object.name,
            kind: object.kind,
            address: 'Helsinki',
            ...(q === '' ? { distance: object.distance } : {}),
          },
        }));
      return jsonResponse({ type: 'FeatureCollection', features });
    }
    return geocoderAnswer(url) ?? jsonResponse([{ code: 404, description: `no such resource: ${url.pathname}` }], { status: 404 });
  });
}

export async function renderReport({ language = 'en', path = '/report' }: { language?: SupportedLocale; path?: string } = {}) {
  const view = renderApp({ path, language });
  // The flow's lazy chunk is loaded before the file's tests (app-code.ts): this waits for rendering.
  await screen.findByRole('heading', { level: 1 });
  if (path.startsWith('/report')) await waitFor(() => expect(view.container.querySelector('form.report-form')).not.toBeNull());
  return view;
}

/** What the fake XMLHttpRequest received and how it answers. */
export interface XhrCall {
  method: string;
  url: string;
  body: FormData | URLSearchParams | null;
  headers: Record<string, string>;
}

/**
 * jsdom's XMLHttpRequest would go to the network. This one records the request, reports upload
 * progress in two steps, and answers with the status and JSON body given.
 */
export function stubXhr(respond: (call: XhrCall) => { status: number; body: unknown } | 'network-error') {
  const calls: XhrCall[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    responseType = '';
    private listeners = new Map<string, ((event: unknown) => void)[]>();
    private call: XhrCall = { method: '', url: '', body: null, headers: {} };
    readonly upload = {
      listeners: [] as ((event: ProgressEvent) => void)[],
      addEventListener(type: string, listener: (event: ProgressEvent) => void) {
        if (type === 'progress') this.listeners.push(listener);
      },
    };
    open(method: string, url: string) {
      this.call = { method, url, body: null, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.call.headers[name] = value;
    }
    getResponseHeader(): string | null {
      return null;
    }
    addEventListener(type: string, listener: (event: unknown) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    private fire(type: string) {
      for (const listener of this.listeners.get(type) ?? []) listener({ type });
    }
    abort() {
      this.fire('abort');
    }
    send(body: FormData | URLSearchParams | null) {
      this.call.body = body;
      calls.push(this.call);
      const total = 1000;
      setTimeout(() => {
        for (const loaded of [400, 1000]) {
          for (const listener of this.upload.listeners) listener({ loaded, total, lengthComputable: true } as ProgressEvent);
        }
        setTimeout(() => {
          const answer = respond(this.call);
          if (answer === 'network-error') {
            this.fire('error');
            return;
          }
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.fire('load');
        }, 0);
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
}

/** The fields of a sent form, files as their names. */
export function formFields(body: FormData | URLSearchParams | null): [string, string][] {
  if (!(body instanceof FormData)) return [];
  return [...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${(value as File).name}`]);
}
