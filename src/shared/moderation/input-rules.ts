/** The rules of the texts a moderator writes, shared by the console and the moderation API. */
import { plainTextSchema } from '../georeport/request-input-schema';

/** Public status notes, and the reason given when rejecting (which becomes the notes). */
export const statusNotesMaxLength = 2000;
export const statusNotesSchema = plainTextSchema('status_notes', statusNotesMaxLength);

/** A moderator's note for the body's case system (issue 40, item 8): public text, as the case system may show it. */
export const caseSystemNoteMaxLength = 2000;
export const caseSystemNoteSchema = plainTextSchema('text', caseSystemNoteMaxLength);

/** An internal note (issue 41, item 5): for the body's moderators only, never shown to the public. */
export const internalNoteMaxLength = 4000;
export const internalNoteSchema = plainTextSchema('text', internalNoteMaxLength);
