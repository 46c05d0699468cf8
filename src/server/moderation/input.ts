import { z } from 'zod';
import { isBaseDetailedStatus, isPublicWorksStatus } from '../../shared/georeport/detailed-status';
import { descriptionTextSchema, inputProblems, plainTextSchema, titleTextSchema } from '../../shared/georeport/request-input-schema';
import { caseSystemNoteSchema, internalNoteSchema, statusNotesMaxLength, statusNotesSchema } from '../../shared/moderation/input-rules';
import { rejectReasons, rejectWhereMaxLength } from '../../shared/moderation/reject-reasons';
import { auditActions, auditDatePattern } from '../../shared/moderation/audit-actions';
import { moderationFlags, moderationStates } from '../../shared/moderation/wire';
import { dashboardStates } from '../../shared/moderation/dashboard';
import { ProblemTexts } from '../../shared/validation/problems';
import { invalidInput } from './errors';

/**
 * Bodies and query strings of the moderation API; one schema each, the route's schema. Every
 * text is declared with its problem, whose code the API sends with it (`fields[].code`).
 */
const moderationProblems = new ProblemTexts(inputProblems);
export const problem = moderationProblems.message.bind(moderationProblems);

/** The moderation API's refusal of input its route schemas refused (http/route-validation.ts): each field with its problem's code. */
export const refuseModerationInput = (error: z.ZodError) => invalidInput(error, '', (message) => moderationProblems.find(message));

const limit = (fallback: number, max: number) => {
  const outOfRange = problem({ code: 'out_of_range', field: 'limit', limit: max }, `limit must be a whole number from 1 to ${max}`);
  return z.coerce.number(outOfRange).int(outOfRange).min(1, outOfRange).max(max, outOfRange).default(fallback);
};

export const requestId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, problem({ code: 'invalid_id' }, 'must be a service_request_id'));

export const required = (field: string) => problem({ code: 'required', field }, `${field} is required`);
export const tooLong = (field: string, max: number) => problem({ code: 'too_long', field, limit: max }, `${field} is too long`);

export const loginBody = z.object({
  name: z.string(required('name')).min(1, required('name')).max(100, tooLong('name', 100)),
  password: z.string(required('password')).min(1, required('password')).max(1024, tooLong('password', 1024)),
});

/** Only the requests with this flag (issue 41; shared/moderation/wire.ts says what each means). */
const flag = z.enum(moderationFlags, problem({ code: 'unknown_value', field: 'flag' }, `flag must be one of ${moderationFlags.join(', ')}`)).optional();

export const queueQuery = z.object({ limit: limit(50, 200), after: requestId.optional(), locale: z.string().max(20).optional(), flag });

export const listQuery = z.object({
  /** Absent: pending, or published with a flag (as issue 28's `?flag=reopened` and `?flag=abuse` listed). */
  state: z.enum(moderationStates, problem({ code: 'unknown_value', field: 'state' }, 'state must be pending, published or rejected')).optional(),
  limit: limit(50, 200),
  before: requestId.optional(),
  locale: z.string().max(20).optional(),
  flag,
});

export const detailQuery = z.object({ locale: z.string().max(20).optional() });

const auditEntryId = problem({ code: 'invalid_id', field: 'before' }, 'before must be an audit entry id');

/** A day of the audit filter, YYYY-MM-DD: the route reads it in the installation's time zone. */
const auditDay = (field: 'from' | 'to') => {
  const invalid = problem({ code: 'invalid_date', field }, `${field} must be a date as YYYY-MM-DD, such as 2026-03-31`);
  return z
    .string(invalid)
    .regex(auditDatePattern, invalid)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), invalid)
    .optional();
};

/** The audit log's filters (issue 41, item 10): who, which action, which days; each one optional. */
export const auditQuery = z
  .object({
    limit: limit(100, 500),
    before: z.coerce.number(auditEntryId).int().positive(auditEntryId).optional(),
    moderator: z.string().min(1, required('moderator')).max(100, tooLong('moderator', 100)).optional(),
    action: z.enum(auditActions, problem({ code: 'unknown_value', field: 'action' }, `action must be one of ${auditActions.join(', ')}`)).optional(),
    from: auditDay('from'),
    to: auditDay('to'),
  })
  .refine(
    ({ from, to }) => from === undefined || to === undefined || from <= to,
    { ...problem({ code: 'date_range_reversed', field: 'to' }, 'to must be the same day as from or later'), path: ['to'] },
  );

const unknownFields = moderationProblems.template({ code: 'unknown_field' })`unknown field ${'value'}: only ${'rest'} can be sent here`;

/** An object that names the fields it accepts when sent others (a console sending `email` learns it cannot). */
export function onlyFields<Shape extends z.ZodRawShape>(shape: Shape) {
  const accepted = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownFields.text({ value: issue.keys.join(', '), rest: accepted }) : undefined),
  });
}

