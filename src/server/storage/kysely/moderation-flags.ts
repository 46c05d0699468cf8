/**
 * The flags of moderation lists (shared/moderation/wire.ts) as conditions on a service request,
 * each answered from its own table by the request's id: open abuse reports, the questionnaire's
 * "not fixed", the forward job's state, its type's target, its assignee. moderation/flags.ts says the same of
 * one presented request.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { targetDayMs } from '../../../shared/moderation/deadlines';
import type { StoredModerationFlag } from '../repositories/types';
import type { Tables } from './tables';

type RequestRows = ExpressionBuilder<Tables, 'service_requests'>;

/**
 * Made longer ago than its type's target (shared/moderation/deadlines.ts), with `service_types`
 * joined; false for a type with none. The target in milliseconds is a bigint on PostgreSQL
 * (days × 86,400,000 overflows an integer past 24 days), and the bound is one value per type, so
 * a type's requests are a range of the overdue index.
 */
export const pastTarget = (now: number) =>
  sql<SqlBool>`service_requests.requested_at < ${now} - service_types.target_days * cast(${targetDayMs} as bigint)`;

/** Overdue needs a published request still open: a closed one met or missed its target, and is done. */
export const overdueStates = { moderation: 'published', status: 'open' } as const;

export function moderationFlagFilter(eb: RequestRows, flag: StoredModerationFlag, now: number | undefined, moderator?: string): Expression<SqlBool> {
  const ofRequest = 'service_requests.service_request_id' as const;
  switch (flag) {
    case 'assigned_to_me':
      if (moderator === undefined) throw new Error('the assigned_to_me filter needs the moderator it is asked for (ModerationListQuery.moderator)');
      return eb.exists(
        eb
          .selectFrom('request_assignments')
          .select('request_assignments.service_request_id')
          .whereRef('request_assignments.service_request_id', '=', ofRequest)
          .where('request_assignments.moderator_name', '=', moderator),
      );
    case 'overdue':
      if (now === undefined) throw new Error('the overdue filter needs the time it is judged at (ModerationListQuery.now)');
      return eb.and([
        eb('service_requests.moderation', '=', overdueStates.moderation),
        eb('service_requests.status', '=', overdueStates.status),
        eb.exists(eb.selectFrom('service_types').select('service_types.service_code').whereRef('service_types.service_code', '=', 'service_requests.service_code').where(pastTarget(now))),
      ]);
    case 'abuse':
      return eb.exists(
        eb.selectFrom('abuse_reports').select('abuse_reports.id').whereRef('abuse_reports.service_request_id', '=', ofRequest).where('abuse_reports.resolved_at', 'is', null),
      );
    case 'reopened':
      // Closed again since the answer: a moderator has looked.
      return eb.and([
        eb('service_requests.status', '=', 'open'),
        eb.exists(
          eb.selectFrom('questionnaires').select('questionnaires.id').whereRef('questionnaires.service_request_id', '=', ofRequest).where('questionnaires.answer', '=', 'not_fixed'),
        ),
      ]);
    case 'send_failed':
      return eb.exists(eb.selectFrom('forwards').select('forwards.service_request_id').whereRef('forwards.service_request_id', '=', ofRequest).where('forwards.failed_at', 'is not', null));
    case 'awaiting_case_system':
      // Not given up, and nothing back yet: still being sent, or taken with an id and never updated (an email send gives no id to ask about).
      return eb.exists(
        eb
          .selectFrom('forwards')
          .select('forwards.service_request_id')
          .whereRef('forwards.service_request_id', '=', ofRequest)
          .where('forwards.failed_at', 'is', null)
          .where((inner) =>
            inner.or([
              inner('forwards.sent_at', 'is', null),
              inner.and([inner('forwards.remote_id', 'is not', null), inner('forwards.remote_updated_at', 'is', null)]),
            ]),
          ),
      );
  }
}
