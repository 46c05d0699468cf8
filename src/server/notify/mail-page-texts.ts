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
  /** Above the report's type, place and id. */
  report: string;
}

export const mailPageTexts: Record<SupportedLocale, MailPageTexts> = {
  fi: {
    confirmTitle: 'Vahvista seuraaminen',
    confirmLead: 'Vahvista painamalla alla olevaa painiketta. Sen jälkeen saat sähköpostia aina, kun ilmoituksen tila muuttuu tai kaupunki vastaa siihen.',
    confirmButton: 'Vahvista seuraaminen',
    confirmed: 'Seuraat nyt ilmoitusta. Jokaisessa viestissä on linkki, jolla voit lopettaa.',
    notPending: 'Tätä linkkiä ei voi enää käyttää: seuraaminen on lopetettu. Voit aloittaa sen uudelleen ilmoituksen sivulla.',
    unsubscribeTitle: 'Lopeta viestit',
    unsubscribeLead: 'Viestit loppuvat vasta, kun painat alla olevaa painiketta. Sen jälkeen et saa enää sähköpostia tästä ilmoituksesta.',
    unsubscribeButton: 'Lopeta viestit',
    unsubscribed: 'Valmis: emme lähetä sinulle enää viestejä tästä ilmoituksesta.',
    open: 'Avaa ilmoitus',
    report: 'Ilmoitus',
  },
  sv: {
    confirmTitle: 'Bekräfta att du följer anmälan',
    confirmLead: 'Bekräfta med knappen nedan. Sedan får du e-post varje gång anmälans status ändras eller staden svarar.',
    confirmButton: 'Bekräfta',
    confirmed: 'Du följer nu anmälan. Varje meddelande har en länk för att sluta.',
    notPending: 'Länken kan inte längre användas: du har slutat följa anmälan. Du kan börja igen på anmälans sida.',
    unsubscribeTitle: 'Sluta få meddelanden',
    unsubscribeLead: 'Meddelandena slutar först när du trycker på knappen nedan. Sedan får du ingen mer e-post om den här anmälan.',
    unsubscribeButton: 'Sluta få meddelanden',
    unsubscribed: 'Klart: vi skickar inga fler meddelanden om den här anmälan.',
    open: 'Öppna anmälan',
    report: 'Anmälan',
  },
  en: {
    confirmTitle: 'Confirm following the report',
    confirmLead: 'Confirm with the button below. You then get an email every time the report’s status changes or the city replies.',
    confirmButton: 'Confirm',
    confirmed: 'You now follow the report. Every message has a link to stop.',
    notPending: 'This link can no longer be used: following was stopped. You can follow again on the report’s page.',
    unsubscribeTitle: 'Stop messages',
    unsubscribeLead: 'Messages stop only when you press the button below. After that you get no more email about this report.',
    unsubscribeButton: 'Stop messages',
    unsubscribed: 'Done: we will send you no more messages about this report.',
    open: 'Open the report',
    report: 'Report',
  },
};

/** For a link that is not valid at all: no subscription, so no language to pick; all three. */
export const invalidLinkText = [
  'Linkki ei kelpaa. Tarkista, että kopioit sen kokonaan.',
  'Länken är ogiltig. Kontrollera att du kopierade hela länken.',
  'The link is not valid. Check that you copied all of it.',
];
