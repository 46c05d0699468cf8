import { columnTypes, type SchemaStep } from './column-types';

/**
 * Reject reasons from a fixed list (issue 41, item 3): the reason's code
 * (shared/moderation/reject-reasons.ts) and, for `not_responsible`, where to report instead.
 * Null on rows rejected before: their free reason stays their status notes and they read as before.
 */
export const rejectReasonsStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema.alterTable('service_requests').addColumn('reject_reason', t.key).execute();
  await db.schema.alterTable('service_requests').addColumn('reject_where', t.text).execute();
};
