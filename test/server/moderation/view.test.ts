import { describe, expect, it } from 'vitest';
import { presentModerationItems } from '../../../src/server/moderation/view';
import { presentServiceRequests } from '../../../src/server/open311/presenter';
import { serialize } from '../../../src/server/open311/serializers';
import type { ServiceRequestRecord, ServiceTypeRecord } from '../../../src/server/storage/repositories/types';

const serviceType: ServiceTypeRecord = {
  service_code: '172',
  type: 'realtime',
  position: 0,
  translations: { fi: { service_name: 'Katuvauriot', description: '', keywords: '', group: '' } },
  attributes: [],
};

const base: ServiceRequestRecord = {
  service_request_id: 'abcdefghij0123456789',
  service_code: '172',
  title: null,
  description: 'A deep pothole on the corner.',
  lat: null,
  long: null,
  address_string: null,
  address_id: null,
  zip_code: null,
  service_object_type: null,
  service_object_id: null,
  email: 'resident@example.org',
  first_name: 'Maija',
  last_name: 'Meikäläinen',
  phone: '+358 40 123 4567',
  device_id: null,
  account_id: null,
  locale: 'fi',
  status: 'open',
  detailed_status: ['RECEIVED'],
  status_notes: '',
  agency_responsible: '',
  service_notice: '',
  moderation: 'pending',
  external_media_url: null,
  attributes: {},
  requested_at: Date.parse('2026-11-20T12:00:00Z'),
  updated_at: Date.parse('2026-11-20T12:00:00Z'),
  expected_at: null,
  duplicate_of: null,
  reject_reason: null,
  reject_where: null,
  body_id: null,
  media: [],
};

describe('the moderation preview', () => {
  it('is, value for value, the public JSON answer: fields the answer leaves out are absent, not undefined', () => {
    const records: ServiceRequestRecord[] = [
      base,
      {
        ...base,
        service_request_id: 'klmnopqrst0123456789',
        title: 'Pothole',
        lat: 60.17,
        long: 24.94,
        service_object_type: 'urn:kerro:service-objects',
        service_object_id: 'park-1',
        expected_at: Date.parse('2026-12-01T00:00:00Z'),
        external_media_url: 'https://example.org/photo.jpg',
        media: [{ position: 0, file_name: 'a.jpg', content_type: 'image/jpeg', byte_size: 10 }],
      },
    ];
    const options = { locale: 'fi', timeZone: 'Europe/Helsinki', baseUrl: 'https://kerro.example' };
    const items = presentModerationItems(records, [serviceType], options);
    const publicJson = JSON.parse(
      serialize(presentServiceRequests(records, [serviceType], true, { ...options, locale: 'fi' }), 'json').body,
    ) as unknown[];
    expect(items.map((item) => item.public)).toStrictEqual(publicJson);
    expect(items[0]!.public).not.toHaveProperty('lat');
    expect(items[0]!.public).not.toHaveProperty('expected_datetime');
  });
});
