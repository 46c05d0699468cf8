/**
 * Route schemas of the residents' API: their input schemas (input.ts, shared/alerts/wire.ts)
 * validate each route's query and body, a refusal answered as the moderation API's
 * `{"error": {…, fields}}` (routes.ts), and with the answers they make the OpenAPI document
 * (http/openapi.ts). The answers test holds real answers to them
 * (test/server/openapi/residents-answers.test.ts).
 */
import { z } from 'zod';
import { errorAnswers, jsonAnswer } from '../moderation/error-schemas';
import { alertFrequencies, alertInputSchema, alertRadiiMeters, type AlertSummary } from '../../shared/alerts/wire';
import { moderationStates } from '../../shared/moderation/wire';
import type { ResidentAlertItem, ResidentMe, ResidentSessionAnswer } from '../../shared/residents/wire';
import { confirmBody, meQuery, settingsBody, signInBody } from './input';

const tags = ['Residents (session cookie)'];

/** Every write is refused when a browser says it comes from another site (403 origin_not_allowed). */
const writeErrors = (...codes: number[]) => errorAnswers(...codes, 403);

const areaSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('point'), lat: z.number(), long: z.number(), radius_m: z.union(alertRadiiMeters.map((radius) => z.literal(radius))) }),
  z.strictObject({ kind: z.literal('street'), street: z.string() }),
  z.strictObject({ kind: z.literal('body'), body_id: z.string() }),
]);
const alertSummary = z.strictObject({
  id: z.number().int(),
  area: areaSchema,
  frequency: z.enum(alertFrequencies),
  confirmed: z.boolean().describe('false until the link in the confirmation email is followed'),
  created_at: z.string(),
});
const alertItem = alertSummary.extend({ bodyName: z.string().optional().describe("a body alert's body, named in the asked locale") });

const requestItem = z.strictObject({
  id: z.string(),
  type: z.string(),
  typeName: z.string(),
  title: z.string(),
  status: z.enum(['open', 'closed']),
  detailedStatus: z.array(z.string()),
  requestedAt: z.string(),
  updatedAt: z.string(),
  link: z.string().nullable().describe('the public page; null while the public cannot see the request'),
});
const meSchema = z.strictObject({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  reportUpdates: z.boolean(),
  reports: z.array(
    requestItem.extend({
      moderation: z.enum(moderationStates),
      updates: z.boolean(),
      duplicateOf: z.string().nullable().describe('the original a moderator merged this report into (its page says so); null otherwise'),
    }),
  ),
  follows: z.array(requestItem),
  alerts: z.array(alertItem),
});
const sessionSchema = z.union([
  z.strictObject({ signedIn: z.literal(false) }),
  z.strictObject({ signedIn: z.literal(true), email: z.string(), firstName: z.string(), lastName: z.string() }),
]);

// The answers' shapes are the wire types (shared/residents/wire.ts): tsc fails here when they part.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [Same<z.infer<typeof meSchema>, ResidentMe>, Same<z.infer<typeof sessionSchema>, ResidentSessionAnswer>, Same<z.infer<typeof alertSummary>, AlertSummary>, Same<z.infer<typeof alertItem>, ResidentAlertItem>] = [true, true, true, true];
void sameShapes;

const me = (description: string) => jsonAnswer(description, meSchema);

export const residentSchemas = {
  signIn: {
    tags,
    summary: 'Ask for a one-time sign-in link by email (the same 202 whether or not the address is known)',
    body: signInBody,
    response: { 202: jsonAnswer('The link is on its way if the address is right', z.strictObject({ message: z.string() })), ...writeErrors(400, 429) },
  },
  confirm: {
    tags,
    summary: "Use the sign-in link's token: sets the session cookie",
    body: confirmBody,
    response: { 200: jsonAnswer('Signed in', z.strictObject({ email: z.string() })), ...writeErrors(400) },
  },
  signOut: { tags, summary: 'Sign out (idempotent)', response: { 204: z.null().describe('Signed out'), ...writeErrors() } },
  session: { tags, summary: 'Who is signed in, if anyone (200 either way)', response: { 200: jsonAnswer('The session', sessionSchema) } },
  me: {
    tags,
    summary: "The resident's reports, followed requests, alerts and email settings",
    querystring: meQuery,
    response: { 200: me('What the resident sees of their own'), ...errorAnswers(400, 401) },
  },
  settings: {
    tags,
    summary: 'Change the email settings: report updates on or off, stop following requests, remove alerts',
    querystring: meQuery,
    body: settingsBody,
    response: { 200: me('What the resident sees of their own, changed'), ...writeErrors(400, 401) },
  },
  subscribe: {
    tags,
    summary: "Subscribe to email alerts of new reports around a point, along a street or in a body's area (202 whether or not the address has the alert; the confirmation email's link does the rest)",
    body: alertInputSchema,
    response: { 202: jsonAnswer('The confirmation email is on its way', z.strictObject({ status: z.literal('confirmation_sent') })), ...writeErrors(400, 429) },
  },
  alerts: { tags, summary: "The signed-in resident's alerts, pending ones too", response: { 200: jsonAnswer('The alerts', z.strictObject({ alerts: z.array(alertSummary) })), ...errorAnswers(401) } },
  removeAlert: {
    tags,
    summary: "Remove one of the signed-in resident's alerts",
    params: z.object({ id: z.string().describe('the alert id, as GET /residents/api/alerts lists it') }),
    response: { 204: z.null().describe('Removed'), ...writeErrors(401, 404) },
  },
};
