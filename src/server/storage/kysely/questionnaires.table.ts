/** "Was it fixed?" questionnaires and abuse reports (questionnaires.ts). */
import type { ColumnType, Generated } from 'kysely';

/** A request's "was it fixed?" questionnaire (issue 28): from its last close to the reporter's one answer. */
export interface QuestionnairesTable {
  id: Generated<number>;
  service_request_id: string;
  closed_at: number;
  asked_at: ColumnType<number | null, number | null | undefined, number | null>;
  answer: ColumnType<'fixed' | 'not_fixed' | null, 'fixed' | 'not_fixed' | null | undefined, 'fixed' | 'not_fixed' | null>;
  answered_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A resident's report of abuse against a published request, open until a moderator resolves it. */
export interface AbuseReportsTable {
  id: Generated<number>;
  service_request_id: string;
  reason: string;
  email: string | null;
  created_at: number;
  resolved_at: ColumnType<number | null, number | null | undefined, number | null>;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  resolution: ColumnType<'kept' | 'hidden' | null, 'kept' | 'hidden' | null | undefined, 'kept' | 'hidden' | null>;
}

export interface QuestionnaireTables {
  questionnaires: QuestionnairesTable;
  abuse_reports: AbuseReportsTable;
}
