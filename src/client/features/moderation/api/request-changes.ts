import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportedLocale } from '@/shared/locales';
import { api } from '../../../lib/http-client';
import { csrfHeaders, moderationApiPath, moderationKeys } from './moderation-api';
import type { RejectReason } from '@/shared/moderation/reject-reasons';
import type { ModerationMedia } from '@/shared/moderation/wire';
import { moderationDetailSchema, type ModerationDetail } from './moderation-schema';

/** A rejection: a reason from the fixed list, with what that reason needs (the server's rejectBody). */
export type RejectChange =
  | { kind: 'reject'; reason: 'duplicate'; original: string }
  | { kind: 'reject'; reason: Exclude<RejectReason, 'duplicate'>; where?: string; note?: string };

/** What a moderator can do to a request; each maps onto one endpoint. */
export type RequestChange =
  | { kind: 'publish' }
  | RejectChange
  | { kind: 'edit'; title?: string | null; description?: string }
  | { kind: 'remove-media'; position: ModerationMedia['position'] }
  | { kind: 'status'; detailed_status: string[]; status_notes: string }
  | { kind: 'duplicate'; original: string }
  | { kind: 'move'; lat: number; long: number }
  | { kind: 'service-type'; service_code: string }
  | { kind: 'retry-forward' }
  | { kind: 'case-system-note'; text: string }
  | { kind: 'resolve-abuse'; action: 'keep' | 'hide' }
  | { kind: 'assign'; moderator: string | null }
  | { kind: 'internal-note'; text: string };

/** Sends one change with the CSRF header; the server answers the request as it now is. */
export async function sendRequestChange({
  id,
  change,
  csrfToken,
  locale,
}: {
  id: string;
  change: RequestChange;
  csrfToken: string;
  locale: SupportedLocale;
}): Promise<ModerationDetail> {
  const base = moderationApiPath(`/requests/${encodeURIComponent(id)}`);
  const options = { headers: csrfHeaders(csrfToken), query: { locale } };
  let body: unknown;
  switch (change.kind) {
    case 'publish':
      body = await api.post(`${base}/publish`, {}, options);
      break;
    case 'reject': {
      const { kind: _kind, ...rejection } = change;
      body = await api.post(`${base}/reject`, rejection, options);
      break;
    }
    case 'edit': {
      const { kind: _kind, ...fields } = change;
      body = await api.patch(base, fields, options);
      break;
    }
    case 'remove-media':
      body = await api.delete(`${base}/media/${encodeURIComponent(String(change.position))}`, options);
      break;
    case 'status':
      body = await api.post(`${base}/status`, { detailed_status: change.detailed_status, status_notes: change.status_notes }, options);
      break;
    case 'duplicate':
      body = await api.post(`${base}/duplicate`, { original: change.original }, options);
      break;
    case 'move':
      body = await api.post(`${base}/location`, { lat: change.lat, long: change.long }, options);
      break;
    case 'service-type':
      body = await api.post(`${base}/service-type`, { service_code: change.service_code }, options);
      break;
    case 'retry-forward':
      body = await api.post(`${base}/forward/retry`, {}, options);
      break;
    case 'case-system-note':
      body = await api.post(`${base}/case-system-note`, { text: change.text }, options);
      break;
    case 'resolve-abuse':
      body = await api.post(`${base}/abuse/resolve`, { action: change.action }, options);
      break;
    case 'assign':
      body = await api.post(`${base}/assignee`, { moderator: change.moderator }, options);
      break;
    case 'internal-note':
      body = await api.post(`${base}/internal-notes`, { text: change.text }, options);
      break;
  }
  return moderationDetailSchema.parse(body);
}

/**
 * One change to one request. Each action component holds its own, so each shows its own
 * progress and error. On success the page shows the answer at once and the lists refresh.
 */
export function useRequestChange({ id, csrfToken, locale }: { id: string; csrfToken: string; locale: SupportedLocale }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['moderation', 'change', id],
    mutationFn: (change: RequestChange) => sendRequestChange({ id, change, csrfToken, locale }),
    onSuccess: (detail) => {
      // Other languages' copies are out of date; this one is replaced by the answer itself.
      void queryClient.invalidateQueries({ queryKey: moderationKeys.requestAll(id), refetchType: 'none' });
      queryClient.setQueryData(moderationKeys.request(id, locale), detail);
      void queryClient.invalidateQueries({ queryKey: moderationKeys.queueAll });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.listAll });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.audit });
    },
  });
}
