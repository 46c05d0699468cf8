import { jsonResponse } from '../render-app';

/** Published requests as the proxy gives them (extensions=true), newest first. */
export const demoRequests = [
  {
    service_request_id: 'req-open',
    status: 'open',
    status_notes: '',
    service_code: '198',
    service_name: 'Traffic signs',
    description: 'The stop sign leans over the road.',
    agency_responsible: '',
    service_notice: '',
    requested_datetime: '2026-11-20T10:00:00+02:00',
    updated_datetime: '2026-11-20T10:00:00+02:00',
    address: 'Fleminginkatu 6, Helsinki',
    address_id: '',
    zip_code: '',
    lat: '60.18893',
    long: '24.956533',
    extended_attributes: { title: 'Sign leaning', detailed_status: 'RECEIVED', media_urls: [] },
  },
  {
    service_request_id: 'req-closed',
    status: 'closed',
    status_notes: 'Fixed on Monday.',
    service_code: '171',
    service_name: 'Parks',
    description: 'A branch blocks the path.',
    agency_responsible: '',
    service_notice: '',
    requested_datetime: '2026-11-14T07:33:00+02:00',
    updated_datetime: '2026-11-18T21:31:00+02:00',
    address: 'Kaivopuisto',
    address_id: '',
    zip_code: '',
    lat: '60.157',
    long: '24.956',
    extended_attributes: { title: 'Fallen branch', detailed_status: 'PROCESSED,PUBLIC_WORKS_COMPLETED', media_urls: ['/media/a.jpg'] },
  },
];

export const demoServices = [
  { service_code: '198', service_name: 'Traffic signs', description: '', metadata: false, type: 'realtime', keywords: '', group: 'Streets' },
  { service_code: '171', service_name: 'Parks', description: '', metadata: false, type: 'realtime', keywords: '', group: 'Parks' },
];

export function counterFeature(id: number) {
  // Every 10th counter sits at the 0,0 placeholder.
  const coordinates = id % 10 === 0 ? [0, 0] : [24.8 + (id % 50) / 200, 60.15 + Math.floor(id / 50) / 200];
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Point', coordinates },
    properties: {
      id,
      name: `Counter ${String(id).padStart(3, '0')}`,
      source: id % 3 === 0 ? 'Fintraffic' : 'EcoCounter',
      sourceId: id * 10,
      classifying: id % 2 === 0,
      crsEpsg: 4326,
      municipalityCode: id % 4 === 0 ? '049' : '091',
      dataReceived: id % 5 !== 0,
      firstStoredObservation: '2021-07-03T17:00:00+03:00',
      lastStoredObservation: `2026-11-${String(1 + (id % 20)).padStart(2, '0')}T05:00:00+02:00`,
    },
  };
}

const csvHeader = 'id,name,source,sourceId,classifying,crsEpsg,municipalityCode,dataReceived,firstStoredObservation,lastStoredObservation,longitude,latitude';

/** One counter as the service's CSV writes it (src/server/counters/csv.ts). */
export function counterCsvRow(id: number): string {
  const { properties: p, geometry } = counterFeature(id);
  const float = (value: number) => (Number.isInteger(value) ? `${value}.0` : String(value));
  return [p.id, p.name, p.source, p.sourceId, p.classifying, p.crsEpsg, p.municipalityCode, p.dataReceived, p.firstStoredObservation, p.lastStoredObservation, float(geometry.coordinates[0]!), float(geometry.coordinates[1]!)].join(',');
}

/** Answers the proxy's endpoints like the real services do; records every URL asked. */
export function fakeProxy(options: { counters?: number } = {}) {
  const total = options.counters ?? 120;
  const asked: URL[] = [];
  const handler = (url: URL): Response => {
    asked.push(url);
    if (url.pathname === '/proxy/open311/v1/services.json') return jsonResponse(demoServices);
    if (url.pathname === '/proxy/open311/v1/requests.json') {
      const status = url.searchParams.get('status');
      const codes = url.searchParams.get('service_code')?.split(',');
      return jsonResponse(
        demoRequests.filter((request) => (!status || request.status === status) && (!codes || codes.includes(request.service_code))),
      );
    }
    if (url.pathname === '/proxy/counters/') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 100);
      const ids = Array.from({ length: Math.max(0, Math.min(size, total - (page - 1) * size)) }, (_, i) => (page - 1) * size + i + 1);
      // As Django REST framework does for a page past the end.
      if (ids.length === 0 && page > 1) return jsonResponse({ detail: 'Invalid page.' }, { status: 404 });
      if (url.searchParams.get('format') === 'csv') {
        return new Response([csvHeader, ...ids.map(counterCsvRow)].map((line) => `${line}\r\n`).join(''), {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        });
      }
      return jsonResponse({
        count: total,
        next: page * size < total ? `http://localhost/proxy/counters/?page=${page + 1}` : null,
        previous: null,
        results: { type: 'FeatureCollection', features: ids.map(counterFeature) },
      });
    }
    return jsonResponse([{ code: 404, description: 'not found' }], { status: 404 });
  };
  return { asked, handler };
}
