/** The words of alert emails and of the pages their links open, in each language the app speaks. */
import type { SupportedLocale } from '../../shared/locales';
import type { MailPageTexts } from '../notify/mail-page-texts';

export interface AlertTexts {
  confirmSubject: string;
  /** Followed by the area on its own line, then the link. */
  confirmIntro: string;
  confirmLink: string;
  confirmIgnore: string;
  immediateSubject: string;
  immediateIntro: string;
  digestSubject: string;
  digestIntro: string;
  type: string;
  address: string;
  /** Why the recipient gets it: followed by the area. */
  why: string;
  whyPending: string;
  unsubscribe: string;
  unsubscribePending: string;
  area: {
    point: (radius: string, lat: string, long: string) => string;
    /** The point by its nearest address: `place` is "Kaivokatu 12". */
    pointNamed: (radius: string, place: string) => string;
    street: (street: string) => string;
    /** A street alert's confirmation to an address not confirmed yet: the name was a stranger's to write. */
    streetUnnamed: string;
    body: (body: string) => string;
  };
  /** The confirm and unsubscribe pages: the follow pages' words, with the alert's area in place of a report. */
  pages: Omit<MailPageTexts, 'report'> & {
    /** Above the alert's area. */
    areaLabel: string;
  };
}

/** A radius as every language writes it: 250 m, 1 km. */
export const radiusWords = (metres: number) => (metres >= 1000 ? `${metres / 1000} km` : `${metres} m`);

