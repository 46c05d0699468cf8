import { descriptionTextSchema, inputProblems, plainTextSchema, titleTextSchema } from '@/shared/georeport/request-input-schema';
import { caseSystemNoteMaxLength, caseSystemNoteSchema, internalNoteMaxLength, internalNoteSchema, statusNotesMaxLength, statusNotesSchema } from '@/shared/moderation/input-rules';
import { rejectWhereMaxLength } from '@/shared/moderation/reject-reasons';
import type { FieldProblem } from './field-messages';

/** The same rules the server applies (notes and reject reasons alike), so most mistakes are caught before sending. */
export { caseSystemNoteMaxLength, caseSystemNoteSchema, descriptionTextSchema, internalNoteMaxLength, internalNoteSchema, rejectWhereMaxLength, statusNotesMaxLength, statusNotesSchema, titleTextSchema };

/** A rejection's "where to report instead" (not_responsible), as the server checks it. */
export const rejectWhereSchema = plainTextSchema('where', rejectWhereMaxLength);

/** The first problem with `text` under `schema`, with its code; undefined when fine. */
export function problemWith(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, text: string): FieldProblem | undefined {
  const result = schema.safeParse(text);
  const message = result.success ? undefined : result.error?.issues[0]?.message;
  if (message === undefined) return undefined;
  const problem = inputProblems.find(message);
  return { message, code: problem?.code, limit: problem?.limit };
}
