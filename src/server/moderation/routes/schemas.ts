/**
 * Route schemas of the moderation API: their input schemas (../input.ts) validate each route's
 * params, query and body, a refusal answered as `{"error": {…, fields}}` (refuseModerationInput),
 * and with the answers they make the OpenAPI document (http/openapi.ts). The answers test holds
 * real answers to them (test/server/openapi).
 */
import { z } from 'zod';
import { forwardingMethods } from '../../forwarding/senders';
import { errorAnswers, jsonAnswer } from '../error-schemas';
import { forwardStates, moderationFlags, moderationStates, type ModerationDesk, type ModerationItem } from '../../../shared/moderation/wire';
import { serviceRequestSchema } from '../../../shared/georeport/service-request-schema';
import { abuseResolveBody, assignBody, auditQuery, caseSystemNoteBody, internalNoteBody, detailQuery, duplicateBody, editBody, idParams, listQuery, loginBody, mediaParams, moveBody, queueQuery, rejectBody, serviceTypeBody, statusBody } from '../input';

export const tags = ['Moderation (session cookie; X-CSRF-Token on every change)'];


const bodyNames = z.strictObject({ fi: z.string(), sv: z.string(), en: z.string() });
/** `bodies`: the moderator's bodies, whose requests alone they see; none for an administrator (sees all). */
const sessionSchema = z.strictObject({
  name: z.string(),
  csrfToken: z.string(),
  expiresAt: z.string(),
  bodies: z.array(z.strictObject({ id: z.string(), names: bodyNames })),
});
const nullable = z.string().nullable();
const itemSchema = z.strictObject({
  service_request_id: z.string(),
  moderation: z.enum(moderationStates),
  public: serviceRequestSchema,
  private: z.strictObject({ email: nullable, first_name: nullable, last_name: nullable, phone: nullable, device_id: nullable, account_id: nullable, locale: z.string() }),
  media: z.array(z.strictObject({ position: z.union([z.number().int(), z.literal('external')]), url: z.string(), content_type: z.string().optional(), byte_size: z.number().int().optional() })),
  answers: z.array(z.strictObject({ code: z.string(), question: z.string(), datatype: z.string(), answers: z.array(z.string()) })),
  duplicate_of: nullable,
  likely_duplicates: z.array(
    z.strictObject({
      service_request_id: z.string(),
      moderation: z.enum(moderationStates),
      summary: z.string(),
      distance_meters: z.number().int(),
      similarity: z.number(),
      earlier: z.boolean(),
    }),
  ),
  forward: z
    .strictObject({
      method: z.enum(forwardingMethods),
      state: z.enum(forwardStates),
      attempts: z.number().int(),
      last_error: nullable,
      remote_id: nullable,
      sent_at: nullable,
      next_attempt_at: nullable,
      takes_notes: z.boolean(),
    })
    .nullable(),
  reopened_by_reporter: z.boolean(),
  abuse_reports: z.array(z.strictObject({ id: z.number().int(), reason: z.string(), email: nullable, reported_at: z.string() })),
  flags: z.array(z.enum(moderationFlags)),
}) satisfies z.ZodType<ModerationItem>;
const auditEntrySchema = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  moderator: z.string(),
  /** One of auditActions (shared/moderation/audit-actions.ts); an entry of another version may hold another. */
  action: z.string(),
  service_request_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
/** The desk's part of the detail (issue 41, item 5): for the body's moderators only. */
const deskSchema = z.strictObject({
  assignee: z.strictObject({ name: z.string(), assigned_by: z.string(), assigned_at: z.string() }).nullable(),
  assignable: z.array(z.string()),
  internal_notes: z.array(z.strictObject({ id: z.number().int(), author: z.string(), text: z.string(), created_at: z.string() })),
}) satisfies z.ZodType<ModerationDesk>;
const detailSchema = itemSchema.extend({ audit: z.array(auditEntrySchema) }).extend(deskSchema.shape);
const changed = <Extra extends object = Record<never, never>>(summary: string, extra: Extra = {} as Extra) => ({
  tags,
  summary,
  params: idParams,
  querystring: detailQuery,
  ...extra,
  response: { 200: jsonAnswer('The request as it is now, with its audit entries', detailSchema), ...errorAnswers(400, 401, 403, 404, 409) },
});

export const moderationSchemas = {
  signIn: { tags, summary: 'Sign in: sets the session cookie', body: loginBody, response: { 200: jsonAnswer('The session', sessionSchema), ...errorAnswers(400, 401, 403, 429) } },
  session: { tags, summary: 'The current session', response: { 200: jsonAnswer('The session', sessionSchema), ...errorAnswers(401) } },
  signOut: { tags, summary: 'Sign out (idempotent)', response: { 204: z.null().describe('Signed out'), ...errorAnswers(403) } },
  queue: {
    tags,
    summary: 'Pending requests, oldest first; with flag, only those with it (total counts the whole queue)',
    querystring: queueQuery,
    response: { 200: jsonAnswer('A page of the queue', z.strictObject({ total: z.number().int(), items: z.array(itemSchema), next_after: z.string().nullable() })), ...errorAnswers(400, 401) },
  },
  list: {
    tags,
    summary: 'Requests in one state, newest first; with flag, only those with it (state then defaults to published)',
    querystring: listQuery,
    response: { 200: jsonAnswer('A page of requests', z.strictObject({ items: z.array(itemSchema), next_before: z.string().nullable() })), ...errorAnswers(400, 401) },
  },
  detail: { tags, summary: 'One request in any state, with its audit entries', params: idParams, querystring: detailQuery, response: { 200: jsonAnswer('The request', detailSchema), ...errorAnswers(400, 401, 404) } },
  publish: changed('Publish a pending request'),
  reject: changed('Reject a request (never listed)', { body: rejectBody }),
  edit: changed("Edit a request's title or description", { body: editBody }),
  removeMedia: changed('Remove a photo', { params: mediaParams }),
  status: changed('Set the detailed status and a public note', { body: statusBody }),
  duplicate: changed("Mark a duplicate of another report: closed and unlisted, its subscribers moved to the original's updates", { body: duplicateBody }),
  move: changed("Move the request's point", { body: moveBody }),
  serviceType: changed('File the request under another service type', { body: serviceTypeBody }),
  resolveAbuse: changed("Resolve the request's open reports of abuse: keep it published, or hide it (rejected, with an optional public reason)", { body: abuseResolveBody }),
  caseSystemNote: changed(
    "Post a note to the body's case system (a mySociety-updates one): queued, sent once; 409 when its body's case system takes none or the report is not sent there",
    { body: caseSystemNoteBody },
  ),
  assign: changed("Assign the request to a moderator of its body, re-assign it, or unassign it (moderator: null); 400 for one who does not moderate its body", { body: assignBody }),
  internalNote: changed("Add an internal note, read only by the moderators of the request's body (never public)", { body: internalNoteBody }),
  retryForward: changed("Put a failed send to the body's case system back in the queue, with fresh attempts (409 when the send has not failed)"),
  audit: {
    tags,
    summary: 'The audit log, newest first; filtered by moderator, action and days from–to (inclusive, in the installation time zone)',
    querystring: auditQuery,
    response: { 200: jsonAnswer('A page of the audit log', z.strictObject({ items: z.array(auditEntrySchema), next_before: z.number().int().nullable() })), ...errorAnswers(400, 401) },
  },
};
