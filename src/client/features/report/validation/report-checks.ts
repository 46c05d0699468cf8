/**
 * Everything of the report flow that needs zod and the shared input schema (the schemas chunk,
 * about a tenth of the page's code): checking the form, reading the API's answers, and putting a
 * check's or the API's message into words (the message tables are written by the schema). None
 * of it is needed to show the form, so it is one chunk of its own, loaded after the first paint
 * by load-report-checks.ts; nothing else imports these modules but as types.
 */
export { reportResolver } from './schema-resolver';
export { translateValidationMessage } from './translate-message';
export { interpretSendError } from '../lib/send-error';
export { createdSchema, definitionSchema, nearbyRequestListSchema, serviceObjectCollectionSchema } from '../api/response-schemas';
