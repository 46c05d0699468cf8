/**
 * The emails of a resident's update: to the request's subscribers when a moderator publishes it
 * (what the public page then shows: the text, the photo's link, the name only when shown), and
 * the poster's one receipt when they send it with an address. The poster's address is never in
 * what anyone else gets.
 */
import { resolveLocale } from '../../shared/locales';
import type { NewOutboxMessage, PublicResidentUpdate } from '../storage/repositories/types';
import { detailedStatusWords } from './detailed-status-words';
import { htmlFromText } from './html-part';
import { newMessageId } from './message-id';
import { residentUpdateTexts } from './resident-update-texts';
import { reportLine, subjectLineOf, truncate, written, type MessageSettings, type RequestFacts } from './subscriber-messages';
import { updateTexts } from './update-texts';

/** The update as subscribers read it; `request` is the request after the publication (its status may have changed). */
export function residentUpdateMessage(request: RequestFacts, update: PublicResidentUpdate, settings: MessageSettings) {
  const photoUrl = update.media_file ? `${settings.links.baseUrl}/media/${update.media_file}` : undefined;
  return written(request, settings, (_t, locale) => residentUpdateTexts[locale].subject, (t, subjectLine, _recipient, locale) => {
    const words = residentUpdateTexts[locale];
    return [
      t.greeting,
      '',
      words.intro,
      ...(update.state ? [words.marked[update.state]] : []),
      '',
      reportLine(t, subjectLine, request),
      `${t.status}: ${detailedStatusWords(locale, request.detailed_status, t.statusNames)}`,
      '',
      update.shown_name ? `${words.text} (${update.shown_name})` : words.text,
      update.text.trim(),
      ...(photoUrl ? ['', words.photo, photoUrl] : []),
      '',
      t.track,
      settings.links.requestUrl(request.service_request_id),
    ];
  });
}

/**
 * The poster's receipt: sent once to the address they gave, which subscribes to nothing (so the
 * message has no unsubscribe link), and holds their own text back to them.
 */
export function residentUpdateReceipt(request: RequestFacts, to: { email: string; locale: string }, text: string, settings: MessageSettings): NewOutboxMessage {
  const locale = resolveLocale(to.locale);
  const t = updateTexts[locale];
  const words = residentUpdateTexts[locale];
  const subjectLine = subjectLineOf(request, locale, settings);
  const subject = `${words.receiptSubject}: ${truncate(subjectLine, 80)}`;
  const body = [
    t.greeting,
    '',
    words.receiptIntro,
    '',
    reportLine(t, subjectLine, request),
    '',
    words.text,
    text.trim(),
    '',
    t.track,
    settings.links.requestUrl(request.service_request_id),
    '',
    '-- ',
    words.receiptWhy,
    '',
    t.footer,
    '',
  ].join('\n');
  return {
    message_id: newMessageId(settings.mailFrom),
    service_request_id: request.service_request_id,
    to_address: to.email,
    locale,
    subject,
    body_text: body,
    body_html: htmlFromText(body, locale, subject, [settings.links.requestUrl(request.service_request_id)]),
    unsubscribe_url: '',
    created_at: settings.now,
  };
}
