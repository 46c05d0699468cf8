/**
 * Everything of the report flow that needs zod and the shared input schema (the schemas chunk,
 * about a tenth of the page's code): the schema the form is checked with, the schemas of the API's
 * answers, and the message tables (written by the schema) that say what a check's or the API's
 * message is about. None of it is needed to show the form, so it is one chunk of its own, loaded
 * after the first paint by load-report-checks.ts; nothing else imports these modules but as types.
 */
export { serviceRequestInputSchema } from '@/shared/georeport/request-input-schema';
export { problemOfDescription } from '@/shared/georeport/problems';
export { classifyMessage } from './classify-message';
export { translateValidationMessage } from './translate-message';
export { createdSchema, nearbyRequestListSchema, serviceObjectCollectionSchema } from '../api/response-schemas';
export { definitionSchema } from '../../../api/service-definition-schema';
