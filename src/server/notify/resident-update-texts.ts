/** The words of the emails about residents' updates, in each language the app speaks. */
import type { SupportedLocale } from '../../shared/locales';

export interface ResidentUpdateTexts {
  /** To subscribers when a moderator publishes an update. */
  subject: string;
  intro: string;
  marked: { fixed: string; still_there: string };
  text: string;
  photo: string;
  /** To the poster, once, when they send it. */
  receiptSubject: string;
  receiptIntro: string;
  receiptWhy: string;
}

export const residentUpdateTexts: Record<SupportedLocale, ResidentUpdateTexts> = {
  fi: {
    subject: 'Ilmoitukseen on tullut päivitys asukkaalta',
    intro: 'Asukas on lisännyt ilmoitukseen päivityksen.',
    marked: { fixed: 'Ilmoittaja merkitsi ongelman korjatuksi.', still_there: 'Ilmoittajan mukaan ongelma on yhä olemassa.' },
    text: 'Päivitys:',
    photo: 'Kuva:',
    receiptSubject: 'Päivityksesi on vastaanotettu',
    receiptIntro: 'Kiitos päivityksestäsi. Se näkyy ilmoituksen historiassa, kun moderaattori on tarkistanut sen.',
    receiptWhy: 'Saat tämän viestin kerran, koska annoit osoitteesi päivityksen yhteydessä.',
  },
  sv: {
    subject: 'En invånare har uppdaterat anmälan',
    intro: 'En invånare har lagt till en uppdatering till anmälan.',
    marked: { fixed: 'Anmälaren markerade problemet som åtgärdat.', still_there: 'Enligt anmälaren finns problemet kvar.' },
    text: 'Uppdatering:',
    photo: 'Bild:',
    receiptSubject: 'Din uppdatering har tagits emot',
    receiptIntro: 'Tack för din uppdatering. Den syns i anmälans historik när en moderator har granskat den.',
    receiptWhy: 'Du får detta meddelande en gång eftersom du angav din adress med uppdateringen.',
  },
  en: {
    subject: 'A resident has updated the report',
    intro: 'A resident has added an update to the report.',
    marked: { fixed: 'The reporter marked the problem fixed.', still_there: 'The reporter says the problem is still there.' },
    text: 'Update:',
    photo: 'Photo:',
    receiptSubject: 'Your update has been received',
    receiptIntro: 'Thank you for your update. It will appear in the report’s history once a moderator has checked it.',
    receiptWhy: 'You get this message once because you gave your address with the update.',
  },
};
