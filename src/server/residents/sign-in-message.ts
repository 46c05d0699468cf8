/**
 * The email with a resident's one-time sign-in link, in their language, text and HTML. It says
 * what the link does, how long it lasts, and that ignoring it is safe: anyone may type an address
 * into the form, so the person who gets it may not have asked.
 */
import type { SupportedLocale } from '../../shared/locales';
import { htmlFromText } from '../notify/html-part';
import { newMessageId } from '../notify/message-id';
import type { NewOutboxMessage } from '../storage/repositories/types';

export interface SignInTexts {
  subject: string;
  greeting: string;
  intro: string;
  /** `{minutes}`: how long the link works. */
  validity: string;
  ignore: string;
  footer: string;
}

export const signInTexts: Record<SupportedLocale, SignInTexts> = {
  fi: {
    subject: 'Kirjautumislinkki: Omat ilmoitukset',
    greeting: 'Hei,',
    intro: 'Kirjaudu sisään ja näe omat ilmoituksesi avaamalla tämä linkki:',
    validity: 'Linkki toimii {minutes} minuuttia ja vain kerran.',
    ignore: 'Jos et pyytänyt linkkiä, voit jättää tämän viestin huomiotta. Kukaan ei pääse tiedoillesi ilman linkkiä.',
    footer: 'Tämä viesti on lähetetty automaattisesti.\nSiihen vastaaminen ei tavoita käsittelijää.',
  },
  sv: {
    subject: 'Inloggningslänk: Mina anmälningar',
    greeting: 'Hej,',
    intro: 'Logga in och se dina anmälningar genom att öppna den här länken:',
    validity: 'Länken fungerar i {minutes} minuter och bara en gång.',
    ignore: 'Om du inte bad om länken kan du bortse från det här meddelandet. Ingen kommer åt dina uppgifter utan länken.',
    footer: 'Detta meddelande har skickats automatiskt.\nSvar på det når inte handläggaren.',
  },
  en: {
    subject: 'Sign-in link: My reports',
    greeting: 'Hello,',
    intro: 'Sign in and see your reports by opening this link:',
    validity: 'The link works for {minutes} minutes, and only once.',
    ignore: 'If you did not ask for this link, you can ignore this message. No one can reach your details without the link.',
    footer: 'This message was sent automatically.\nReplies to it do not reach the people handling reports.',
  },
};

export interface SignInMessageInput {
  email: string;
  locale: SupportedLocale;
  link: string;
  validMinutes: number;
  mailFrom: string;
  now: number;
}

export function signInMessage({ email, locale, link, validMinutes, mailFrom, now }: SignInMessageInput): NewOutboxMessage {
  const t = signInTexts[locale];
  const text = [t.greeting, '', t.intro, link, '', t.validity.replace('{minutes}', String(validMinutes)), '', t.ignore, '', '-- ', t.footer, ''].join('\n');
  return {
    message_id: newMessageId(mailFrom),
    service_request_id: null,
    to_address: email,
    locale,
    subject: t.subject,
    body_text: text,
    body_html: htmlFromText(text, locale, t.subject, [link]),
    // Nothing to unsubscribe from: the resident asked for this one message.
    unsubscribe_url: '',
    created_at: now,
  };
}
