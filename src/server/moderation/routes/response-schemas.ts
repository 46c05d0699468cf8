/** Route schemas of the moderation API's saved responses: they validate the routes' input and describe them (as schemas.ts). */
import { z } from 'zod';
import type { ResponseTemplate } from '../../../shared/moderation/response-templates';
import { errorAnswers, jsonAnswer } from '../error-schemas';
import { responseCreateBody, responseEditBody, responseListQuery, responseParams } from '../response-input';

const tags = ['Moderation (session cookie; X-CSRF-Token on every change)'];

const templateSchema = z.strictObject({
  id: z.number().int(),
  body_id: z.string(),
  title: z.string(),
  text_fi: z.string(),
  text_sv: z.string(),
  text_en: z.string(),
  service_code: z.string().nullable(),
  status: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<ResponseTemplate>;

export const responseSchemas = {
  list: {
    tags,
    summary:
      "Saved responses of the moderator's bodies (an administrator's: all), by body and title; service_code and status keep those for that type or status and those for any; for_request keeps those of the report's body for its type or any (the status form's picker)",
    querystring: responseListQuery,
    response: { 200: jsonAnswer('Saved responses', z.strictObject({ items: z.array(templateSchema) })), ...errorAnswers(400, 401, 404) },
  },
  create: {
    tags,
    summary: 'Save a response for one of your bodies: a title and the note in fi, sv and en, optionally for one service type and one detailed status value',
    body: responseCreateBody,
    response: { 201: jsonAnswer('The saved response', templateSchema), ...errorAnswers(400, 401, 403) },
  },
  edit: {
    tags,
    summary: 'Change a saved response: send all its fields again (its body stays)',
    params: responseParams,
    body: responseEditBody,
    response: { 200: jsonAnswer('The saved response as it is now', templateSchema), ...errorAnswers(400, 401, 403, 404) },
  },
  remove: {
    tags,
    summary: 'Delete a saved response',
    params: responseParams,
    response: { 204: z.null().describe('Deleted'), ...errorAnswers(400, 401, 403, 404) },
  },
};
