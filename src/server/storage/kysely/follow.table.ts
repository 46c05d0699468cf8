/** Who follows a request and its public history (follow.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { HistoryKind } from '../repositories/follow';
import type { SubscriptionRow } from '../subscription-rows';

export interface SubscriptionsTable extends Omit<SubscriptionRow, 'id'> {
  id: Generated<number>;
}

export interface RequestHistoryTable {
  id: Generated<number>;
  service_request_id: string;
  at: number;
  kind: HistoryKind;
  /** Comma list, as the request's own column. */
  detailed_status: string;
  note: string;
  /** The update a `resident_update` entry shows; null for every other kind. */
  resident_update_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FollowTables {
  subscriptions: SubscriptionsTable;
  request_history: RequestHistoryTable;
}
