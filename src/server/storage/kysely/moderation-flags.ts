/**
 * The flags of moderation lists (shared/moderation/wire.ts) as conditions on a service request,
 * each answered from its own table by the request's id: open abuse reports, the questionnaire's
 * "not fixed", the forward job's state. moderation/flags.ts says the same of one presented request.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { StoredModerationFlag } from '../repositories/types';
import type { Tables } from './tables';

type RequestRows = ExpressionBuilder<Tables, 'service_requests'>;

export function moderationFlagFilter(eb: RequestRows, flag: StoredModerationFlag): Expression<SqlBool> {
  const ofRequest = 'service_requests.service_request_id' as const;
  switch (flag) {
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
