/**
 * The words of the "was it fixed?" questionnaire (issue 28): the reporter's email, the page its
 * links open, and the update followers get when the reporter reopens a report (an email body's
 * department is told in its sender's words, forwarding/senders/email-message.ts). In each
 * language the app speaks.
 */
import type { SupportedLocale } from '../../shared/locales';

export interface QuestionnaireTexts {
  subject: string;
  intro: string;
  question: string;
  fixedLink: string;
  notFixedLink: string;
  noAnswer: string;
  /** The page: its title, what each button does, what was done, and a link already used. */
  pageTitle: string;
  fixedLead: string;
  notFixedLead: string;
  fixedButton: string;
  notFixedButton: string;
  fixedDone: string;
  notFixedDone: string;
  answered: string;
  /** The followers' update when the reporter says it is not fixed. */
  reopened: string;
}

export const questionnaireTexts: Record<SupportedLocale, QuestionnaireTexts> = {
  fi: {
    subject: 'Korjattiinko ongelma?',
    intro: 'Ilmoituksesi suljettiin jokin aika sitten.',
    question: 'Onko ongelma nyt korjattu? Vastaa avaamalla toinen näistä linkeistä:',
    fixedLink: 'Kyllä, se on korjattu:',
    notFixedLink: 'Ei, ongelma on yhä olemassa (ilmoitus avataan uudelleen):',
    noAnswer: 'Jos et halua vastata, älä tee mitään. Emme kysy uudelleen.',
    pageTitle: 'Korjattiinko ongelma?',
    fixedLead: 'Vahvista painamalla alla olevaa painiketta, että ongelma on korjattu. Vastaus näkyy ilmoituksen historiassa.',
    notFixedLead: 'Vahvista painamalla alla olevaa painiketta, että ongelma on yhä olemassa. Ilmoitus avataan uudelleen ja asia viedään takaisin sen käsittelijälle.',
    fixedButton: 'Kyllä, se on korjattu',
    notFixedButton: 'Ei, ongelma on yhä olemassa',
    fixedDone: 'Kiitos! Merkitsimme, että ongelma on korjattu.',
    notFixedDone: 'Kiitos! Ilmoitus on avattu uudelleen, ja käsittelijä saa siitä tiedon.',
    answered: 'Tähän kyselyyn on jo vastattu. Kumpaakin linkkiä voi käyttää vain kerran.',
    reopened: 'Ilmoittaja kertoi, ettei ongelmaa ole korjattu, joten ilmoitus avattiin uudelleen.',
  },
  sv: {
    subject: 'Blev problemet åtgärdat?',
    intro: 'Din anmälan stängdes för en tid sedan.',
    question: 'Är problemet åtgärdat nu? Svara genom att öppna en av länkarna:',
    fixedLink: 'Ja, det är åtgärdat:',
    notFixedLink: 'Nej, problemet finns kvar (anmälan öppnas igen):',
    noAnswer: 'Om du inte vill svara, gör ingenting. Vi frågar inte igen.',
    pageTitle: 'Blev problemet åtgärdat?',
    fixedLead: 'Bekräfta med knappen nedan att problemet är åtgärdat. Svaret syns i anmälans historik.',
    notFixedLead: 'Bekräfta med knappen nedan att problemet finns kvar. Anmälan öppnas igen och går tillbaka till handläggaren.',
    fixedButton: 'Ja, det är åtgärdat',
    notFixedButton: 'Nej, problemet finns kvar',
    fixedDone: 'Tack! Vi har antecknat att problemet är åtgärdat.',
    notFixedDone: 'Tack! Anmälan har öppnats igen och handläggaren får veta det.',
    answered: 'Den här frågan har redan besvarats. Länkarna kan bara användas en gång.',
    reopened: 'Anmälaren meddelade att problemet inte är åtgärdat, så anmälan öppnades igen.',
  },
  en: {
    subject: 'Was the problem fixed?',
    intro: 'Your report was closed a while ago.',
    question: 'Is the problem fixed now? Answer by opening one of these links:',
    fixedLink: 'Yes, it is fixed:',
    notFixedLink: 'No, it is still there (the report is reopened):',
    noAnswer: 'If you would rather not answer, do nothing. We will not ask again.',
    pageTitle: 'Was the problem fixed?',
    fixedLead: 'Confirm with the button below that the problem is fixed. Your answer shows in the report’s history.',
    notFixedLead: 'Confirm with the button below that the problem is still there. The report is reopened and goes back to whoever handles it.',
    fixedButton: 'Yes, it is fixed',
    notFixedButton: 'No, it is still there',
    fixedDone: 'Thank you! We noted that the problem is fixed.',
    notFixedDone: 'Thank you! The report has been reopened, and whoever handles it is told.',
    answered: 'This question has been answered already. Each link can be used once.',
    reopened: 'The reporter says the problem is not fixed, so the report was reopened.',
  },
};
