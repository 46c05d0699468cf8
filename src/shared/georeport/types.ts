import type { RequestStatus } from './detailed-status';

/** Wire shapes of the GeoReport v2 + CitySDK resources, as JSON clients receive them. */
export interface ServiceType {
  service_code: string;
  service_name: string;
  description: string;
  metadata: boolean;
  type: 'realtime' | 'batch' | 'blackbox';
  keywords: string;
  group: string;
}

export interface ExtendedAttributes {
  title?: string;
  service_object_type?: string;
  service_object_id?: string;
  detailed_status: string;
  media_urls: string[];
}

export interface ServiceRequest {
  service_request_id: string;
  status_notes: string;
  status: RequestStatus;
  service_code: string;
  service_name: string;
  description: string;
  agency_responsible: string;
  service_notice: string;
  requested_datetime: string;
  updated_datetime: string;
  expected_datetime?: string;
  address: string;
  address_id: string;
  zip_code: string;
  lat?: string;
  long?: string;
  media_url?: string;
  extended_attributes?: ExtendedAttributes;
}

export interface CreatedServiceRequest {
  service_request_id: string;
  service_notice: string;
}

export interface GeoReportErrorRecord {
  code: number;
  description: string;
}
