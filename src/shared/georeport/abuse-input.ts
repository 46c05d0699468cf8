/**
 * The fields of a report of abuse (issue 28), checked alike by the service, the proxy and the
 * app's form: a reason in plain text (required, at most 1000 characters) and an optional address.
 */
import { z } from 'zod';
import { inputProblems, plainTextSchema, serviceRequestInputSchema } from './request-input-schema';
import { abuseReasonMaxLength } from './text-limits';

const reasonRequired = inputProblems.message({ code: 'required', field: 'reason' }, 'reason is required: say what is wrong with this report');

export const abuseInputSchema = z.object({
  reason: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
    plainTextSchema('reason', abuseReasonMaxLength).refine((text) => text.length > 0, reasonRequired),
  ),
  email: serviceRequestInputSchema.shape.email,
});
