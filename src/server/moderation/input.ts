import { z } from 'zod';
import { isBaseDetailedStatus, isPublicWorksStatus } from '../../shared/georeport/detailed-status';
import { descriptionTextSchema, plainTextSchema, titleTextSchema } from '../../shared/georeport/request-input-schema';
import { invalidInput } from './errors';

/** Bodies and query strings of the moderation API; one schema each, parsed at the edge. */
export const statusNotesMaxLength = 2000;

export function parseInput<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.output<T> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw invalidInput(parsed.error, prefix);
  return parsed.data;
}

const limit = (fallback: number, max: number) =>
  z.coerce
    .number({ message: `limit must be a whole number from 1 to ${max}` })
    .int({ message: `limit must be a whole number from 1 to ${max}` })
    .min(1, { message: `limit must be a whole number from 1 to ${max}` })
    .max(max, { message: `limit must be a whole number from 1 to ${max}` })
    .default(fallback);

const requestId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be a service_request_id' });

export const loginBody = z.object({
  name: z.string({ message: 'name is required' }).min(1, { message: 'name is required' }).max(100, { message: 'name is too long' }),
  password: z
    .string({ message: 'password is required' })
    .min(1, { message: 'password is required' })
    .max(1024, { message: 'password is too long' }),
});

export const queueQuery = z.object({ limit: limit(50, 200), after: requestId.optional(), locale: z.string().max(20).optional() });

export const listQuery = z.object({
  state: z.enum(['pending', 'published', 'rejected'], { message: 'state must be pending, published or rejected' }).default('pending'),
  limit: limit(50, 200),
  before: requestId.optional(),
  locale: z.string().max(20).optional(),
});

export const detailQuery = z.object({ locale: z.string().max(20).optional() });

export const auditQuery = z.object({
  limit: limit(100, 500),
  before: z.coerce.number({ message: 'before must be an audit entry id' }).int().positive({ message: 'before must be an audit entry id' }).optional(),
});

const statusNotes = plainTextSchema('status_notes', statusNotesMaxLength);

/** An object that names the fields it accepts when sent others (a console sending `email` learns it cannot). */
function onlyFields<Shape extends z.ZodRawShape>(shape: Shape) {
  const accepted = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}: only ${accepted} can be sent here` : undefined,
  });
}

export const rejectBody = onlyFields({ reason: z.union([statusNotes, z.null()]).optional() });

/** Same rules as a submitted request; an empty or null title removes it. */
export const editBody = onlyFields({
  title: z.union([z.literal('').transform(() => null), z.null(), titleTextSchema]).optional(),
  description: descriptionTextSchema.optional(),
}).refine((body) => body.title !== undefined || body.description !== undefined, {
  message: 'send title, description or both',
});

export const statusBody = onlyFields({
  detailed_status: z
    .array(z.string(), { message: 'detailed_status must be a list such as ["IN_PROCESS"] or ["PROCESSED", "PUBLIC_WORKS_COMPLETED"]' })
    .min(1, { message: 'detailed_status needs a base status: RECEIVED, IN_PROCESS, PROCESSED, ARCHIVED or REJECTED' })
    .max(2, { message: 'detailed_status holds a base status and at most one PUBLIC_WORKS_* value' }),
  status_notes: statusNotes.optional(),
}).superRefine(({ detailed_status: [base, publicWorks] }, context) => {
  if (base !== undefined && !isBaseDetailedStatus(base)) {
    context.addIssue({
      code: 'custom',
      path: ['detailed_status', 0],
      message: 'the first value must be RECEIVED, IN_PROCESS, PROCESSED, ARCHIVED or REJECTED',
    });
  }
  if (publicWorks !== undefined && !isPublicWorksStatus(publicWorks)) {
    context.addIssue({
      code: 'custom',
      path: ['detailed_status', 1],
      message: 'the second value, when sent, must be a PUBLIC_WORKS_* value such as PUBLIC_WORKS_COMPLETED',
    });
  }
});

export const mediaParams = z.object({
  id: requestId,
  position: z.union([z.literal('external'), z.coerce.number().int().min(0).max(1000)], {
    message: 'position must be a photo position from media (a number) or "external"',
  }),
});

export const idParams = z.object({ id: requestId });
