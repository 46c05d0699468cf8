/**
 * Between the service worker and the page: the Background Sync tag a page registers when it
 * queues a report, and the message the worker posts to the open pages when that sync fires (the
 * pages send; client/features/report/outbox).
 */
export const OUTBOX_SYNC_TAG = 'kerro-report-outbox';

export const sendOutboxMessage = { type: 'kerro:send-outbox' } as const;

export function isSendOutboxMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === sendOutboxMessage.type;
}
