/** Route schemas of the moderation API's resident updates, for the OpenAPI document only (as schemas.ts). */
import { z } from 'zod';

const tags = ['Moderation (session cookie; X-CSRF-Token on every change)'];
const json = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });
const errorSchema = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string(), fields: z.array(z.record(z.string(), z.unknown())).optional() }) });
const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, json(`Error (${code})`, errorSchema)]));

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
});
const params = z.object({ id: z.string() });
const querystring = z.object({ locale: z.string().optional() });

export const residentUpdateSchemas = {
  list: {
    tags,
    summary: "Residents' updates waiting for a moderator, oldest first (the moderator's bodies only)",
    querystring: z.object({ state: z.literal('pending').optional(), limit: z.string().optional(), locale: z.string().optional() }),
    response: { 200: json('Pending updates', z.strictObject({ items: z.array(updateSchema) })), ...errors(400, 401) },
  },
  publish: {
    tags,
    summary: "Publish a resident's update: it joins the report's public history, its subscribers are emailed; the reporter's fixed / still there closes or reopens the report",
    params,
    querystring,
    response: { 200: json('The update as it is now', updateSchema), ...errors(400, 401, 403, 404, 409) },
  },
  reject: {
    tags,
    summary: "Reject a resident's update: it is never shown",
    params,
    querystring,
    response: { 200: json('The update as it is now', updateSchema), ...errors(400, 401, 403, 404, 409) },
  },
};