export const alertTexts: Record<SupportedLocale, AlertTexts> = {
  fi: {
    confirmSubject: 'Vahvista uusien ilmoitusten tilaus',
    confirmIntro: 'Tähän osoitteeseen tilattiin sähköposti uusista julkaistuista ilmoituksista alueelta:',
    confirmLink: 'Vahvista tilaus avaamalla tämä linkki:',
    confirmIgnore: 'Jos et tilannut tätä, älä tee mitään: emme lähetä sinulle muita viestejä.',
    immediateSubject: 'Uusi ilmoitus alueeltasi',
    immediateIntro: 'Alueeltasi on julkaistu uusi ilmoitus.',
    digestSubject: 'Uudet ilmoitukset alueeltasi',
    digestIntro: 'Alueeltasi on julkaistu uusia ilmoituksia:',
    type: 'Tyyppi',
    address: 'Osoite',
    why: 'Saat tämän viestin, koska tilasit uudet ilmoitukset alueelta:',
    whyPending: 'Saat tämän viestin, koska osoitteesi annettiin uusien ilmoitusten tilaukseen. Tilaus alkaa vasta, kun vahvistat sen.',
    unsubscribe: 'Lopeta tämä tilaus:',
    unsubscribePending: 'Jos et halua viestejä, estä tilaus:',
    area: {
      point: (radius, lat, long) => `${radius} säteellä kohdasta ${lat}, ${long}`,
      pointNamed: (radius, place) => `${radius} säteellä osoitteesta ${place}`,
      street: (street) => `katu ${street}`,
      streetUnnamed: 'katu, jonka nimi annettiin tilattaessa (nimi näkyy vahvistussivulla)',
      body: (body) => `alue ${body}`,
    },
    pages: {
      confirmTitle: 'Vahvista tilaus',
      confirmLead: 'Vahvista painamalla alla olevaa painiketta. Sen jälkeen saat sähköpostia uusista julkaistuista ilmoituksista tältä alueelta.',
      confirmButton: 'Vahvista tilaus',
      confirmed: 'Tilaus on voimassa. Jokaisessa viestissä on linkki, jolla voit lopettaa sen.',
      notPending: 'Tätä linkkiä ei voi enää käyttää: tilaus on lopetettu. Voit tilata uudelleen kartalta.',
      unsubscribeTitle: 'Lopeta tilaus',
      unsubscribeLead: 'Tilaus loppuu vasta, kun painat alla olevaa painiketta. Sen jälkeen et saa enää sähköpostia tältä alueelta.',
      unsubscribeButton: 'Lopeta tilaus',
      unsubscribed: 'Valmis: emme lähetä sinulle enää viestejä tästä tilauksesta.',
      open: 'Avaa kartta',
      areaLabel: 'Alue: ',
    },
  },
  sv: {
    confirmSubject: 'Bekräfta bevakningen av nya anmälningar',
    confirmIntro: 'Någon bad om e-post till den här adressen om nya publicerade anmälningar i området:',
    confirmLink: 'Bekräfta bevakningen genom att öppna länken:',
    confirmIgnore: 'Om det inte var du, gör ingenting: vi skickar inga fler meddelanden.',
    immediateSubject: 'Ny anmälan i ditt område',
    immediateIntro: 'En ny anmälan har publicerats i ditt område.',
    digestSubject: 'Nya anmälningar i ditt område',
    digestIntro: 'Nya anmälningar har publicerats i ditt område:',
    type: 'Typ',
    address: 'Adress',
    why: 'Du får detta meddelande eftersom du bevakar nya anmälningar i området:',
    whyPending: 'Du får detta meddelande eftersom din adress angavs för att bevaka nya anmälningar. Bevakningen börjar först när du har bekräftat den.',
    unsubscribe: 'Avsluta bevakningen:',
    unsubscribePending: 'Om du inte vill ha meddelanden, stoppa bevakningen:',
    area: {
      point: (radius, lat, long) => `inom ${radius} från punkten ${lat}, ${long}`,
      pointNamed: (radius, place) => `inom ${radius} från ${place}`,
      street: (street) => `gatan ${street}`,
      streetUnnamed: 'en gata vars namn angavs i beställningen (namnet syns på bekräftelsesidan)',
      body: (body) => `området ${body}`,
    },
    pages: {
      confirmTitle: 'Bekräfta bevakningen',
      confirmLead: 'Bekräfta med knappen nedan. Sedan får du e-post om nya publicerade anmälningar i området.',
      confirmButton: 'Bekräfta bevakningen',
      confirmed: 'Bevakningen gäller nu. Varje meddelande har en länk för att avsluta den.',
      notPending: 'Länken kan inte längre användas: bevakningen har avslutats. Du kan börja en ny från kartan.',
      unsubscribeTitle: 'Avsluta bevakningen',
      unsubscribeLead: 'Bevakningen avslutas först när du trycker på knappen nedan. Sedan får du ingen mer e-post om området.',
      unsubscribeButton: 'Avsluta bevakningen',
      unsubscribed: 'Klart: vi skickar inga fler meddelanden om den här bevakningen.',
      open: 'Öppna kartan',
      areaLabel: 'Område: ',
    },
  },
  en: {
    confirmSubject: 'Confirm your alert for new reports',
    confirmIntro: 'Emails about new published reports in this area were asked for at this address:',
    confirmLink: 'To confirm the alert, open this link:',
    confirmIgnore: 'If that was not you, do nothing: we will send you nothing more.',
    immediateSubject: 'New report in your area',
    immediateIntro: 'A new report has been published in your area.',
    digestSubject: 'New reports in your area',
    digestIntro: 'New reports have been published in your area:',
    type: 'Type',
    address: 'Address',
    why: 'You get this message because you asked for alerts of new reports in this area:',
    whyPending: 'You get this message because your address was given for an alert of new reports. The alert starts only once you confirm it.',
    unsubscribe: 'Stop this alert:',
    unsubscribePending: 'If you do not want messages, stop the alert:',
    area: {
      point: (radius, lat, long) => `within ${radius} of ${lat}, ${long}`,
      pointNamed: (radius, place) => `within ${radius} of ${place}`,
      street: (street) => `the street ${street}`,
      streetUnnamed: 'a street named when the alert was asked for (its name is on the confirmation page)',
      body: (body) => `the area of ${body}`,
    },
    pages: {
      confirmTitle: 'Confirm your alert',
      confirmLead: 'Confirm with the button below. You will then get emails about new published reports in this area.',
      confirmButton: 'Confirm the alert',
      confirmed: 'Your alert is on. Every message has a link to stop it.',
      notPending: 'This link can no longer be used: the alert was stopped. You can start a new one from the map.',
      unsubscribeTitle: 'Stop the alert',
      unsubscribeLead: 'The alert stops only when you press the button below. You will then get no more emails about this area.',
      unsubscribeButton: 'Stop the alert',
      unsubscribed: 'Done: we will send you no more messages for this alert.',
      open: 'Open the map',
      areaLabel: 'Area: ',
    },
  },
};
