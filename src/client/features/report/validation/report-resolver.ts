import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { answerProblems, type ServiceQuestion } from '../../../lib/service-questions';
import { loadReportChecks } from './load-report-checks';
import type { ReportFormValues } from './report-form-values';

// The resolver itself needs no zod (it calls the schema's own parse); the schema comes with the
// form's checks, after the first paint, and is awaited here: nothing is ever sent unchecked.
const schemaResolver: Resolver<ReportFormValues> = async (values, context, options) => {
  const { serviceRequestInputSchema } = await loadReportChecks();
  const resolver = zodResolver(serviceRequestInputSchema, undefined, { raw: true }) as unknown as Resolver<ReportFormValues>;
  return resolver(values, context, options);
};

const locationFields = ['lat', 'long', 'service_object_id', 'service_object_type'] as const;

/**
 * The schema checks the location as a whole (lat with long, or a service object) only once every
 * field on its own has passed, as zod skips object-level checks on a failed object. A person
 * should hear about a missing place together with the other problems, not after fixing them, so
 * the same schema also checks the location fields alone, with the other required fields filled
 * by stand-ins that pass.
 */
function locationOnly(values: ReportFormValues): ReportFormValues {
  return { ...values, service_code: 'stand-in', description: 'stand-in text', title: '', address_string: '', email: '', first_name: '', last_name: '', phone: '' };
}

/**
 * react-hook-form checks the form with the very schema the proxy and the GeoReport service use.
 * `raw` keeps the values as typed (strings): they go out as a form and the server parses them
 * again. Messages stay the schema's English here and are put into the UI language when shown
 * (translate-message.ts), so switching the language also changes errors already on screen.
 */
export const reportResolver: Resolver<ReportFormValues> = async (values, context, options) => {
  // The schema knows the API's fields only; the answers are checked by withQuestions and kept as they are.
  const { answers, ...fields } = values;
  const result = await fieldsResolver(fields as ReportFormValues, context, options);
  if (Object.keys(result.errors).length > 0) return result;
  return { values: { ...(result.values as ReportFormValues), answers }, errors: {} };
};

const fieldsResolver: Resolver<ReportFormValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const errors = result.errors as FieldErrors<ReportFormValues>;
  if (Object.keys(errors).length === 0 || locationFields.some((field) => errors[field])) return result;
  const locationResult = await schemaResolver(locationOnly(values), context, { ...options, names: undefined });
  const locationErrors = locationResult.errors as FieldErrors<ReportFormValues>;
  const merged = { ...errors };
  for (const field of locationFields) if (locationErrors[field]) merged[field] = locationErrors[field];
  return { values: {}, errors: merged };
};

/**
 * The schema's checks plus the chosen type's questions, with the shared attribute rules the
 * service applies; an answer's error message is the rule's kind (`required`, `number`, …), put
 * into words where it is shown. `questions()` is read at each check, as they load after the type.
 */
export function withQuestions(questions: () => readonly ServiceQuestion[]): Resolver<ReportFormValues> {
  return async (values, context, options) => {
    const result = await reportResolver(values, context, options);
    const problems = answerProblems(questions(), values.answers ?? {});
    if (problems.size === 0) return result;
    const answers = Object.fromEntries([...problems].map(([code, kind]) => [code, { type: 'attribute', message: kind }]));
    return { values: {}, errors: { ...(result.errors as FieldErrors<ReportFormValues>), answers } as FieldErrors<ReportFormValues> };
  };
}
