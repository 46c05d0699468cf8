/**
 * The receipt to an address not known to be the reporter's (issue 39, item 7d): anyone may type
 * any address into a report, so until the address is confirmed (residents.isConfirmedAddress) the
 * receipt quotes nothing the reporter wrote — no title, description or name — and Kerro cannot be
 * used to send a stranger's words to someone. It names the service type (the city's words) and the
 * report's id, says how to see it (sign in with this address) and how to stop its emails.
 */
import type { RecipientMessage } from '../storage/repositories/types';
import { goesToLines, reportLine, written, type MessageSettings, type ReceiptFacts, type RequestFacts } from './subscriber-messages';

export function unconfirmedReceiptMessage(request: ReceiptFacts, settings: MessageSettings): RecipientMessage {
  // Only the city's facts travel on: the subject line falls back to the service type's name.
  const facts: RequestFacts = { ...request, title: null, description: '', status_notes: '' };
  const signIn = `${settings.links.baseUrl}/account`;
  return written(
    facts,
    settings,
    (t) => t.unconfirmedReceiptSubject,
    (t, subjectLine) => [
      t.greeting,
      '',
      t.unconfirmedReceiptIntro,
      '',
      reportLine(t, subjectLine, facts),
      `${t.status}: ${t.statusNames.RECEIVED}`,
      // The body's name is the city's own words, not the reporter's.
      ...goesToLines(t, request),
      '',
      t.unconfirmedNotQuoted,
      signIn,
      '',
      t.next,
    ],
    'given',
    [signIn],
  );
}
