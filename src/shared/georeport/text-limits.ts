/**
 * The length limits of a request's texts, without the schemas that enforce them
 * (request-input-schema.ts, abuse-input.ts): a form shows them before any check runs, and
 * importing them must not bring zod along.
 */
export const descriptionLength = { min: 10, max: 5000 } as const;
export const titleMaxLength = 200;
/** A report of abuse's reason (abuse-input.ts): the request page's form checks it before sending. */
export const abuseReasonMaxLength = 1000;
