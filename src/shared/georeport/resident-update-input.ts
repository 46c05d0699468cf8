import { z } from 'zod';
import { plainTextSchema, serviceRequestInputSchema } from './request-input-schema';

/**
 * The one schema of a resident's update on a published request (POST requests/{id}/updates.[format]),
 * used by the web form, the proxy and the service. The description and email follow a report's
 * own rules and errors. Inputs are form strings; an empty string counts as "not sent".
 */
const emptyAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const residentUpdateStates = ['fixed', 'still_there'] as const;

/** The name an update may show; the same length as a report's first name. */
export const updateNameMaxLength = 100;

export const missingUpdateText = 'description is required: say what is new about the problem';
export const stateOnlyForReporter = 'state is only for the reporter: sign in with the address you reported with';

export const residentUpdateInputSchema = z.object({
  description: serviceRequestInputSchema.shape.description,
  name: z.preprocess(emptyAsAbsent, plainTextSchema('name', updateNameMaxLength).trim().optional()),
  show_name: z.preprocess(emptyAsAbsent, z.enum(['true', 'false'], 'show_name must be true or false').optional()).transform((value) => value === 'true'),
  email: serviceRequestInputSchema.shape.email,
  state: z.preprocess(emptyAsAbsent, z.enum(residentUpdateStates, 'state must be fixed or still_there').optional()),
});

export type ResidentUpdateInput = z.output<typeof residentUpdateInputSchema>;

/** The fields a client sends (besides api_key, locale and the photo). */
export const residentUpdateFields = ['description', 'name', 'show_name', 'email', 'state'] as const;
