import type { TFunction } from 'i18next';
import type { AuditAction } from '@/shared/moderation/audit-actions';
import { isRejectReason } from '@/shared/moderation/reject-reasons';
import type { AuditEntry } from '../api/moderation-schema';

/**
 * An audit entry as sentences in the moderator's language (issue 41, item 10), with the values
 * it names in words: statuses by their label, service types and bodies by their name. The log
 * holds no texts or personal data, so neither do these. One sentence maker per action the server
 * writes (a `Record` over its list, so the type checker asks for a new action's words); an action
 * of a later server reads as a generic sentence, never as its code.
 */
export interface AuditWords {
  t: TFunction<'moderation'>;
  /** A detailed status value's label. */
  status: (value: string) => string;
  /** A service type's name in the UI language, when the service list has it. */
  serviceName: (code: string) => string | undefined;
  /** A body's name in the UI language, when the bodies list has it. */
  bodyName: (id: string) => string | undefined;
  /** "title and description": items joined as the language joins a list. */
  list: (items: string[]) => string;
  coordinates: (lat: number, long: number) => string;
}

type Details = Record<string, unknown>;
type Sentence = (details: Details, words: AuditWords) => string;

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const point = (value: unknown): { lat: number; long: number } | undefined => {
  const { lat, long } = (value ?? {}) as Details;
  return typeof lat === 'number' && typeof long === 'number' ? { lat, long } : undefined;
};

const statusWords = (values: string[], { t, status }: AuditWords) => (values.length ? values.map(status).join(' · ') : t('audit.values.noStatus'));
const typeWords = (code: unknown, { t, serviceName }: AuditWords) => {
  const value = text(code);
  return value === undefined ? t('audit.values.unknownType') : (serviceName(value) ?? t('audit.values.typeNotListed', { code: value }));
};
const bodyWords = (id: unknown, { t, bodyName }: AuditWords) => {
  const value = text(id);
  return value === undefined ? t('audit.values.noBody') : (bodyName(value) ?? t('audit.values.bodyNotListed', { id: value }));
};

/** "The report moved from body A to body B." when a move or a type change handed it over. */
const bodyMoved = (details: Details, words: AuditWords) => {
  const body = details.body as Details | undefined;
  if (!body || typeof body !== 'object') return [];
  return [words.t('audit.sentences.bodyChanged', { from: bodyWords(body.from, words), to: bodyWords(body.to, words) })];
};

/** Status and public notes, as a moderator's, a resident update's or a case system's change left them. */
const statusChange = (details: Details, words: AuditWords, who: 'status' | 'caseSystem') => {
  const from = texts(details.from);
  const to = texts(details.to);
  const statusChanged = from.join(',') !== to.join(',');
  if (!statusChanged) return words.t(`audit.sentences.${who}NotesOnly`);
  const values = { from: statusWords(from, words), to: statusWords(to, words) };
  return details.status_notes_changed ? words.t(`audit.sentences.${who}AndNotes`, values) : words.t(`audit.sentences.${who}`, values);
};

/** How the report's body heard of a reopen or an update: the senders' words (forwarding/senders/*.ts `reopened`, `updated`). */
const reopenTold = {
  console_flag: 'audit.sentences.toldConsole',
  in_console: 'audit.sentences.toldConsole',
  department_email: 'audit.sentences.toldEmail',
  not_told_department: 'audit.sentences.notToldDepartment',
  case_system_update: 'audit.sentences.toldCaseSystem',
  not_told_case_system: 'audit.sentences.notToldCaseSystem',
} as const;
const toldOf = (value: unknown) => (typeof value === 'string' && Object.hasOwn(reopenTold, value) ? reopenTold[value as keyof typeof reopenTold] : undefined);

