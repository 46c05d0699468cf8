/**
 * The length limits of a request's texts, without the schema that enforces them
 * (request-input-schema.ts): a form shows them before any check runs, and importing them must
 * not bring zod along.
 */
export const descriptionLength = { min: 10, max: 5000 } as const;
export const titleMaxLength = 200;