const reasonProblem = problem({ code: 'unknown_value', field: 'reason' }, `reason must be one of ${rejectReasons.join(', ')}`);
const rejectReason = z.enum(rejectReasons, reasonProblem);
const whereRequired = problem({ code: 'required', field: 'where' }, 'where is required for not_responsible: say where to report it instead');
const originalRequired = problem({ code: 'required', field: 'original' }, 'original is required for duplicate: give the id of the original report');
const noteRequired = problem({ code: 'required', field: 'note' }, 'note is required for other: say publicly why the report is rejected');
const whereOnly = problem({ code: 'unknown_field', field: 'where' }, 'where is sent only with reason not_responsible');
const originalOnly = problem({ code: 'unknown_field', field: 'original' }, 'original is sent only with reason duplicate');
const noteNotForDuplicate = problem({ code: 'unknown_field', field: 'note' }, "note cannot be sent with duplicate: its public text points to the original's updates");
const whereText = plainTextSchema('where', rejectWhereMaxLength);
const noteText = z.union([plainTextSchema('note', statusNotesMaxLength), z.null()]);

/**
 * Why the request is rejected, from the fixed list (issue 41, item 3), with what that reason needs:
 * `where` to report instead (not_responsible), the `original` (duplicate), a public `note`
 * (optional, required for other).
 */
export const rejectBody = onlyFields({
  reason: rejectReason,
  where: whereText.optional(),
  original: requestId.optional(),
  note: noteText.optional(),
}).superRefine((body, context) => {
  if (body.reason === 'not_responsible' && !body.where?.trim()) context.addIssue({ code: 'custom', path: ['where'], ...whereRequired });
  if (body.reason !== 'not_responsible' && body.where !== undefined) context.addIssue({ code: 'custom', path: ['where'], ...whereOnly });
  if (body.reason === 'duplicate' && !body.original) context.addIssue({ code: 'custom', path: ['original'], ...originalRequired });
  if (body.reason !== 'duplicate' && body.original !== undefined) context.addIssue({ code: 'custom', path: ['original'], ...originalOnly });
  // A duplicate's public words point to its original; a note of its own would never be shown.
  if (body.reason === 'duplicate' && body.note) context.addIssue({ code: 'custom', path: ['note'], ...noteNotForDuplicate });
  if (body.reason === 'other' && !body.note?.trim()) context.addIssue({ code: 'custom', path: ['note'], ...noteRequired });
});
export type RejectBody = z.infer<typeof rejectBody>;

/** How a moderator resolves a request's reports of abuse: keep it published, or hide it (rejected as abusive or for personal data, with an optional public note). */
export const abuseResolveBody = onlyFields({
  action: z.enum(['keep', 'hide'], problem({ code: 'unknown_value', field: 'action' }, 'action must be keep or hide')),
  reason: z.enum(['abusive', 'personal_data'], problem({ code: 'unknown_value', field: 'reason' }, 'reason must be abusive or personal_data')).default('abusive'),
  note: noteText.optional(),
});

/** Same rules as a submitted request; an empty or null title removes it. */
export const editBody = onlyFields({
  title: z.union([z.literal('').transform(() => null), z.null(), titleTextSchema]).optional(),
  description: descriptionTextSchema.optional(),
}).refine(
  (body) => body.title !== undefined || body.description !== undefined,
  problem({ code: 'nothing_to_change' }, 'send title, description or both'),
);

const detailedStatusProblem = (text: string) => problem({ code: 'invalid_detailed_status', field: 'detailed_status' }, text);
const baseStatusExpected = detailedStatusProblem('the first value must be RECEIVED, IN_PROCESS, PROCESSED, ARCHIVED or REJECTED');
const publicWorksExpected = detailedStatusProblem(
  'the second value, when sent, must be a PUBLIC_WORKS_* value such as PUBLIC_WORKS_COMPLETED',
);

export const statusBody = onlyFields({
  detailed_status: z
    .array(z.string(), detailedStatusProblem('detailed_status must be a list such as ["IN_PROCESS"] or ["PROCESSED", "PUBLIC_WORKS_COMPLETED"]'))
    .min(1, detailedStatusProblem('detailed_status needs a base status: RECEIVED, IN_PROCESS, PROCESSED, ARCHIVED or REJECTED'))
    .max(2, detailedStatusProblem('detailed_status holds a base status and at most one PUBLIC_WORKS_* value')),
  status_notes: statusNotesSchema.optional(),
}).superRefine(({ detailed_status: [base, publicWorks] }, context) => {
  if (base !== undefined && !isBaseDetailedStatus(base)) {
    context.addIssue({ code: 'custom', path: ['detailed_status', 0], ...baseStatusExpected });
  }
  if (publicWorks !== undefined && !isPublicWorksStatus(publicWorks)) {
    context.addIssue({ code: 'custom', path: ['detailed_status', 1], ...publicWorksExpected });
  }
});

