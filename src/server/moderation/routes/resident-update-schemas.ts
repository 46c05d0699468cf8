/** Route schemas of the moderation API's resident updates: they validate the routes' input and describe them (as schemas.ts). */
import { z } from 'zod';
import type { ModerationUpdate } from '../../../shared/moderation/resident-updates';
import { errorAnswers, jsonAnswer } from '../error-schemas';

const tags = ['Moderation (session cookie; X-CSRF-Token on every change)'];

const updateSchema = z.strictObject({
  update_id: z.string(),
  service_request_id: z.string(),
  report_title: z.string(),
  moderation: z.enum(['pending', 'published', 'rejected']),
  text: z.string(),
  photo_url: z.string().nullable(),
  name: z.string().nullable(),
  show_name: z.boolean(),
  state: z.enum(['fixed', 'still_there']).nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<ModerationUpdate>;
const limitProblem = 'limit must be a whole number from 1 to 200';
const updateListQuery = z.object({
  state: z.literal('pending', 'state must be pending: only pending updates are listed').default('pending'),
  limit: z.coerce.number(limitProblem).int(limitProblem).min(1, limitProblem).max(200, limitProblem).default(50),
  locale: z.string().max(20).optional(),
});
const params = z.object({ id: z.string().regex(/^[a-z0-9]{1,64}$/, 'must be an update_id') });
const querystring = updateListQuery.pick({ locale: true });

export const residentUpdateSchemas = {
  list: {
    tags,
    summary: "Residents' updates waiting for a moderator, oldest first (the moderator's bodies only)",
    querystring: updateListQuery,
    response: { 200: jsonAnswer('Pending updates', z.strictObject({ items: z.array(updateSchema) })), ...errorAnswers(400, 401) },
  },
  publish: {
    tags,
    summary: "Publish a resident's update: it joins the report's public history, its subscribers are emailed; the reporter's fixed / still there closes or reopens the report",
    params,
    querystring,
    response: { 200: jsonAnswer('The update as it is now', updateSchema), ...errorAnswers(400, 401, 403, 404, 409) },
  },
  reject: {
    tags,
    summary: "Reject a resident's update: it is never shown",
    params,
    querystring,
    response: { 200: jsonAnswer('The update as it is now', updateSchema), ...errorAnswers(400, 401, 403, 404, 409) },
  },
};
