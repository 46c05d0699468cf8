/**
 * The outbox message that tells a requester their request was closed: the facts of the request
 * put into composeClosedRequestMessage's words, addressed and ready for the outbox sender.
 */
import { resolveLocale } from '../../shared/locales';
import { translationOf } from '../open311/presenter';
import type { ModerationSnapshot, NewOutboxMessage, ServiceTypeRecord } from '../storage/repositories/types';
import { composeClosedRequestMessage } from './closed-request-message';
import { newMessageId } from './message-id';

export interface ClosingNotificationSettings {
  /** PUBLIC_BASE_URL, the tracking link's base; unset, the email has no link. */
  baseUrl: string | undefined;
  timeZone: string;
  mailFrom: string;
  /** Names the request by its service type when it has no title. */
  serviceTypes: ServiceTypeRecord[];
  now: number;
}

/** The email for `current`, closed as `closedAs` (PROCESSED, ARCHIVED or REJECTED) with these notes. */
export function closingNotification(
  current: ModerationSnapshot,
  closedAs: string,
  statusNotes: string,
  settings: ClosingNotificationSettings,
): NewOutboxMessage {
  const type = settings.serviceTypes.find((candidate) => candidate.service_code === current.service_code);
  const language = resolveLocale(current.locale);
  const message = composeClosedRequestMessage({
    locale: language,
    serviceRequestId: current.service_request_id,
    subjectLine: current.title || (type ? translationOf(type, language).service_name : current.service_code),
    requestedAt: current.requested_at,
    closedAs,
    statusNotes,
    trackUrl: settings.baseUrl && `${settings.baseUrl}/requests/${encodeURIComponent(current.service_request_id)}`,
    timeZone: settings.timeZone,
  });
  return {
    message_id: newMessageId(settings.mailFrom),
    service_request_id: current.service_request_id,
    to_address: current.email!,
    locale: message.locale,
    subject: message.subject,
    body_text: message.text,
    created_at: settings.now,
  };
}
