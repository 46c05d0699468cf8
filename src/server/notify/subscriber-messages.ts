/**
 * The emails residents get about a request: the receipt, an update on each public change, the
 * closing message, and a follow's confirmation. Each is written per recipient in the recipient's
 * language, with a plain-text and an HTML part and a one-click unsubscribe link that ends that
 * recipient's subscription only. Followers see only what the public page shows (title or type,
 * status, public notes); the description goes to the reporter, whose own text it is.
 */
import { resolveLocale, type SupportedLocale } from '../../shared/locales';
import { translationOf } from '../open311/presenter';
import { publicStatusNotes, type RejectionFacts } from '../open311/public-notices';
import type { ModerationSnapshot, NewOutboxMessage, QuestionnaireMessage, Recipient, RecipientMessage, ServiceTypeRecord } from '../storage/repositories/types';
import { composeClosedRequestMessage } from './closed-request-message';
import { detailedStatusWords } from './detailed-status-words';
import { htmlFromText } from './html-part';
import type { MailLinks } from './mail-links';
import { newMessageId } from './message-id';
import { mergeTexts } from './merge-texts';
import { questionnaireTexts } from './questionnaire-texts';
import { updateTexts } from './update-texts';

export interface MessageSettings {
  links: MailLinks;
  timeZone: string;
  mailFrom: string;
  /** Names a request by its service type when it has no title. */
  serviceTypes: ServiceTypeRecord[];
  now: number;
}

export type RequestFacts = Pick<
  ModerationSnapshot,
  'service_request_id' | 'service_code' | 'title' | 'description' | 'requested_at' | 'detailed_status' | 'status_notes'
> &
  RejectionFacts;

export type UpdateKind = 'published' | 'status' | 'note' | 'reopened';

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
export const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export function subjectLineOf(request: RequestFacts, locale: SupportedLocale, settings: MessageSettings): string {
  const type = settings.serviceTypes.find((candidate) => candidate.service_code === request.service_code);
  return oneLine(request.title || (type ? translationOf(type, locale).service_name : request.service_code));
}

/**
 * Why the recipient gets a message: the reporter made the report, a confirmed follower follows it;
 * a follow not yet confirmed only had this address given, and hears nothing more unless confirmed;
 * a report's address not confirmed yet (`given`) was only typed by whoever reported.
 */
export type RecipientState = 'reporter' | 'follower' | 'pending' | 'given';

const stateOf = (recipient: Recipient): RecipientState => (recipient.role === 'reporter' ? 'reporter' : 'follower');

/** Addresses the words to one recipient: why they get it, how to stop, both parts, a stable Message-ID. */
function addressed(
  recipient: Recipient,
  request: RequestFacts,
  settings: MessageSettings,
  content: { locale: SupportedLocale; subject: string; text: string },
  state: RecipientState = stateOf(recipient),
  ownLinks: readonly string[] = [],
): NewOutboxMessage {
  const t = updateTexts[content.locale];
  const unsubscribeUrl = settings.links.unsubscribeUrl(recipient.subscription_id);
  const [body, signature = t.footer] = content.text.replace(/\n+$/, '').split('\n-- \n');
  const why = { reporter: t.whyReporter, follower: t.whyFollower, pending: t.whyPending, given: t.whyGiven }[state];
  const stop = { reporter: t.unsubscribe, follower: t.unsubscribe, pending: t.unsubscribePending, given: t.unsubscribeGiven }[state];
  const text = [body!.replace(/\n+$/, ''), '', '-- ', why, stop, unsubscribeUrl, '', signature, ''].join('\n');
  return {
    message_id: newMessageId(settings.mailFrom),
    service_request_id: request.service_request_id,
    to_address: recipient.email,
    locale: content.locale,
    subject: content.subject,
    body_text: text,
    // Only the links this message was written with are clickable, never anything in resident text.
    body_html: htmlFromText(text, content.locale, content.subject, [
      unsubscribeUrl,
      settings.links.requestUrl(request.service_request_id),
      settings.links.confirmUrl(recipient.subscription_id),
      ...ownLinks,
    ]),
    unsubscribe_url: unsubscribeUrl,
    created_at: settings.now,
  };
}

export type Texts = (typeof updateTexts)[SupportedLocale];

/**
 * A message in each recipient's language: `lines` gets its texts and the request's subject line;
 * the subject is the message's own word and that line.
 */
export function written(
  request: RequestFacts,
  settings: MessageSettings,
  subjectOf: (t: Texts, locale: SupportedLocale) => string,
  lines: (t: Texts, subjectLine: string, recipient: Recipient, locale: SupportedLocale) => string[],
  state?: RecipientState,
  ownLinks?: readonly string[],
): RecipientMessage {
  return (recipient) => {
    const locale = resolveLocale(recipient.locale);
    const t = updateTexts[locale];
    const subjectLine = subjectLineOf(request, locale, settings);
    const text = lines(t, subjectLine, recipient, locale).join('\n');
    return addressed(recipient, request, settings, { locale, subject: subjectWith(subjectOf(t, locale), truncate(subjectLine, 80)), text }, state, ownLinks);
  };
}

/** Which request a message is about, as every message names it. */
/** "Status changed: Pothole", but "Was the problem fixed? – Pothole": no colon after a question. */
export const subjectWith = (lead: string, subjectLine: string) => (/[?!]$/.test(lead) ? `${lead} – ${subjectLine}` : `${lead}: ${subjectLine}`);

export const reportLine = (t: Texts, subjectLine: string, request: RequestFacts) => `${t.report}: ${subjectLine} (${request.service_request_id})`;

/** A new report's facts for its receipt: with the body it goes to, when one is named (the city's words), and the reporter's first name if given. */
export type ReceiptFacts = RequestFacts & { agency_responsible?: string; first_name?: string | null };

