/**
 * Email alerts for new published reports in an area (issue 28, part 2): the one schema of a
 * subscription, used by the web form and `POST /residents/api/alerts` alike, and the shapes the
 * resident API answers with. Inputs are JSON; a message says what to fix.
 */
import { z } from 'zod';
import { supportedLocales } from '../locales';

/** The radii offered around a point, as FixMyStreet offers a few sizes. */
export const alertRadiiMeters = [250, 500, 1000, 2000] as const;
export type AlertRadius = (typeof alertRadiiMeters)[number];
export const alertKinds = ['point', 'street', 'body'] as const;
export type AlertKind = (typeof alertKinds)[number];
export const alertFrequencies = ['immediate', 'daily'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

/** Where an alert looks: around a point, along a street (by name), or a body's whole area. */
export type AlertArea =
  | { kind: 'point'; lat: number; long: number; radius_m: AlertRadius }
  | { kind: 'street'; street: string }
  | { kind: 'body'; body_id: string };

const coordinate = (field: 'lat' | 'long', limit: number) =>
  z
    .number(`${field} must be a number (WGS84 degrees), such as ${field === 'lat' ? '60.1699' : '24.9384'}`)
    .refine((value) => Number.isFinite(value) && Math.abs(value) <= limit, `${field} must be between -${limit} and ${limit} (WGS84 degrees)`);

const common = {
  email: z
    .string('email is required: the address the confirmation goes to')
    .trim()
    .min(1, 'email is required: the address the confirmation goes to')
    .max(254, 'email must be at most 254 characters')
    .pipe(z.email('email must be a valid address such as name@example.org')),
  frequency: z.enum(alertFrequencies, `frequency must be one of: ${alertFrequencies.join(', ')}`),
  locale: z.enum(supportedLocales, `locale must be one of: ${supportedLocales.join(', ')}`).optional(),
};

export const alertInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('point'),
      lat: coordinate('lat', 90),
      long: coordinate('long', 180),
      radius_m: z.union(
        alertRadiiMeters.map((radius) => z.literal(radius)),
        `radius_m must be one of: ${alertRadiiMeters.join(', ')} (metres)`,
      ),
      ...common,
    }),
    z.strictObject({
      kind: z.literal('street'),
      street: z
        .string('street is required: the street name, such as Hämeentie')
        .trim()
        .min(2, 'street is required: the street name, such as Hämeentie')
        .max(100, 'street must be at most 100 characters')
        .refine((text) => !/[0-9<>{}]/.test(text) && !/\p{Cc}/u.test(text), 'street must be a street name alone, such as Hämeentie: no house number'),
      ...common,
    }),
    z.strictObject({
      kind: z.literal('body'),
      body_id: z.string('body_id is required: a body id from /proxy/bodies/v1/bodies.json').trim().min(1, 'body_id is required: a body id from /proxy/bodies/v1/bodies.json').max(200, 'body_id must be at most 200 characters'),
      ...common,
    }),
  ],
  { error: `kind must be one of: ${alertKinds.join(', ')}` },
);
export type AlertInput = z.infer<typeof alertInputSchema>;

/** One of a signed-in resident's alerts, as `GET /residents/api/alerts` lists it. */
export interface AlertSummary {
  id: number;
  area: AlertArea;
  frequency: AlertFrequency;
  /** False until the link in the confirmation email is followed. */
  confirmed: boolean;
  created_at: string;
}

/** Every failure of the resident API: a stable code, what to fix, and each field's problem for invalid input. */
export interface ResidentApiError {
  error: string;
  message: string;
  fields?: { field: string; message: string }[];
}

/** A street name as alerts compare it: case and spacing aside ("HÄMEENTIE " is "hämeentie"). */
export function streetKeyOf(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}