const sentences: Record<AuditAction, Sentence> = {
  sign_in: (_, { t }) => t('audit.sentences.sign_in'),
  sign_out: (_, { t }) => t('audit.sentences.sign_out'),
  publish: (_, { t }) => t('audit.sentences.publish'),
  reject: (details, { t }) => {
    // Since issue 41, item 3 the entry names its reason's code; older entries only whether a free reason was given.
    if (isRejectReason(details.reason)) return t('audit.sentences.rejectFor', { reason: t(`rejectReasons.${details.reason}`) });
    return details.reason_given ? t('audit.sentences.rejectWithReason') : t('audit.sentences.reject');
  },
  edit: (details, { t, list }) => {
    const fields = texts(details.fields).map((field) => (field === 'title' || field === 'description' ? t(`audit.fields.${field}`) : t('audit.fields.other')));
    return t('audit.sentences.edit', { fields: list(fields.length ? fields : [t('audit.fields.other')]) });
  },
  remove_media: (details, { t }) => {
    if (details.media === 'external') return t('audit.sentences.removeLinkedPhoto');
    const position = count(details.media);
    return position === undefined ? t('audit.sentences.removeSomePhoto') : t('audit.sentences.removePhoto', { number: position + 1 });
  },
  status: (details, words) => statusChange(details, words, 'status'),
  duplicate: (details, { t }) => {
    const moved = count(details.subscribers_moved);
    const marked = t('audit.sentences.duplicate', { id: text(details.original) ?? '?' });
    return moved ? `${marked} ${t('audit.sentences.duplicateFollowersMoved', { count: moved })}` : marked;
  },
  merge_duplicate: (details, { t }) => {
    const moved = count(details.subscribers_moved);
    const merged = t('audit.sentences.merge_duplicate', { id: text(details.duplicate) ?? '?' });
    return moved ? `${merged} ${t('audit.sentences.mergeFollowersMoved', { count: moved })}` : merged;
  },
  move: (details, words) => {
    const from = point(details.from);
    const to = point(details.to);
    const moved = from && to ? words.t('audit.sentences.move', { from: words.coordinates(from.lat, from.long), to: words.coordinates(to.lat, to.long) }) : words.t('audit.sentences.moveSomewhere');
    return [moved, ...bodyMoved(details, words)].join(' ');
  },
  service_type: (details, words) =>
    [words.t('audit.sentences.service_type', { from: typeWords(details.from, words), to: typeWords(details.to, words) }), ...bodyMoved(details, words)].join(' '),
  publish_update: (details, words) => {
    const published = words.t('audit.sentences.publish_update', { id: count(details.update) ?? '?' });
    const told = toldOf(details.body_told);
    return [published, ...(details.to === undefined ? [] : [statusChange(details, words, 'status')]), ...(told ? [words.t(told)] : [])].join(' ');
  },
  reject_update: (details, { t }) => t('audit.sentences.reject_update', { id: count(details.update) ?? '?' }),
  abuse_reported: (details, { t }) => (details.email_given ? t('audit.sentences.abuseReportedWithEmail') : t('audit.sentences.abuse_reported')),
  abuse_resolved: (details, { t }) =>
    t(details.resolution === 'hide' ? 'audit.sentences.abuseHidden' : 'audit.sentences.abuseKept', { count: count(details.reports) ?? 1 }),
  forward_retry: (_, { t }) => t('audit.sentences.forward_retry'),
  forwarded: (details, words) => {
    const values = { body: bodyWords(details.body, words), ref: text(details.remote_id) };
    const sent = details.method === 'email' ? words.t('audit.sentences.forwardedEmail', values) : words.t('audit.sentences.forwarded', values);
    return values.ref ? `${sent} ${words.t('audit.sentences.forwardedRef', values)}` : sent;
  },
  case_system_update: (details, words) => `${words.t('audit.sentences.case_system_update', { body: bodyWords(details.body, words) })} ${statusChange(details, words, 'caseSystem')}`,
  case_system_note: (details, words) => {
    const told = toldOf(details.body_told);
    return [words.t('audit.sentences.case_system_note'), ...(told ? [words.t(told)] : [])].join(' ');
  },
  questionnaire_fixed: (_, { t }) => t('audit.sentences.questionnaire_fixed'),
  questionnaire_not_fixed: (_, { t }) => t('audit.sentences.questionnaire_not_fixed'),
  response_create: (details, words) => words.t('audit.sentences.response_create', { id: count(details.response) ?? '?', body: bodyWords(details.body, words) }),
  response_edit: (details, words) => words.t('audit.sentences.response_edit', { id: count(details.response) ?? '?', body: bodyWords(details.body, words) }),
  response_delete: (details, words) => words.t('audit.sentences.response_delete', { id: count(details.response) ?? '?', body: bodyWords(details.body, words) }),
  reopen_by_reporter: (details, words) => {
    const reopened = words.t('audit.sentences.reopen_by_reporter', { from: statusWords(texts(details.from), words) });
    const told = toldOf(details.body_told);
    return told ? `${reopened} ${words.t(told)}` : reopened;
  },
  assign: (details, { t }) => {
    const values = { from: text(details.from) ?? '?', to: text(details.to) ?? '?' };
    return text(details.from) === undefined ? t('audit.sentences.assign', values) : t('audit.sentences.reassign', values);
  },
  unassign: (details, { t }) => t('audit.sentences.unassign', { from: text(details.from) ?? '?' }),
  internal_note: (_, { t }) => t('audit.sentences.internal_note'),
  // Whether the caller left an email (their receipt went there); never who they are.
  recorded_by_staff: (details, { t }) => t(details.email_given === true ? 'audit.sentences.recordedByStaffWithEmail' : 'audit.sentences.recorded_by_staff'),
};

export const describedActions = Object.keys(sentences) as AuditAction[];

const isDescribed = (action: string): action is AuditAction => Object.hasOwn(sentences, action);

/** The entry in words: what was done, then whether the reporter and followers were emailed. */
export function auditSentence(entry: Pick<AuditEntry, 'action' | 'details'>, words: AuditWords): string {
  const details = entry.details;
  const done = isDescribed(entry.action) ? sentences[entry.action](details, words) : words.t('audit.sentences.unknown');
  return details.notified ? `${done} ${words.t('audit.sentences.notified')}` : done;
}

/** Who did it: the server names the reporter, a resident and the case system by fixed words, which read in the UI language. */
const actorOf: Partial<Record<AuditAction, 'reporter' | 'resident' | 'caseSystem'>> = {
  abuse_reported: 'resident',
  questionnaire_fixed: 'reporter',
  questionnaire_not_fixed: 'reporter',
  reopen_by_reporter: 'reporter',
  forwarded: 'caseSystem',
  case_system_update: 'caseSystem',
};

export function auditActor(entry: Pick<AuditEntry, 'action' | 'moderator'>, t: TFunction<'moderation'>): string {
  const actor = isDescribed(entry.action) ? actorOf[entry.action] : undefined;
  return actor ? t(`audit.actors.${actor}`) : entry.moderator;
}
