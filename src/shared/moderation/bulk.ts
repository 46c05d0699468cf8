/**
 * Bulk actions (issue 41, item 7): one action on many reports, each changed on its own as by the
 * single action (its own transaction, audit entry and emails), each answered on its own.
 */
export const bulkActions = ['publish', 'reject', 'assign', 'status'] as const;
export type BulkAction = (typeof bulkActions)[number];

/** The most reports one bulk action takes: a page of the console's lists. */
export const bulkMaxIds = 100;

export type BulkResult = { id: string; ok: true } | { id: string; ok: false; code: string; message: string };

export interface BulkAnswer {
  results: BulkResult[];
}
