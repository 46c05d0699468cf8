import { describe, expect, it } from 'vitest';
import { isApiError } from '../../src/client/lib/http-client';
import { parseServiceRequest, parseServiceRequestList } from '../../src/client/lib/parse-service-request';
import { parseServiceType, parseServiceTypes } from '../../src/client/lib/parse-service-types';

describe('GeoReport requests as the public pages read them', () => {
  it('keeps an untidy request from a real city: numbers as text, nulls as empty, junk dropped', () => {
    const request = parseServiceRequest({
      service_request_id: 42,
      status: 'weird',
      status_notes: null,
      service_code: 198,
      service_name: 'Signs',
      requested_datetime: '2026-11-20T10:00:00+02:00',
      lat: 60.17,
      long: '',
      media_url: '',
      extended_attributes: { title: '', detailed_status: 'RECEIVED', media_urls: ['/media/a.jpg', 7, null], service_object_id: 12 },
    });
    expect(request).toEqual({
      service_request_id: '42',
      status: 'open',
      status_notes: '',
      service_code: '198',
      service_name: 'Signs',
      description: '',
      agency_responsible: '',
      service_notice: '',
      requested_datetime: '2026-11-20T10:00:00+02:00',
      updated_datetime: '',
      address: '',
      address_id: '',
      zip_code: '',
      lat: '60.17',
      extended_attributes: { detailed_status: 'RECEIVED', media_urls: ['/media/a.jpg'], service_object_id: '12' },
    });
    expect(parseServiceRequest({ service_request_id: 'r1', status: 'closed', extended_attributes: 'x' })).toMatchObject({
      status: 'closed',
      extended_attributes: undefined,
    });
  });

  it('needs an id: without one (or as anything but text or a number) there is no request', () => {
    for (const id of [undefined, null, '', {}, Number.NaN]) expect(parseServiceRequest({ service_request_id: id })).toBeNull();
    expect(parseServiceRequest('r1')).toBeNull();
    expect(parseServiceRequest(null)).toBeNull();
  });

  it('reads a list, leaving out entries without an id; an answer that is no list is an invalid response', () => {
    expect(parseServiceRequestList([{ service_request_id: 'a' }, { description: 'no id' }, 5], '/x').map((r) => r.service_request_id)).toEqual(['a']);
    let thrown: unknown;
    try {
      parseServiceRequestList({ error: 'no' }, '/proxy/open311/v1/requests.json');
    } catch (error) {
      thrown = error;
    }
    expect(isApiError(thrown) && thrown.kind === 'invalid-response' && thrown.url === '/proxy/open311/v1/requests.json').toBe(true);
  });
});

describe('GeoReport service lists', () => {
  it('reads an untidy entry with defaults; an entry without code or name is unusable', () => {
    expect(parseServiceType({ service_code: 5, service_name: 'Potholes', description: null, type: 'odd', keywords: null })).toEqual({
      service_code: '5',
      service_name: 'Potholes',
      description: '',
      metadata: false,
      type: 'realtime',
      keywords: '',
      group: '',
    });
    expect(parseServiceType({ service_code: '5' })).toBeNull();
    expect(parseServiceType({ service_name: 'No code' })).toBeNull();
  });

  it('refuses a whole list with an unusable entry, naming it', () => {
    expect(() => parseServiceTypes([{ service_code: '1', service_name: 'A' }, { service_code: '2' }], '/s')).toThrow('entry 2 has no service_code or service_name');
    expect(() => parseServiceTypes({}, '/s')).toThrow('not a JSON array');
  });
});
