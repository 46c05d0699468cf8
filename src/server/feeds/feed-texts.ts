/**
 * The feeds' words in each language. A history entry's words are the request page's
 * (src/client/locales/<code>/updates.json, history.*), so a feed reader and the page say the same.
 */
import type { HistoryEntry } from '../../shared/georeport/types';
import type { SupportedLocale } from '../../shared/locales';

export interface FeedTexts {
  areaTitle: (radius: number, lat: number, long: number) => string;
  areaSubtitle: string;
  bodyTitle: (body: string) => string;
  requestTitle: (headline: string) => string;
  /** A history entry's title by its kind; `status` is the detailed status in words. */
  history: Record<HistoryEntry['kind'], string> & { other: string };
  statusChanged: (status: string) => string;
  status: string;
}

export const feedTexts: Record<SupportedLocale, FeedTexts> = {
  fi: {
    areaTitle: (radius, lat, long) => `Ilmoitukset ${radius} metrin säteellä pisteestä ${lat}, ${long}`,
    areaSubtitle: 'Kartalle julkaistut ilmoitukset, uusin ensin.',
    bodyTitle: (body) => `Ilmoitukset: ${body}`,
    requestTitle: (headline) => `Ilmoituksen historia: ${headline}`,
    history: {
      received: 'Ilmoitus vastaanotettu',
      published: 'Julkaistu kartalla',
      status: 'Tila muuttui',
      note: 'Kaupunki vastasi',
      forwarded: 'Välitetty vastuutahon asiankäsittelyjärjestelmään',
      resident_update: 'Asukkaan päivitys',
      reopened: 'Ilmoittaja kertoi, ettei ongelmaa ole korjattu: ilmoitus avattiin uudelleen',
      confirmed_fixed: 'Ilmoittaja vahvisti, että ongelma on korjattu',
      other: 'Päivitys',
    },
    statusChanged: (status) => `Tila muuttui: ${status}`,
    status: 'Tila',
  },
  sv: {
    areaTitle: (radius, lat, long) => `Anmälningar inom ${radius} meter från ${lat}, ${long}`,
    areaSubtitle: 'Anmälningar publicerade på kartan, nyaste först.',
    bodyTitle: (body) => `Anmälningar till ${body}`,
    requestTitle: (headline) => `Anmälans historik: ${headline}`,
    history: {
      received: 'Anmälan mottagen',
      published: 'Publicerad på kartan',
      status: 'Status ändrad',
      note: 'Staden svarade',
      forwarded: 'Skickad till det ansvariga organets ärendehanteringssystem',
      resident_update: 'En invånares uppdatering',
      reopened: 'Anmälaren meddelade att problemet inte är åtgärdat: anmälan öppnades igen',
      confirmed_fixed: 'Anmälaren bekräftade att problemet är åtgärdat',
      other: 'Uppdatering',
    },
    statusChanged: (status) => `Status ändrad: ${status}`,
    status: 'Status',
  },
  en: {
    areaTitle: (radius, lat, long) => `Reports within ${radius} m of ${lat}, ${long}`,
    areaSubtitle: 'Reports published on the map, newest first.',
    bodyTitle: (body) => `Reports to ${body}`,
    requestTitle: (headline) => `History of the report: ${headline}`,
    history: {
      received: 'Report received',
      published: 'Published on the map',
      status: 'Status changed',
      note: 'The city replied',
      forwarded: "Sent to the responsible body's case system",
      resident_update: "A resident's update",
      reopened: 'The reporter says it is not fixed: the report was reopened',
      confirmed_fixed: 'The reporter confirmed it is fixed',
      other: 'Update',
    },
    statusChanged: (status) => `Status changed: ${status}`,
    status: 'Status',
  },
};
