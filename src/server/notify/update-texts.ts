/** The words of receipts, updates and follow confirmations, in each language the app speaks. */
import type { SupportedLocale } from '../../shared/locales';

export interface UpdateTexts {
  greeting: string;
  /** The greeting with the reporter's first name, `{name}` (a receipt to a confirmed address). */
  greetingNamed: string;
  receiptSubject: string;
  receiptIntro: string;
  /** Whom a new report goes to: `{body}` is the body's name (agency_responsible). */
  goesTo: string;
  /** A receipt to an address not confirmed yet (issue 39, item 7d): nothing the reporter wrote. */
  unconfirmedReceiptSubject: string;
  unconfirmedReceiptIntro: string;
  /** Followed by the "My reports" link. */
  unconfirmedNotQuoted: string;
  whyGiven: string;
  unsubscribeGiven: string;
  description: string;
  next: string;
  updateSubject: string;
  published: string;
  statusChanged: string;
  noteAdded: string;
  report: string;
  status: string;
  notes: string;
  track: string;
  statusNames: Record<string, string>;
  whyReporter: string;
  whyFollower: string;
  /** A follow asked for but not confirmed: the address was given, nothing follows unless confirmed. */
  whyPending: string;
  unsubscribePending: string;
  confirmSubject: string;
  confirmIntro: string;
  confirmIgnore: string;
  unsubscribe: string;
  footer: string;
}

