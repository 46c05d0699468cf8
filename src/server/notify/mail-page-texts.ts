/** The words of the pages the links in emails open, in each language the app speaks. */
import type { SupportedLocale } from '../../shared/locales';

export interface MailPageTexts {
  confirmTitle: string;
  confirmLead: string;
  confirmButton: string;
  confirmed: string;
  notPending: string;
  unsubscribeTitle: string;
  unsubscribeLead: string;
  unsubscribeButton: string;
  unsubscribed: string;
  open: string;
}

export const mailPageTexts: Record<SupportedLocale, MailPageTexts> = {
  fi: {
    confirmTitle: 'Vahvista seuraaminen',
    confirmLead: 'Saat sähköpostia, kun ilmoituksen tila muuttuu tai kaupunki vastaa siihen.',
    confirmButton: 'Vahvista seuraaminen',
    confirmed: 'Seuraat nyt ilmoitusta. Jokaisessa viestissä on linkki, jolla voit lopettaa.',
    notPending: 'Tätä linkkiä ei voi enää käyttää: seuraaminen on lopetettu. Voit aloittaa sen uudelleen ilmoituksen sivulla.',
    unsubscribeTitle: 'Lopeta viestit',
    unsubscribeLead: 'Et saa enää sähköpostia tästä ilmoituksesta.',
    unsubscribeButton: 'Lopeta viestit',
    unsubscribed: 'Valmis: emme lähetä sinulle enää viestejä tästä ilmoituksesta.',
    open: 'Avaa ilmoitus',
  },
  sv: {
    confirmTitle: 'Bekräfta att du följer anmälan',
    confirmLead: 'Du får e-post när anmälans status ändras eller staden svarar.',
    confirmButton: 'Bekräfta',
    confirmed: 'Du följer nu anmälan. Varje meddelande har en länk för att sluta.',
    notPending: 'Länken kan inte längre användas: du har slutat följa anmälan. Du kan börja igen på anmälans sida.',
    unsubscribeTitle: 'Sluta få meddelanden',
    unsubscribeLead: 'Du får inte längre e-post om den här anmälan.',
    unsubscribeButton: 'Sluta få meddelanden',
    unsubscribed: 'Klart: vi skickar inga fler meddelanden om den här anmälan.',
    open: 'Öppna anmälan',
  },
  en: {
    confirmTitle: 'Confirm following the report',
    confirmLead: 'You will get an email when the report’s status changes or the city replies.',
    confirmButton: 'Confirm',
    confirmed: 'You now follow the report. Every message has a link to stop.',
    notPending: 'This link can no longer be used: following was stopped. You can follow again on the report’s page.',
    unsubscribeTitle: 'Stop messages',
    unsubscribeLead: 'You will no longer get email about this report.',
    unsubscribeButton: 'Stop messages',
    unsubscribed: 'Done: we will send you no more messages about this report.',
    open: 'Open the report',
  },
};

/** For a link that is not valid at all: no subscription, so no language to pick; all three. */
export const invalidLinkText = [
  'Linkki ei kelpaa. Tarkista, että kopioit sen kokonaan.',
  'Länken är ogiltig. Kontrollera att du kopierade hela länken.',
  'The link is not valid. Check that you copied all of it.',
];
