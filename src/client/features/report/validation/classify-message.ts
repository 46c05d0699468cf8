import { problemOfDescription } from '@/shared/georeport/problems';
import type { ProblemCode } from '@/shared/validation/problems';
import type { ErrorTarget } from './report-form-values';
import { errorTargetOf } from './report-form-values';

/**
 * What a validation message is about, by its problem code: the browser's own check and the API
 * both word problems with the shared tables (the input schema, src/shared/georeport/problems.ts),
 * and the message is looked up there, so the form never reads the English itself.
 */
export type ValidationRule =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'html'
  | 'control'
  | 'invalid'
  | 'notInRegistry'
  | 'unknownType'
  | 'tooManyPhotos'
  | 'photoRejected'
  | 'outsideEveryArea'
  | 'typeNotHandledHere';

export interface ClassifiedMessage {
  target: ErrorTarget | undefined;
  rule: ValidationRule | undefined;
  /** The number in "at least 10" / "at most 5000" / "at most 5 photos". */
  limit?: number;
  /** The text as received, shown when no translation fits. */
  original: string;
}

/** Which of report.json's texts (`validation.<place>.<rule>`) says each problem; others are shown as received. */
const ruleOfCode: Partial<Record<ProblemCode, ValidationRule>> = {
  required: 'required',
  // A form sends only text, and a blank text counts as not sent: a required text then "must be text".
  not_text: 'required',
  too_short: 'tooShort',
  too_long: 'tooLong',
  html: 'html',
  control_characters: 'control',
  not_a_number: 'invalid',
  out_of_range: 'invalid',
  invalid_url: 'invalid',
  not_an_image_url: 'invalid',
  invalid_email: 'invalid',
  invalid_phone: 'invalid',
  lat_long_pair: 'required',
  location_required: 'required',
  object_type_required: 'invalid',
  unknown_service_code: 'unknownType',
  unknown_service_object: 'notInRegistry',
  too_many_photos: 'tooManyPhotos',
  photo_rejected: 'photoRejected',
  outside_every_area: 'outsideEveryArea',
  type_not_handled_here: 'typeNotHandledHere',
};

const rulesWithLimit: ReadonlySet<ValidationRule> = new Set(['tooShort', 'tooLong', 'tooManyPhotos']);

/** The problem a message names and where the form shows it; `fieldHint` is the field the message came with. */
export function classifyMessage(message: string, fieldHint?: string): ClassifiedMessage {
  const problem = problemOfDescription(message.trim());
  const rule = problem && ruleOfCode[problem.code];
  return {
    target: errorTargetOf(problem?.field ?? fieldHint),
    rule,
    limit: rule && rulesWithLimit.has(rule) ? problem?.limit : undefined,
    original: message,
  };
}
