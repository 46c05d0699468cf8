/**
 * The GeoReport request (types.ts ServiceRequest) as a strict schema: the contract an answer of
 * requests.json must keep, checked at run time (the server's tests hold real answers to it). The
 * compiler holds the schema to the type. The web app reads answers with its own lenient parser
 * (src/client/lib/parse-service-request.ts): a real city's answers are not always tidy, and the
 * map page need not download zod.
 */
import { z } from 'zod';
import { requestStatuses } from './detailed-status';
import { rejectReasons } from '../moderation/reject-reasons';
import type { ServiceRequest } from './types';

/** W3C datetime with an offset or Z, as every GeoReport time must be. */
const dateTime = z.iso.datetime({ offset: true });
/** Coordinates travel as decimal strings (Helsinki's service does so; clients expect it). */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

const extendedAttributesSchema = z.strictObject({
  title: z.string().optional(),
  service_object_type: z.string().optional(),
  service_object_id: z.string().optional(),
  detailed_status: z.string(),
  media_urls: z.array(z.url()),
  history: z
    .array(
      z.strictObject({
        kind: z.enum(['received', 'published', 'status', 'note', 'forwarded', 'resident_update', 'reopened', 'confirmed_fixed']),
        datetime: dateTime,
        detailed_status: z.string(),
        note: z.string().optional(),
        update: z
          .strictObject({
            text: z.string(),
            photo_url: z.url().optional(),
            name: z.string().optional(),
            marked: z.enum(['fixed', 'still_there']).optional(),
          })
          .optional(),
        duplicate_of: z.string().min(1).optional(),
        reject_reason: z.enum(rejectReasons).optional(),
      }),
    )
    .optional(),
  duplicate_of: z.string().min(1).optional(),
  content_withheld: z.literal(true).optional(),
  reject_reason: z.enum(rejectReasons).optional(),
});

export const serviceRequestSchema = z.strictObject({
  service_request_id: z.string().min(1),
  status_notes: z.string(),
  status: z.enum(requestStatuses),
  service_code: z.string(),
  service_name: z.string(),
  description: z.string(),
  agency_responsible: z.string(),
  service_notice: z.string(),
  requested_datetime: dateTime,
  updated_datetime: dateTime,
  expected_datetime: dateTime.optional(),
  address: z.string(),
  address_id: z.string(),
  zip_code: z.string(),
  lat: decimal.optional(),
  long: decimal.optional(),
  media_url: z.url().optional(),
  extended_attributes: extendedAttributesSchema.optional(),
});

/** The schema and the wire type describe one shape: neither may gain, lose or loosen a field alone. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const schemaIsTheType: Same<z.output<typeof serviceRequestSchema>, ServiceRequest> = true;
void schemaIsTheType;
