/**
 * The emails of an alert: the confirmation (double opt-in), one report at once, or a day's
 * digest. Each in the alert's language, text and HTML, with one-click unsubscribe (RFC 8058, the
 * outbox sender writes the headers from `unsubscribe_url`). A report is told by its public facts
 * only (title, type, address, link): never anything of its reporter or the description.
 */
import { resolveLocale, type SupportedLocale } from '../../shared/locales';
import type { AlertArea } from '../../shared/alerts/wire';
import { translationOf } from '../open311/presenter';
import { htmlFromText } from '../notify/html-part';
import type { MailLinks } from '../notify/mail-links';
import { newMessageId } from '../notify/message-id';
import { updateTexts } from '../notify/update-texts';
import type { AlertedReport, AlertRecipient, BodyRecord, NewOutboxMessage, ServiceTypeRecord } from '../storage/repositories/types';
import type { PlaceName } from './alerts-places';
import { alertTexts, radiusWords } from './alerts-texts';

export interface AlertMailSettings {
  links: MailLinks;
  mailFrom: string;
  /** Names a report by its type, and its type's line. */
  serviceTypes: readonly ServiceTypeRecord[];
  /** Names a body alert's area. */
  bodies: readonly BodyRecord[];
  now: number;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The area in words: "500 m säteellä osoitteesta Kaivokatu 12" (or "kohdasta 60.16990, 24.93840"), "katu Hämeentie", "alue Helsinki". */
export function areaWords(area: AlertArea, locale: SupportedLocale, bodies: readonly BodyRecord[], place?: PlaceName | null): string {
  const t = alertTexts[locale];
  if (area.kind === 'point') {
    if (place) return t.area.pointNamed(radiusWords(area.radius_m), locale === 'sv' ? place.sv : place.fi);
    return t.area.point(radiusWords(area.radius_m), area.lat.toFixed(5), area.long.toFixed(5));
  }
  if (area.kind === 'street') return t.area.street(area.street);
  const body = bodies.find((candidate) => candidate.id === area.body_id);
  return t.area.body(body ? body.names[locale] || body.names.fi : area.body_id);
}

/** The page that shows the area: the map there, or the home map. */
export function areaUrl(area: AlertArea, links: MailLinks): string {
  return area.kind === 'point' ? `${links.baseUrl}/?lat=${area.lat.toFixed(5)}&long=${area.long.toFixed(5)}&zoom=16` : `${links.baseUrl}/`;
}

function reportLines(report: AlertedReport, locale: SupportedLocale, settings: AlertMailSettings): string[] {
  const t = alertTexts[locale];
  const type = settings.serviceTypes.find((candidate) => candidate.service_code === report.service_code);
  const typeName = type ? translationOf(type, locale).service_name : report.service_code;
  const address = report.address_string ? oneLine(report.address_string) : '';
  return [
    oneLine(report.title || typeName),
    `${t.type}: ${typeName}`,
    ...(address ? [`${t.address}: ${address}`] : []),
    settings.links.requestUrl(report.service_request_id),
  ];
}

function addressed(
  recipient: AlertRecipient,
  settings: AlertMailSettings,
  content: { subject: string; lines: string[]; serviceRequestId: string | null; links: string[]; pending?: boolean },
): NewOutboxMessage {
  const locale = resolveLocale(recipient.locale);
  const t = alertTexts[locale];
  const unsubscribeUrl = settings.links.alertUnsubscribeUrl(recipient.id);
  const why = content.pending ? [t.whyPending] : [t.why, areaWords(recipient.area, locale, settings.bodies, recipient.place)];
  const text = [
    updateTexts[locale].greeting,
    '',
    ...content.lines,
    '',
    '-- ',
    ...why,
    content.pending ? t.unsubscribePending : t.unsubscribe,
    unsubscribeUrl,
    '',
    updateTexts[locale].footer,
    '',
  ].join('\n');
  return {
    message_id: newMessageId(settings.mailFrom),
    service_request_id: content.serviceRequestId,
    to_address: recipient.email,
    locale,
    subject: content.subject,
    body_text: text,
    // Only the links this message was written with are clickable, never anything in a report's title.
    body_html: htmlFromText(text, locale, content.subject, [unsubscribeUrl, ...content.links]),
    unsubscribe_url: unsubscribeUrl,
    created_at: settings.now,
  };
}

/**
 * `addressConfirmed`: whether the address is known to be its owner's (residents.isConfirmedAddress).
 * Until it is, a street alert's street is not named: whoever asked wrote it, and the email must
 * not carry a stranger's words (issue 39, item 7d). A point's coordinates and a body's name are
 * not free text.
 */
export function alertConfirmationMessage(settings: AlertMailSettings, addressConfirmed: boolean) {
  return (recipient: AlertRecipient): NewOutboxMessage => {
    const locale = resolveLocale(recipient.locale);
    const t = alertTexts[locale];
    const confirmUrl = settings.links.alertConfirmUrl(recipient.id);
    const area = recipient.area.kind === 'street' && !addressConfirmed ? t.area.streetUnnamed : areaWords(recipient.area, locale, settings.bodies, recipient.place);
    return addressed(recipient, settings, {
      subject: t.confirmSubject,
      lines: [t.confirmIntro, area, '', t.confirmLink, confirmUrl, '', t.confirmIgnore],
      serviceRequestId: null,
      links: [confirmUrl],
      pending: true,
    });
  };
}

export function alertReportMessage(recipient: AlertRecipient, report: AlertedReport, settings: AlertMailSettings): NewOutboxMessage {
  const locale = resolveLocale(recipient.locale);
  const t = alertTexts[locale];
  const lines = reportLines(report, locale, settings);
  return addressed(recipient, settings, {
    subject: `${t.immediateSubject}: ${lines[0]!.slice(0, 80)}`,
    lines: [t.immediateIntro, '', ...lines],
    serviceRequestId: report.service_request_id,
    links: [settings.links.requestUrl(report.service_request_id)],
  });
}

export function alertDigestMessage(recipient: AlertRecipient, reports: readonly AlertedReport[], settings: AlertMailSettings): NewOutboxMessage {
  const locale = resolveLocale(recipient.locale);
  const t = alertTexts[locale];
  return addressed(recipient, settings, {
    subject: `${t.digestSubject} (${reports.length})`,
    lines: [t.digestIntro, ...reports.flatMap((report) => ['', ...reportLines(report, locale, settings)])],
    serviceRequestId: null,
    links: reports.map((report) => settings.links.requestUrl(report.service_request_id)),
  });
}
