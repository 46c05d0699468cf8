/**
 * A request as the moderator console sees it (ModerationItem, src/shared/moderation/wire.ts):
 * `public` is exactly what GET /open311/v1/requests/{id}.json?extensions=true answers (so the
 * console previews what the public will see; a rejected request's own text, photos and place,
 * which that answer withholds, are still shown here), `private` holds the personal fields that never
 * appear there, and `media` names the photos by the position DELETE …/media/{position} takes.
 */
import { resolveLocale } from '../../shared/locales';
import type { SupportedLocale } from '../../shared/locales';
import type { ServiceRequest } from '../../shared/georeport/types';
import type { LikelyDuplicate, ModerationAbuseReport, ModerationAnswer, ModerationForward, ModerationItem } from '../../shared/moderation/wire';
import { mediaUrl } from '../media/routes';
import { flagsOf, isOverdue } from './flags';
import { localizedAttribute, presentServiceRequests, type PresentOptions } from '../open311/presenter';
import { jsonItems } from '../open311/serializers/json';
import type { AbuseReport, AuditEntry, ForwardEntry, Questionnaire, ServiceRequestRecord, ServiceTypeRecord } from '../storage/repositories/types';
import { formatW3cDateTime } from '../time/w3c';

export interface ViewOptions {
  locale: string | undefined;
  timeZone: string;
  baseUrl: string;
  /** The requests' public history, as the public answer shows it. */
  history?: PresentOptions['history'];
  /** Each request's likely duplicates, by id (none when absent). */
  duplicates?: ReadonlyMap<string, LikelyDuplicate[]>;
  /** Each request's send to its body's case system, by id (none when absent). */
  forwards?: ReadonlyMap<string, ForwardEntry>;
  /** The ids of the bodies whose case system takes a moderator's note (none when absent). */
  bodiesTakingNotes?: ReadonlySet<string>;
  /** Each request's questionnaire (issue 28), by id. */
  questionnaires?: ReadonlyMap<string, Questionnaire>;
  /** Each request's open reports of abuse, by id. */
  abuseReports?: ReadonlyMap<string, AbuseReport[]>;
  /** The time a request is judged overdue at (epoch ms); absent: none is. */
  now?: number;
  /** Each request's assignee's name, by id (issue 41, item 5), and the moderator who asks: their own are marked. */
  assignees?: ReadonlyMap<string, string>;
  moderator?: string;
}

export function presentModerationItems(
  records: ServiceRequestRecord[],
  serviceTypes: ServiceTypeRecord[],
  options: ViewOptions,
): ModerationItem[] {
  const presentOptions: PresentOptions = {
    locale: resolveLocale(options.locale),
    timeZone: options.timeZone,
    baseUrl: options.baseUrl,
    history: options.history,
    // Moderators read what they rejected; the public answer withholds it (presenter.ts).
    revealWithheld: true,
  };
  // The very value the GeoReport JSON serializer writes, so the preview cannot drift from the public answer.
  const publicBodies = jsonItems(presentServiceRequests(records, serviceTypes, true, presentOptions));
  return records.map((record, index) => presentItem(record, publicBodies[index]!, serviceTypes, presentOptions.locale, options));
}

function presentItem(
  record: ServiceRequestRecord,
  publicBody: ServiceRequest,
  serviceTypes: ServiceTypeRecord[],
  locale: SupportedLocale,
  options: ViewOptions,
): ModerationItem {
  const id = record.service_request_id;
  const likelyDuplicates = options.duplicates?.get(id) ?? [];
  const forward = options.forwards?.get(id);
  const abuseReports = options.abuseReports?.get(id) ?? [];
  const reopenedByReporter = record.status === 'open' && options.questionnaires?.get(id)?.answer === 'not_fixed';
  const serviceType = serviceTypes.find((type) => type.service_code === record.service_code);
  const overdue = options.now !== undefined && isOverdue(record, serviceType, options.now);
  return {
    service_request_id: id,
    moderation: record.moderation,
    public: publicBody,
    private: {
      email: record.email,
      first_name: record.first_name,
      last_name: record.last_name,
      phone: record.phone,
      device_id: record.device_id,
      account_id: record.account_id,
      locale: record.locale,
    },
    media: [
      ...(record.external_media_url ? [{ position: 'external' as const, url: record.external_media_url }] : []),
      ...record.media.map((media) => ({
        position: media.position,
        url: mediaUrl(options.baseUrl, media.file_name),
        content_type: media.content_type,
        byte_size: media.byte_size,
      })),
    ],
    answers: presentAnswers(record, serviceTypes, locale),
    duplicate_of: record.duplicate_of,
    likely_duplicates: likelyDuplicates,
    forward: presentForward(forward, options.timeZone, record.body_id !== null && (options.bodiesTakingNotes?.has(record.body_id) ?? false)),
    reopened_by_reporter: reopenedByReporter,
    abuse_reports: abuseReports.map((report) => presentAbuseReport(report, options.timeZone)),
    flags: flagsOf({ openAbuseReports: abuseReports.length, reopenedByReporter, forward, overdue, likelyDuplicates: likelyDuplicates.length, assignedToMe: options.moderator !== undefined && options.assignees?.get(id) === options.moderator }),
  };
}

/** The request's attribute answers in the definition's order; an answer to a question since removed keeps its code. */
function presentAnswers(record: ServiceRequestRecord, serviceTypes: ServiceTypeRecord[], locale: SupportedLocale): ModerationAnswer[] {
  const definitions = (serviceTypes.find((type) => type.service_code === record.service_code)?.attributes ?? []).map((attribute) =>
    localizedAttribute(attribute, locale),
  );
  const position = (code: string) => {
    const index = definitions.findIndex((definition) => definition.code === code);
    return index < 0 ? definitions.length : index;
  };
  return Object.entries(record.attributes)
    .sort(([a], [b]) => position(a) - position(b))
    .map(([code, value]) => {
      const definition = definitions.find((candidate) => candidate.code === code);
      const named = (key: string) => definition?.values.find((option) => option.key === key)?.name ?? key;
      return {
        code,
        question: definition?.description ?? code,
        datatype: definition?.datatype ?? 'string',
        answers: (Array.isArray(value) ? value : [value]).map(named),
      };
    });
}

/**
 * A forward job as moderators see it: its state, attempts and the case system's words, never its
 * key; `takesNotes`: the request's body (the one a note's plan asks) hears a moderator's note.
 */
export function presentForward(entry: ForwardEntry | undefined, timeZone: string, takesNotes: boolean): ModerationForward | null {
  if (!entry) return null;
  const state = entry.sent_at !== null ? 'sent' : entry.failed_at !== null ? 'failed' : 'pending';
  const time = (at: number | null) => (at === null ? null : formatW3cDateTime(at, timeZone));
  return {
    method: entry.method,
    state,
    attempts: entry.attempts,
    last_error: entry.last_error,
    remote_id: entry.remote_id,
    sent_at: time(entry.sent_at),
    next_attempt_at: state === 'pending' ? time(entry.next_attempt_at) : null,
    takes_notes: takesNotes,
  };
}

function presentAbuseReport(report: AbuseReport, timeZone: string): ModerationAbuseReport {
  return { id: report.id, reason: report.reason, email: report.email, reported_at: formatW3cDateTime(report.created_at, timeZone) };
}

export function presentAuditEntry(entry: AuditEntry, timeZone: string) {
  return { ...entry, at: formatW3cDateTime(entry.at, timeZone) };
}
