import { z } from 'zod';
import { ProblemTexts } from '../validation/problems';
import { plainTextMistake } from './plain-text';
import { descriptionLength, titleMaxLength } from './text-limits';

/**
 * The one schema of a new service request (POST requests.[format]).
 * The web form, the proxy and the GeoReport service all validate with it, so they agree on
 * every rule. Inputs are form strings; an empty string counts as "not sent".
 */
export { descriptionLength, titleMaxLength };
const mediaUrlSuffixes = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

/**
 * Every text this schema words, each with its problem (src/shared/validation/problems.ts): the
 * services send the text, a program reads the problem (`inputProblems.find(text)`).
 */
export const inputProblems = new ProblemTexts();
const problem = inputProblems.message.bind(inputProblems);


const emptyAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyAsAbsent, schema.optional());
}

const notText = (field: string) => problem({ code: 'not_text', field }, `${field} must be text`);
const tooLong = (field: string, max: number) => problem({ code: 'too_long', field, limit: max }, `${field} must be at most ${max} characters`);
const controlCharacters = (field: string) => problem({ code: 'control_characters', field }, `${field} must not contain control characters`);

const htmlIn = (field: string) => problem({ code: 'html', field }, `${field} must not contain HTML tags or code; write plain text`);

/** The plain-text rule (plain-text.ts) on a string schema: every resident text passes it. */
const asPlainText = (schema: z.ZodString, field: string) =>
  schema
    .refine((text) => plainTextMistake(text) !== 'html', htmlIn(field))
    .refine((text) => plainTextMistake(text) !== 'control', controlCharacters(field));

const plainText = (field: string, max: number) => asPlainText(z.string(notText(field)).max(max, tooLong(field, max)), field);

/** An identifier a client sends (ids of objects, devices, accounts): bounded plain text, trimmed. */
const identifier = (field: string, max: number) => asPlainText(z.string(notText(field)).trim().max(max, tooLong(field, max)), field);

const coordinate = (field: 'lat' | 'long', limit: number) =>
  z
    .string(problem({ code: 'not_a_number', field }, `${field} must be a decimal number`))
    .trim()
    .regex(
      /^[-+]?(\d+(\.\d*)?|\.\d+)$/,
      problem({ code: 'not_a_number', field }, `${field} must be a decimal number such as ${field === 'lat' ? '60.1699' : '24.9384'}`),
    )
    .transform(Number)
    .refine(
      (value) => Math.abs(value) <= limit,
      problem({ code: 'out_of_range', field, limit }, `${field} must be between -${limit} and ${limit} (WGS84 degrees)`),
    );

const mediaUrl = asPlainText(z.string(notText('media_url')).trim().max(2000, tooLong('media_url', 2000)), 'media_url')
  .refine(
    (text) => {
      try {
        const url = new URL(text);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    problem({ code: 'invalid_url', field: 'media_url' }, 'media_url must be an absolute http or https URL'),
  )
  // A published link must not publish someone's credentials (https://user:password@host/…).
  .refine(
    (text) => {
      try {
        const url = new URL(text);
        return url.username === '' && url.password === '';
      } catch {
        return true; // reported by the rule above
      }
    },
    problem({ code: 'invalid_url', field: 'media_url' }, 'media_url must not contain a user name or password'),
  )
  .refine(
    (text) => {
      try {
        const suffix = new URL(text).pathname.split('.').pop()?.toLowerCase() ?? '';
        return (mediaUrlSuffixes as readonly string[]).includes(suffix);
      } catch {
        return false;
      }
    },
    problem(
      { code: 'not_an_image_url', field: 'media_url' },
      `media_url must end in an image file suffix: ${mediaUrlSuffixes.map((s) => `.${s}`).join(', ')}`,
    ),
  )
  // Stored and published as the WHATWG URL parser writes it (scheme and host lower-cased, what
  // may not stand in a URL percent-encoded), never as sent.
  .transform((text) => new URL(text).href);

/**
 * The description and title rules on their own, for changing a stored request (moderation):
 * an edited text must pass exactly what a submitted one does.
 */
const describesEnough = [
  (text: string) => text.trim().length >= descriptionLength.min,
  problem(
    { code: 'too_short', field: 'description', limit: descriptionLength.min },
    `description must be at least ${descriptionLength.min} characters: say what is wrong`,
  ),
] as const;
export const descriptionTextSchema = plainText('description', descriptionLength.max).refine(...describesEnough);
export const titleTextSchema = plainText('title', titleMaxLength);
/** The plain-text rule (length, no HTML, no control characters) for other texts, e.g. status notes. */
export const plainTextSchema = plainText;

// The location as a whole; the form shows these where it asks for the place (at lat).
const latLongPair = problem({ code: 'lat_long_pair', field: 'lat' }, 'lat and long must be sent together');
const objectTypeRequired = problem(
  { code: 'object_type_required', field: 'service_object_type' },
  'service_object_type is required when service_object_id is sent',
);
const locationRequired = problem(
  { code: 'location_required', field: 'lat' },
  'a location is required: send lat and long, or service_object_id with service_object_type',
);

export const serviceRequestInputSchema = z
  .object({
    service_code: z.preprocess(
      emptyAsAbsent,
      z
        .string(problem({ code: 'required', field: 'service_code' }, 'service_code is required: choose a service type'))
        .trim()
        .max(64, tooLong('service_code', 64)),
    ),
    description: z.preprocess(emptyAsAbsent, plainText('description', descriptionLength.max).refine(...describesEnough)),
    title: optional(plainText('title', titleMaxLength)),
    lat: optional(coordinate('lat', 90)),
    long: optional(coordinate('long', 180)),
    service_object_type: optional(identifier('service_object_type', 500)),
    service_object_id: optional(identifier('service_object_id', 200)),
    address_string: optional(plainText('address_string', 500)),
    address_id: optional(identifier('address_id', 200)),
    email: optional(
      z
        .string(notText('email'))
        .trim()
        .max(254, tooLong('email', 254))
        .pipe(z.email(problem({ code: 'invalid_email', field: 'email' }, 'email must be a valid address such as name@example.org'))),
    ),
    first_name: optional(plainText('first_name', 100)),
    last_name: optional(plainText('last_name', 100)),
    phone: optional(
      z
        .string(notText('phone'))
        .trim()
        .regex(/^\+?[0-9][0-9 ()-]{4,29}$/, problem({ code: 'invalid_phone', field: 'phone' }, 'phone must be a phone number such as +358 40 123 4567')),
    ),
    device_id: optional(identifier('device_id', 200)),
    account_id: optional(identifier('account_id', 200)),
    media_url: optional(mediaUrl),
  })
  .superRefine((input, context) => {
    const hasLat = input.lat !== undefined;
    const hasLong = input.long !== undefined;
    if (hasLat !== hasLong) context.addIssue({ code: 'custom', path: [hasLat ? 'long' : 'lat'], ...latLongPair });
    if (input.service_object_id !== undefined && input.service_object_type === undefined) {
      context.addIssue({ code: 'custom', path: ['service_object_type'], ...objectTypeRequired });
    }
    if (!(hasLat && hasLong) && input.service_object_id === undefined) {
      context.addIssue({ code: 'custom', path: ['lat'], ...locationRequired });
    }
  });

export type ServiceRequestInput = z.output<typeof serviceRequestInputSchema>;

/** Flattens validation issues into "field: message" texts, the order of the form. */
export function describeIssues(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}