/** "It goes to City of Espoo.", or nothing when no body is named. */
export const goesToLines = (t: Texts, request: ReceiptFacts): string[] => {
  const body = request.agency_responsible?.trim();
  return body ? [t.goesTo.replace('{body}', body)] : [];
};

export function receiptMessage(request: ReceiptFacts, settings: MessageSettings): RecipientMessage {
  const firstName = oneLine(request.first_name ?? '').slice(0, 60);
  return written(request, settings, (t) => t.receiptSubject, (t, subjectLine) => [
    firstName ? t.greetingNamed.replace('{name}', firstName) : t.greeting,
    '',
    t.receiptIntro,
    '',
    reportLine(t, subjectLine, request),
    `${t.status}: ${t.statusNames.RECEIVED}`,
    ...goesToLines(t, request),
    '',
    t.description,
    request.description.trim(),
    '',
    t.next,
    '',
    t.track,
    settings.links.requestUrl(request.service_request_id),
  ]);
}

/** An update after a public change; `request` is the request as it is after the change. */
export function updateMessage(kind: UpdateKind, request: RequestFacts, settings: MessageSettings): RecipientMessage {
  // The notes as the public reads them in the recipient's language (a rejection's reason in words).
  const notesIn = (locale: SupportedLocale) => publicStatusNotes(request, locale).trim();
  return written(request, settings, (t) => t.updateSubject, (t, subjectLine, _recipient, locale) => [
    t.greeting,
    '',
    { published: t.published, status: t.statusChanged, note: t.noteAdded, reopened: questionnaireTexts[locale].reopened }[kind],
    '',
    reportLine(t, subjectLine, request),
    `${t.status}: ${detailedStatusWords(locale, request.detailed_status, t.statusNames)}`,
    ...(notesIn(locale) ? ['', t.notes, notesIn(locale)] : []),
    '',
    t.track,
    settings.links.requestUrl(request.service_request_id),
  ]);
}

/** Closing keeps its own email for the reporter; a follower gets the status update. */
export function closingMessage(request: RequestFacts, settings: MessageSettings): RecipientMessage {
  const followerUpdate = updateMessage('status', request, settings);
  return (recipient) => {
    if (recipient.role !== 'reporter') return followerUpdate(recipient);
    const locale = resolveLocale(recipient.locale);
    const message = composeClosedRequestMessage({
      locale,
      serviceRequestId: request.service_request_id,
      subjectLine: subjectLineOf(request, locale, settings),
      requestedAt: request.requested_at,
      closedAs: request.detailed_status[0] ?? 'PROCESSED',
      detailedStatus: request.detailed_status,
      statusNotes: publicStatusNotes(request, locale),
      trackUrl: settings.links.requestUrl(request.service_request_id),
      timeZone: settings.timeZone,
    });
    return addressed(recipient, request, settings, message);
  };
}

/** Goes to an address not confirmed yet: its footer says so, not "because you follow". */
export function confirmationMessage(request: RequestFacts, settings: MessageSettings): RecipientMessage {
  return written(
    request,
    settings,
    (t) => t.confirmSubject,
    (t, subjectLine, recipient) => [
      t.greeting,
      '',
      t.confirmIntro,
      settings.links.confirmUrl(recipient.subscription_id),
      '',
      reportLine(t, subjectLine, request),
      settings.links.requestUrl(request.service_request_id),
      '',
      t.confirmIgnore,
    ],
    'pending',
  );
}

/**
 * To a duplicate's reporter and followers, once, as they move to the original's updates: which
 * report was merged into which, and what they get from now on. Written for their subscription to
 * the original, whose link it gives.
 */
export function mergedMessage(duplicate: RequestFacts, original: RequestFacts, settings: MessageSettings): RecipientMessage {
  return (recipient) => {
    const locale = resolveLocale(recipient.locale);
    const t = updateTexts[locale];
    const merge = mergeTexts[locale];
    const originalLine = subjectLineOf(original, locale, settings);
    const text = [
      t.greeting,
      '',
      merge.intro,
      '',
      `${merge.duplicate}: ${subjectLineOf(duplicate, locale, settings)} (${duplicate.service_request_id})`,
      `${merge.original}: ${originalLine} (${original.service_request_id})`,
      `${t.status}: ${detailedStatusWords(locale, original.detailed_status, t.statusNames)}`,
      '',
      merge.from_now,
      '',
      t.track,
      settings.links.requestUrl(original.service_request_id),
    ].join('\n');
    return addressed(recipient, original, settings, { locale, subject: `${merge.subject}: ${truncate(originalLine, 80)}`, text });
  };
}

/**
 * To the reporter, once, some weeks after the request closed: was it fixed? Two signed links,
 * each opening a page whose button answers (a mail scanner's fetch answers nothing).
 */
export function questionnaireMessage(request: RequestFacts, settings: MessageSettings): QuestionnaireMessage {
  return (recipient, questionnaireId) => {
    const fixedUrl = settings.links.answerUrl(questionnaireId, 'fixed');
    const notFixedUrl = settings.links.answerUrl(questionnaireId, 'not_fixed');
    const message = written(
      request,
      settings,
      (_t, locale) => questionnaireTexts[locale].subject,
      (t, subjectLine, _recipient, locale) => {
        const q = questionnaireTexts[locale];
        return [t.greeting, '', q.intro, '', reportLine(t, subjectLine, request), '', q.question, '', q.fixedLink, fixedUrl, '', q.notFixedLink, notFixedUrl, '', q.noAnswer];
      },
      undefined,
      [fixedUrl, notFixedUrl],
    );
    return message(recipient);
  };
}
