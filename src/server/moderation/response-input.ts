/**
 * Input of the saved responses' routes (issue 41, item 4), one schema each, with the problems the
 * moderation API names its refusals by (input.ts).
 */
import { z } from 'zod';
import { isBaseDetailedStatus, isPublicWorksStatus } from '../../shared/georeport/detailed-status';
import { plainTextSchema } from '../../shared/georeport/request-input-schema';
import { statusNotesMaxLength } from '../../shared/moderation/input-rules';
import { onlyFields, problem, required, tooLong } from './input';

export const responseTitleMaxLength = 120;

const statusProblem = problem(
  { code: 'invalid_detailed_status', field: 'status' },
  'status must be one detailed status value, such as PROCESSED or PUBLIC_WORKS_COMPLETED',
);
const detailedStatusValue = z.string(statusProblem).refine((value) => isBaseDetailedStatus(value) || isPublicWorksStatus(value), statusProblem);
const serviceCode = z.string(required('service_code')).min(1, required('service_code')).max(64, tooLong('service_code', 64));
const bodyId = z.string(required('body_id')).min(1, required('body_id')).max(64, tooLong('body_id', 64));
// A text the template fills the public note with: the status notes' rules, and not blank.
const noteText = (field: string) =>
  plainTextSchema(field, statusNotesMaxLength).refine((text) => text.trim() !== '', problem({ code: 'required', field }, `${field} is required: write the note in this language`));
const title = plainTextSchema('title', responseTitleMaxLength).refine((text) => text.trim() !== '', problem({ code: 'required', field: 'title' }, 'title is required: name the response'));

const fields = {
  title,
  text_fi: noteText('text_fi'),
  text_sv: noteText('text_sv'),
  text_en: noteText('text_en'),
  // Null or absent: for any type / any status.
  service_code: serviceCode.nullable().default(null),
  status: detailedStatusValue.nullable().default(null),
};

/** A new saved response: its body (one the moderator moderates), title, texts and what it is for. */
export const responseCreateBody = onlyFields({ body_id: bodyId, ...fields });

/** An edit sends the whole template again (its body stays). */
export const responseEditBody = onlyFields(fields);

const requestIdProblem = problem({ code: 'invalid_id', field: 'for_request' }, 'for_request must be a service_request_id');

export const responseListQuery = z.object({
  /** Those for this report: its body's, for its type or any type. */
  for_request: z.string(requestIdProblem).regex(/^[A-Za-z0-9_-]{1,64}$/, requestIdProblem).optional(),
  body_id: bodyId.optional(),
  service_code: serviceCode.optional(),
  status: detailedStatusValue.optional(),
});

const idProblem = problem({ code: 'invalid_id', field: 'id' }, 'id must be a saved response id (a whole number)');
export const responseParams = z.object({ id: z.coerce.number(idProblem).int(idProblem).positive(idProblem) });
