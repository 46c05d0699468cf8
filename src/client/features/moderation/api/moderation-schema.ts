import { z } from 'zod';
import type { ServiceRequest } from '@/shared/georeport/types';
import { forwardStates, moderationStates, type ModerationDesk, type ModerationItem } from '@/shared/moderation/wire';
import { parseServiceRequest } from '../../../lib/parse-service-request';

/**
 * Readers of the moderation API's answers: the item's shape is the shared wire type
 * (src/shared/moderation/wire.ts, written by src/server/moderation/view.ts), which the schema
 * must produce. `public` is the GeoReport JSON of the request, read by the public pages' own
 * parser, so the preview shows whatever the public would see.
 */
const nullableText = z.string().nullish().transform((value) => value ?? null);

const publicRequestSchema = z.unknown().transform((value, context): ServiceRequest => {
  const request = parseServiceRequest(value);
  if (request) return request;
  context.addIssue({ code: 'custom', message: 'public: not a GeoReport request with a service_request_id' });
  return z.NEVER;
});

const mediaSchema = z.object({
  position: z.union([z.number().int(), z.literal('external')]),
  url: z.string(),
  content_type: z.string().optional(),
  byte_size: z.number().optional(),
});

const likelyDuplicateSchema = z.object({
  service_request_id: z.string(),
  moderation: z.enum(moderationStates),
  summary: z.string(),
  distance_meters: z.number(),
  similarity: z.number(),
  earlier: z.boolean(),
});

/** A send the console cannot read shows as none rather than breaking the page. */
const forwardSchema = z
  .object({
    method: z.string().min(1),
    state: z.enum(forwardStates),
    attempts: z.number(),
    last_error: nullableText,
    remote_id: nullableText,
    sent_at: nullableText,
    next_attempt_at: nullableText,
    // A server from before notes (issue 40, item 8) says nothing: offer no note then.
    takes_notes: z.boolean().catch(false),
  })
  .nullable()
  .catch(null);

export const moderationItemSchema = z.object({
  service_request_id: z.string(),
  moderation: z.enum(moderationStates),
  public: publicRequestSchema,
  private: z.object({
    email: nullableText,
    first_name: nullableText,
    last_name: nullableText,
    phone: nullableText,
    device_id: nullableText,
    account_id: nullableText,
    locale: z.string().catch(''),
  }),
  media: z.array(mediaSchema).catch([]),
  answers: z.array(z.object({ code: z.string(), question: z.string(), datatype: z.string(), answers: z.array(z.string()) })).catch([]),
  duplicate_of: z.string().nullable().catch(null),
  likely_duplicates: z.array(likelyDuplicateSchema).catch([]),
  forward: forwardSchema,
  reopened_by_reporter: z.boolean().catch(false),
  abuse_reports: z.array(z.object({ id: z.number(), reason: z.string(), email: nullableText, reported_at: z.string() })).catch([]),
  // Kept as sent: a flag this console has no words for yet is left out where it is shown (flag-markers.tsx).
  flags: z.array(z.string()).catch([]),
}) satisfies z.ZodType<ModerationItem, unknown>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  moderator: z.string(),
  action: z.string(),
  service_request_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).catch({}),
});

/** The desk's part of the detail (issue 41, item 5); a server from before it sends none: nobody assigned, no notes. */
const deskSchema = z.object({
  assignee: z.object({ name: z.string(), assigned_by: z.string(), assigned_at: z.string() }).nullable().catch(null),
  assignable: z.array(z.string()).catch([]),
  internal_notes: z.array(z.object({ id: z.number(), author: z.string(), text: z.string(), created_at: z.string() })).catch([]),
}) satisfies z.ZodType<ModerationDesk, unknown>;

export const moderationDetailSchema = moderationItemSchema.extend({ audit: z.array(auditEntrySchema).catch([]) }).extend(deskSchema.shape);

export const queuePageSchema = z.object({
  total: z.number(),
  items: z.array(moderationItemSchema),
  next_after: z.string().nullable(),
});

export const listPageSchema = z.object({
  items: z.array(moderationItemSchema),
  next_before: z.string().nullable(),
});

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  next_before: z.number().nullable(),
});

export const sessionSchema = z.object({
  name: z.string(),
  csrfToken: z.string(),
  expiresAt: z.string().optional(),
  /** The bodies whose requests this moderator sees; none: an administrator, who sees all. */
  bodies: z.array(z.object({ id: z.string(), names: z.object({ fi: z.string(), sv: z.string(), en: z.string() }) })).default([]),
});

export type ModerationDetail = z.output<typeof moderationDetailSchema>;
export type AuditEntry = z.output<typeof auditEntrySchema>;
export type QueuePage = z.output<typeof queuePageSchema>;
export type ListPage = z.output<typeof listPageSchema>;
export type AuditPage = z.output<typeof auditPageSchema>;
export type ModeratorSession = z.output<typeof sessionSchema>;
