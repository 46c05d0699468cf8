/** The rules of the texts a moderator writes, shared by the console and the moderation API. */
import { plainTextSchema } from '../georeport/request-input-schema';

/** Public status notes, and the reason given when rejecting (which becomes the notes). */
export const statusNotesMaxLength = 2000;
export const statusNotesSchema = plainTextSchema('status_notes', statusNotesMaxLength);
