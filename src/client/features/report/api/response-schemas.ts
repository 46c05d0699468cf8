/**
 * What the report flow accepts from the API, checked with zod. Loaded with the rest of the
 * flow's checks after the page's first paint (validation/load-report-checks.ts), never in front
 * of it; the fetch functions import only the types from here.
 */
import { z } from 'zod';

/** The answer to a new report (POST requests.json). */
export const createdSchema = z
  .array(z.object({ service_request_id: z.coerce.string(), service_notice: z.string().catch('') }))
  .min(1);

export type CreatedReport = z.infer<typeof createdSchema>[number];

// A listing's lat/long (strings on the wire, numbers from some cities); anything else is no place.
const coordinate = (limit: number) =>
  z
    .union([z.string().trim().min(1), z.number()])
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit))
    .optional()
    .catch(undefined);

// Only what the "already reported?" list and map show; a city's extra or missing fields do not matter.
const nearbyRequestSchema = z.object({
  service_request_id: z.coerce.string(),
  service_name: z.string().catch(''),
  lat: coordinate(90),
  long: coordinate(180),
  description: z.string().catch(''),
  requested_datetime: z.string().catch(''),
  address: z.string().catch(''),
  extended_attributes: z.object({ title: z.string().optional().catch(undefined) }).catch({}).optional(),
});
export const nearbyRequestListSchema = z.array(nearbyRequestSchema);

export type NearbyRequest = z.infer<typeof nearbyRequestSchema>;

const serviceObjectFeatureSchema = z.object({
  geometry: z
    .object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) })
    .nullable()
    .catch(null),
  properties: z.object({
    service_object_id: z.coerce.string(),
    service_object_type: z.string(),
    name: z.string().catch(''),
    kind: z.string().catch(''),
    address: z.string().catch(''),
    distance: z.number().optional().catch(undefined),
  }),
});
/** The service-object search's answer (GeoJSON). */
export const serviceObjectCollectionSchema = z.object({ features: z.array(serviceObjectFeatureSchema) });
