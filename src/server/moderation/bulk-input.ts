/**
 * The body of POST /bulk (issue 41, item 7): the reports, the action, and that action's fields,
 * checked by the very schema of the single action (reject, assign, status) so a bulk change
 * accepts and refuses exactly what one change would.
 */
import { z } from 'zod';
import { bulkActions, bulkMaxIds } from '../../shared/moderation/bulk';
import { assignBody, onlyFields, problem, rejectBody, requestId, statusBody } from './input';

const idsProblem = problem({ code: 'out_of_range', field: 'ids', limit: bulkMaxIds }, `ids must be a list of 1 to ${bulkMaxIds} service_request_ids`);
const actionProblem = problem({ code: 'unknown_value', field: 'action' }, `action must be one of ${bulkActions.join(', ')}`);
const noDuplicate = problem(
  { code: 'unknown_value', field: 'reason' },
  'reason duplicate cannot be given in bulk: mark each duplicate on its own page, with its original',
);

const responseProblem = problem({ code: 'invalid_id', field: 'response' }, 'response must be the id of a saved response');
const responseOnly = problem({ code: 'unknown_field', field: 'response' }, 'response is sent only with action status');
const responseOrNotes = problem(
  { code: 'unknown_field', field: 'status_notes' },
  "send response or status_notes, not both: a saved response's text becomes each report's notes",
);

const actionFields = { publish: onlyFields({}), reject: rejectBody, assign: assignBody, status: statusBody } as const;

export const bulkBody = onlyFields({
  ids: z.array(requestId, idsProblem).min(1, idsProblem).max(bulkMaxIds, idsProblem),
  action: z.enum(bulkActions, actionProblem),
  // Each action's own fields: checked below by its single action's schema.
  reason: z.unknown().optional(),
  where: z.unknown().optional(),
  note: z.unknown().optional(),
  moderator: z.unknown().optional(),
  detailed_status: z.unknown().optional(),
  status_notes: z.unknown().optional(),
  /** A saved response (status only): its text, in each report's own language, becomes that report's notes. */
  response: z.number(responseProblem).int(responseProblem).positive(responseProblem).optional(),
}).transform(({ ids, action, response, ...fields }, context) => {
  if (response !== undefined && action !== 'status') {
    context.addIssue({ code: 'custom', path: ['response'], ...responseOnly });
    return z.NEVER;
  }
  if (response !== undefined && fields.status_notes !== undefined) {
    context.addIssue({ code: 'custom', path: ['status_notes'], ...responseOrNotes });
    return z.NEVER;
  }
  if (action === 'reject' && fields.reason === 'duplicate') {
    context.addIssue({ code: 'custom', path: ['reason'], ...noDuplicate });
    return z.NEVER;
  }
  const parsed = actionFields[action].safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  // A report named twice is changed once.
  const unique = [...new Set(ids)];
  switch (action) {
    case 'publish':
      return { ids: unique, action };
    case 'reject':
      return { ids: unique, action, ...(parsed.data as z.infer<typeof rejectBody> & { reason: Exclude<z.infer<typeof rejectBody>['reason'], 'duplicate'> }) };
    case 'assign':
      return { ids: unique, action, ...(parsed.data as z.infer<typeof assignBody>) };
    case 'status':
      return { ids: unique, action, ...(parsed.data as z.infer<typeof statusBody>), response };
  }
});
export type BulkBody = z.output<typeof bulkBody>;