export const updateTexts: Record<SupportedLocale, UpdateTexts> = {
  fi: {
    greeting: 'Hei,',
    greetingNamed: 'Hei {name},',
    receiptSubject: 'Ilmoituksesi on vastaanotettu',
    receiptIntro: 'Kiitos ilmoituksestasi. Olemme vastaanottaneet sen.',
    goesTo: 'Ilmoitus menee käsiteltäväksi: {body}.',
    unconfirmedReceiptSubject: 'Ilmoitus on vastaanotettu',
    unconfirmedReceiptIntro: 'Olemme vastaanottaneet ilmoituksen, jossa ilmoittajan osoitteeksi annettiin tämä sähköpostiosoite.',
    unconfirmedNotQuoted: 'Osoitetta ei ole vielä vahvistettu, joten tämä viesti ei toista ilmoituksen sisältöä. Näet ilmoituksen kirjautumalla tällä osoitteella:',
    whyGiven: 'Saat tämän viestin, koska osoitteesi annettiin tämän ilmoituksen yhteydessä.',
    unsubscribeGiven: 'Jos et tehnyt tätä ilmoitusta, estä sen viestit:',
    description: 'Kuvaus:',
    next: 'Mitä seuraavaksi: moderaattori tarkistaa ilmoituksen, ja sitten se julkaistaan kartalla. Saat sähköpostia, kun ilmoitus julkaistaan ja kun sen tila muuttuu.',
    updateSubject: 'Ilmoitukseen on päivitys',
    published: 'Ilmoitus on julkaistu, ja se näkyy nyt kartalla.',
    statusChanged: 'Ilmoituksen tila on muuttunut.',
    noteAdded: 'Kaupunki on vastannut ilmoitukseen.',
    report: 'Ilmoitus',
    status: 'Tila',
    notes: 'Kaupungin vastaus:',
    track: 'Ilmoituksen ja sen historian näet täältä:',
    statusNames: { RECEIVED: 'Vastaanotettu', IN_PROCESS: 'Käsittelyssä', PROCESSED: 'Käsitelty', ARCHIVED: 'Käsitelty ja arkistoitu', REJECTED: 'Hylätty' },
    whyReporter: 'Saat tämän viestin, koska teit tämän ilmoituksen.',
    whyFollower: 'Saat tämän viestin, koska seuraat tätä ilmoitusta.',
    whyPending: 'Saat tämän viestin, koska osoitteesi annettiin tämän ilmoituksen seuraamiseen. Seuraaminen alkaa vasta, kun vahvistat sen.',
    unsubscribePending: 'Jos et halua viestejä tästä ilmoituksesta, estä seuraaminen:',
    confirmSubject: 'Vahvista ilmoituksen seuraaminen',
    confirmIntro: 'Tähän osoitteeseen pyydettiin päivityksiä alla olevasta ilmoituksesta. Vahvista seuraaminen avaamalla tämä linkki:',
    confirmIgnore: 'Jos et pyytänyt tätä, älä tee mitään: emme lähetä sinulle muita viestejä.',
    unsubscribe: 'Lopeta tämän ilmoituksen viestit:',
    footer: 'Tämä viesti on lähetetty automaattisesti.\nSiihen vastaaminen ei tavoita käsittelijää.',
  },
  sv: {
    greeting: 'Hej,',
    greetingNamed: 'Hej {name},',
    receiptSubject: 'Din anmälan har tagits emot',
    receiptIntro: 'Tack för din anmälan. Vi har tagit emot den.',
    goesTo: 'Anmälan går till {body}.',
    unconfirmedReceiptSubject: 'Anmälan har tagits emot',
    unconfirmedReceiptIntro: 'Vi har tagit emot en anmälan där den här e-postadressen angavs som anmälarens adress.',
    unconfirmedNotQuoted: 'Adressen har inte bekräftats ännu, så det här meddelandet upprepar inte vad anmälan säger. Du ser anmälan genom att logga in med den här adressen:',
    whyGiven: 'Du får detta meddelande eftersom din adress angavs i anmälan.',
    unsubscribeGiven: 'Om du inte gjorde anmälan, stoppa meddelandena om den:',
    description: 'Beskrivning:',
    next: 'Vad händer sedan: en moderator granskar anmälan, och sedan publiceras den på kartan. Du får e-post när anmälan publiceras och när dess status ändras.',
    updateSubject: 'Anmälan har uppdaterats',
    published: 'Anmälan har publicerats och syns nu på kartan.',
    statusChanged: 'Anmälans status har ändrats.',
    noteAdded: 'Staden har svarat på anmälan.',
    report: 'Anmälan',
    status: 'Status',
    notes: 'Stadens svar:',
    track: 'Du kan se anmälan och dess historik här:',
    statusNames: { RECEIVED: 'Mottagen', IN_PROCESS: 'Under behandling', PROCESSED: 'Behandlad', ARCHIVED: 'Behandlad och arkiverad', REJECTED: 'Avvisad' },
    whyReporter: 'Du får detta meddelande eftersom du gjorde anmälan.',
    whyFollower: 'Du får detta meddelande eftersom du följer anmälan.',
    whyPending: 'Du får detta meddelande eftersom din adress angavs för att följa anmälan. Du följer den först när du har bekräftat.',
    unsubscribePending: 'Om du inte vill ha meddelanden om anmälan, stoppa följandet:',
    confirmSubject: 'Bekräfta att du vill följa anmälan',
    confirmIntro: 'Någon bad om uppdateringar om anmälan nedan till den här adressen. Bekräfta genom att öppna länken:',
    confirmIgnore: 'Om det inte var du, gör ingenting: vi skickar inga fler meddelanden.',
    unsubscribe: 'Sluta få meddelanden om anmälan:',
    footer: 'Detta meddelande har skickats automatiskt.\nSvar på det når inte handläggaren.',
  },
  en: {
    greeting: 'Hello,',
    greetingNamed: 'Hello {name},',
    receiptSubject: 'Your report has been received',
    receiptIntro: 'Thank you for your report. We have received it.',
    goesTo: 'It goes to {body}.',
    unconfirmedReceiptSubject: 'A report has been received',
    unconfirmedReceiptIntro: 'We have received a report that gave this email address as the reporter\'s.',
    unconfirmedNotQuoted: 'The address has not been confirmed yet, so this message does not repeat what the report says. To see the report, sign in with this address:',
    whyGiven: 'You get this message because this address was given with the report.',
    unsubscribeGiven: 'If you did not make this report, stop messages about it:',
    description: 'Description:',
    next: 'What happens next: a moderator checks the report, then it is published on the map. You will get an email when it is published and when its status changes.',
    updateSubject: 'Update on a report',
    published: 'The report has been published and is now on the map.',
    statusChanged: 'The status of the report has changed.',
    noteAdded: 'The city has replied to the report.',
    report: 'Report',
    status: 'Status',
    notes: 'Reply from the city:',
    track: 'You can see the report and its history here:',
    statusNames: { RECEIVED: 'Received', IN_PROCESS: 'Being handled', PROCESSED: 'Resolved', ARCHIVED: 'Resolved and archived', REJECTED: 'Rejected' },
    whyReporter: 'You get this message because you made this report.',
    whyFollower: 'You get this message because you follow this report.',
    whyPending: 'You get this message because your address was given to follow this report. You follow it only once you confirm.',
    unsubscribePending: 'If you do not want messages about this report, stop the follow:',
    confirmSubject: 'Confirm that you want to follow a report',
    confirmIntro: 'Updates about the report below were asked for at this address. To confirm, open this link:',
    confirmIgnore: 'If that was not you, do nothing: we will send you nothing more.',
    unsubscribe: 'Stop messages about this report:',
    footer: 'This message was sent automatically.\nReplies to it do not reach the people handling reports.',
  },
};
