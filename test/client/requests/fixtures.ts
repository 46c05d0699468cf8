import type { ServiceRequest } from '../../../src/shared/georeport/types';

/** A request as the proxy returns it with extensions=true; override what a test is about. */
export function serviceRequest(
  overrides: Partial<Omit<ServiceRequest, 'extended_attributes'>> & {
    extended_attributes?: Partial<NonNullable<ServiceRequest['extended_attributes']>>;
  } = {},
): ServiceRequest {
  const { extended_attributes: extended, ...rest } = overrides;
  return {
    service_request_id: 'req123abc',
    status_notes: '',
    status: 'open',
    service_code: '171',
    service_name: 'Street condition',
    description: 'A deep pothole in the cycle lane.',
    agency_responsible: 'Urban Environment Division',
    service_notice: '',
    requested_datetime: '2024-06-01T09:05:00+03:00',
    updated_datetime: '2024-06-03T14:30:00+03:00',
    address: 'Mannerheimintie 1, Helsinki',
    address_id: '',
    zip_code: '',
    lat: '60.1699',
    long: '24.9384',
    media_url: 'http://localhost/media/photo-1.jpg',
    ...rest,
    extended_attributes: {
      title: 'Pothole on Mannerheimintie',
      detailed_status: 'RECEIVED',
      media_urls: ['http://localhost/media/photo-1.jpg', 'http://localhost/media/photo-2.jpg'],
      ...extended,
    },
  };
}
