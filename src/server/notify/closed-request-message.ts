import type { SupportedLocale } from '../../shared/locales';
import { resolveLocale } from '../../shared/locales';
import { detailedStatusWords } from './detailed-status-words';

/** What the requester is told when their request is closed, in the language they wrote in. */
export interface ClosedRequestFacts {
  locale: string;
  serviceRequestId: string;
  /** The request's title, else its service type's name. */
  subjectLine: string;
  requestedAt: number;
  /** The base detailed status that closed it: PROCESSED, ARCHIVED or REJECTED. */
  closedAs: string;
  /** The whole detailed status, when it says more than `closedAs` (a public works stage after it). */
  detailedStatus?: readonly string[];
  statusNotes: string;
  /** Absent without PUBLIC_BASE_URL: a link built from a request's Host could point anywhere. */
  trackUrl?: string;
  timeZone: string;
}

interface Texts {
  subjectResolved: string;
  subjectRejected: string;
  greeting: string;
  resolved: string;
  rejected: string;
  report: string;
  sent: string;
  status: string;
  statusNames: Record<'PROCESSED' | 'ARCHIVED' | 'REJECTED', string>;
  notes: string;
  reason: string;
  track: string;
  /** Short lines: a message of short ASCII lines travels unencoded, links and all. */
  footer: string;
  dateLocale: string;
}

const texts: Record<SupportedLocale, Texts> = {
  fi: {
    subjectResolved: 'Ilmoituksesi on käsitelty',
    subjectRejected: 'Ilmoituksesi on suljettu',
    greeting: 'Hei,',
    resolved: 'Kiitos ilmoituksestasi. Se on nyt käsitelty ja suljettu.',
    rejected: 'Kiitos ilmoituksestasi. Olemme käsitelleet sen ja sulkeneet sen ilman toimenpiteitä.',
    report: 'Ilmoitus',
    sent: 'Lähetetty',
    status: 'Tila',
    statusNames: { PROCESSED: 'Käsitelty', ARCHIVED: 'Käsitelty ja arkistoitu', REJECTED: 'Hylätty' },
    notes: 'Kaupungin vastaus:',
    reason: 'Perustelu:',
    track: 'Ilmoituksen ja sen tilan näet täältä:',
    footer: 'Tämä viesti on lähetetty automaattisesti.\nSiihen vastaaminen ei tavoita käsittelijää.',
    dateLocale: 'fi-FI',
  },
  sv: {
    subjectResolved: 'Din anmälan har behandlats',
    subjectRejected: 'Din anmälan har avslutats',
    greeting: 'Hej,',
    resolved: 'Tack för din anmälan. Den har nu behandlats och avslutats.',
    rejected: 'Tack för din anmälan. Vi har granskat den och avslutat den utan åtgärder.',
    report: 'Anmälan',
    sent: 'Skickad',
    status: 'Status',
    statusNames: { PROCESSED: 'Behandlad', ARCHIVED: 'Behandlad och arkiverad', REJECTED: 'Avvisad' },
    notes: 'Stadens svar:',
    reason: 'Motivering:',
    track: 'Du kan se anmälan och dess status här:',
    footer: 'Detta meddelande har skickats automatiskt.\nSvar på det når inte handläggaren.',
    dateLocale: 'sv-FI',
  },
  en: {
    subjectResolved: 'Your report has been handled',
    subjectRejected: 'Your report has been closed',
    greeting: 'Hello,',
    resolved: 'Thank you for your report. It has now been handled and closed.',
    rejected: 'Thank you for your report. We have reviewed it and closed it without further action.',
    report: 'Report',
    sent: 'Sent',
    status: 'Status',
    statusNames: { PROCESSED: 'Resolved', ARCHIVED: 'Resolved and archived', REJECTED: 'Rejected' },
    notes: 'Reply from the city:',
    reason: 'Reason:',
    track: 'You can see the report and its status here:',
    footer: 'This message was sent automatically.\nReplies to it do not reach the people handling reports.',
    dateLocale: 'en-GB',
  },
};

export function composeClosedRequestMessage(facts: ClosedRequestFacts): { locale: SupportedLocale; subject: string; text: string } {
  const locale = resolveLocale(facts.locale);
  const t = texts[locale];
  const rejected = facts.closedAs === 'REJECTED';
  const baseName = t.statusNames[facts.closedAs as keyof Texts['statusNames']] ?? t.statusNames.PROCESSED;
  const statusName = detailedStatusWords(locale, facts.detailedStatus ?? [facts.closedAs], { ...t.statusNames, [facts.closedAs]: baseName });
  const sentAt = new Intl.DateTimeFormat(t.dateLocale, { dateStyle: 'long', timeStyle: 'short', timeZone: facts.timeZone }).format(
    facts.requestedAt,
  );
  const notes = facts.statusNotes.trim();
  const lines = [
    t.greeting,
    '',
    rejected ? t.rejected : t.resolved,
    '',
    `${t.report}: ${oneLine(facts.subjectLine)} (${facts.serviceRequestId})`,
    `${t.sent}: ${sentAt}`,
    `${t.status}: ${statusName}`,
    ...(notes ? ['', rejected ? t.reason : t.notes, notes] : []),
    ...(facts.trackUrl ? ['', t.track, facts.trackUrl] : []),
    '',
    '-- ',
    t.footer,
    '',
  ];
  const subject = `${rejected ? t.subjectRejected : t.subjectResolved}: ${truncate(oneLine(facts.subjectLine), 80)}`;
  return { locale, subject, text: lines.join('\n') };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
