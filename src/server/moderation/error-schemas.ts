/**
 * The OpenAPI pieces every route schema of the moderation and residents' APIs uses (both answer
 * errors as moderation/errors.ts writes them): a JSON answer, and `{"error": {…}}` by status.
 */
import { z } from 'zod';

/** A JSON answer of the document: its description and shape. */
export const jsonAnswer = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });

const errorSchema = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    message: z.string(),
    fields: z.array(z.strictObject({ field: z.string(), message: z.string(), code: z.string(), limit: z.number().optional() })).optional(),
    moved_to: z.string().optional().describe("code moved: the name of the body a moderator's change gave the report to"),
  }),
});

/** The error answers of these statuses. */
export const errorAnswers = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, jsonAnswer(`Error (${code})`, errorSchema)]));
