import { descriptionTextSchema, plainTextSchema, titleTextSchema } from '../../../../shared/georeport/request-input-schema';

/** As the server's statusNotesMaxLength (src/server/moderation/input.ts): notes and reject reasons. */
export const STATUS_NOTES_MAX_LENGTH = 2000;

/** The same rules the server applies, so most mistakes are caught before sending. */
export const statusNotesSchema = plainTextSchema('status_notes', STATUS_NOTES_MAX_LENGTH);
export const rejectReasonSchema = plainTextSchema('reason', STATUS_NOTES_MAX_LENGTH);
export { descriptionTextSchema, titleTextSchema };

/** The first problem with `text` under `schema`, in the schema's own (English) words; undefined when fine. */
export function problemWith(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, text: string) {
  const result = schema.safeParse(text);
  return result.success ? undefined : result.error?.issues[0]?.message;
}
