import { z } from 'zod';
import type { ServiceRequest } from '../../../../shared/georeport/types';

// A real city's answers are not always tidy (nulls, numbers for strings, missing fields): keep
// what is usable rather than failing the page. Only the id is indispensable.
const text = z.union([z.string(), z.number()]).transform(String).catch('');
const optionalText = z
  .union([z.string(), z.number()])
  .transform(String)
  .optional()
  .catch(undefined);

const extendedAttributesSchema = z.object({
  title: optionalText,
  service_object_type: optionalText,
  service_object_id: optionalText,
  detailed_status: text,
  media_urls: z.array(z.string()).catch([]),
});

export const serviceRequestSchema = z.object({
  service_request_id: z.union([z.string().min(1), z.number()]).transform(String),
  status_notes: text,
  status: z.enum(['open', 'closed']).catch('open'),
  service_code: text,
  service_name: text,
  description: text,
  agency_responsible: text,
  service_notice: text,
  requested_datetime: text,
  updated_datetime: text,
  expected_datetime: optionalText,
  address: text,
  address_id: text,
  zip_code: text,
  lat: optionalText,
  long: optionalText,
  media_url: optionalText,
  extended_attributes: extendedAttributesSchema.optional().catch(undefined),
}) satisfies z.ZodType<ServiceRequest>;

export const serviceRequestListSchema = z.array(serviceRequestSchema);