/** A note for the body's case system: some text, none of it blank. */
export const caseSystemNoteBody = onlyFields({
  text: caseSystemNoteSchema.refine((text) => text.trim() !== '', problem({ code: 'required', field: 'text' }, 'text is required: write what the case system should hear')),
});

/** An internal note for the body's moderators: some text, none of it blank. */
export const internalNoteBody = onlyFields({
  text: internalNoteSchema.refine((text) => text.trim() !== '', problem({ code: 'required', field: 'text' }, 'text is required: write the note for your colleagues')),
});

/** The moderator to handle the request, by name; null unassigns it. The route checks they may moderate its body. */
export const assignBody = onlyFields({
  moderator: z.union(
    [z.string().min(1).max(200), z.null()],
    problem({ code: 'required', field: 'moderator' }, "moderator is required: a moderator's name, or null to unassign"),
  ),
});

export const mediaParams = z.object({
  id: requestId,
  position: z.union(
    [z.literal('external'), z.coerce.number().int().min(0).max(1000)],
    problem({ code: 'invalid_id', field: 'position' }, 'position must be a photo position from media (a number) or "external"'),
  ),
});

export const idParams = z.object({ id: requestId });

/** "Duplicate of …": the id of the original report. */
export const duplicateBody = onlyFields({ original: z.string(required('original')).pipe(requestId) });

const degrees = (field: 'lat' | 'long', max: number) => {
  const outOfRange = problem({ code: 'out_of_range', field, limit: max }, `${field} must be a number from -${max} to ${max} (WGS84 degrees)`);
  return z.number(problem({ code: 'not_a_number', field }, `${field} must be a number in WGS84 degrees`)).min(-max, outOfRange).max(max, outOfRange);
};

/** A moved pin: the point in WGS84 degrees, as numbers. */
export const moveBody = onlyFields({ lat: degrees('lat', 90), long: degrees('long', 180) });

/** Another service type for the request; the route checks that it exists. */
export const serviceTypeBody = onlyFields({
  service_code: z.string(required('service_code')).min(1, required('service_code')).max(64, tooLong('service_code', 64)),
});

/**
 * The dashboard's and its exports' filters (issue 41, item 9): the days `from`–`to` the reports
 * were made (inclusive, in the installation's time zone), a service type, a state, a body (an
 * area); each optional.
 */
export const dashboardQuery = z
  .object({
    from: auditDay('from'),
    to: auditDay('to'),
    service_code: z.string().min(1, required('service_code')).max(64, tooLong('service_code', 64)).optional(),
    state: z.enum(dashboardStates, problem({ code: 'unknown_value', field: 'state' }, `state must be one of ${dashboardStates.join(', ')}`)).optional(),
    body: z.string().min(1, required('body')).max(64, tooLong('body', 64)).optional(),
    /** The language of type and body names (fi, sv, en); Finnish otherwise. */
    locale: z.string().max(20).optional(),
  })
  .refine(
    ({ from, to }) => from === undefined || to === undefined || from <= to,
    { ...problem({ code: 'date_range_reversed', field: 'to' }, 'to must be the same day as from or later'), path: ['to'] },
  );

const textField = (field: string, max: number) => z.string(problem({ code: 'not_text', field }, `${field} must be text`)).max(max, tooLong(field, max)).optional();
const numberField = (field: string) => z.number(problem({ code: 'not_a_number', field }, `${field} must be a number`)).optional();

/**
 * A caller's report a moderator records (issue 41, item 8): the residents' fields (their rules are
 * the shared schema's, checked by the use-case, moderation/caller-report.ts), the caller's name
 * and contact, and whether it is published at once rather than entering the queue.
 */
export const callerReportBody = onlyFields({
  service_code: z.string(required('service_code')).min(1, required('service_code')).max(64, tooLong('service_code', 64)),
  description: z.string(required('description')),
  title: textField('title', 200),
  lat: numberField('lat'),
  long: numberField('long'),
  address_string: textField('address_string', 500),
  first_name: textField('first_name', 100),
  last_name: textField('last_name', 100),
  email: textField('email', 254),
  phone: textField('phone', 40),
  locale: z.enum(['fi', 'sv', 'en'], problem({ code: 'unknown_value', field: 'locale' }, 'locale must be fi, sv or en')).optional(),
  attributes: z.record(z.string(), z.union([z.string(), z.array(z.string())]), problem({ code: 'invalid', field: 'attributes' }, 'attributes must map attribute codes to answers')).optional(),
  publish_now: z.boolean(problem({ code: 'invalid', field: 'publish_now' }, 'publish_now must be true or false')).default(false),
});
