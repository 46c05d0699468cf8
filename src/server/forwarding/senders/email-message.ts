/**
 * The email a body with `"method": "email"` gets for each report (and again, with its own subject
 * and opening, when its reporter reopens it): what, where (a map link to the report's public
 * page, the coordinates, an OpenStreetMap link), its photos' links, and nothing personal of the
 * reporter (no name, address or phone: the department answers in Kerro's console or its own
 * system, not by writing to the resident). It goes From the installation's MAIL_FROM with no
 * Reply-To, so a reply reaches that address and no resident's inbox. Written in the report's
 * language, the one its description is in.
 */
import { resolveLocale, type SupportedLocale } from '../../../shared/locales';
import { htmlFromText } from '../../notify/html-part';
import { newMessageId } from '../../notify/message-id';
import { mediaUrlsOf, translationOf } from '../../open311/presenter';
import { formatW3cDateTime } from '../../time/w3c';
import type { NewOutboxMessage, ServiceRequestRecord } from '../../storage/repositories/types';
import type { MailSettings } from './sender';

/** Why the department hears of the report: a new one, or one its reporter says is not fixed (issue 28). */
export type DepartmentOccasion = 'new' | 'reopened';

interface DepartmentTexts {
  subject: Record<DepartmentOccasion, (service: string, id: string) => string>;
  intro: Record<DepartmentOccasion, string>;
  report: string;
  title: string;
  description: string;
  address: string;
  place: string;
  coordinates: string;
  onMap: string;
  photos: string;
  received: string;
  footer: string;
}

const texts: Record<SupportedLocale, DepartmentTexts> = {
  fi: {
    subject: {
      new: (service, id) => `Uusi ilmoitus: ${service} (${id})`,
      reopened: (service, id) => `Ilmoitus avattu uudelleen: ${service} (${id})`,
    },
    intro: {
      new: 'Kerroon on tullut ilmoitus, jonka käsittely kuuluu teille.',
      reopened: 'Ilmoittaja kertoi, ettei ongelmaa ole korjattu. Ilmoitus on avattu uudelleen Kerrossa ja palaa käsittelyynne.',
    },
    report: 'Ilmoitus',
    title: 'Otsikko',
    description: 'Kuvaus',
    address: 'Osoite',
    place: 'Paikka ja tila',
    coordinates: 'Koordinaatit (WGS 84)',
    onMap: 'Kartalla',
    photos: 'Kuvat',
    received: 'Vastaanotettu',
    footer: 'Tämä viesti on lähetetty automaattisesti. Ilmoittajan yhteystietoja ei välitetä; vastaus tähän viestiin ei tavoita ilmoittajaa.',
  },
  sv: {
    subject: {
      new: (service, id) => `Ny anmälan: ${service} (${id})`,
      reopened: (service, id) => `Anmälan öppnad igen: ${service} (${id})`,
    },
    intro: {
      new: 'En anmälan som hör till er har kommit in i Kerro.',
      reopened: 'Anmälaren meddelade att problemet inte är åtgärdat. Anmälan har öppnats igen i Kerro och går tillbaka till er.',
    },
    report: 'Anmälan',
    title: 'Rubrik',
    description: 'Beskrivning',
    address: 'Adress',
    place: 'Plats och status',
    coordinates: 'Koordinater (WGS 84)',
    onMap: 'På kartan',
    photos: 'Bilder',
    received: 'Mottagen',
    footer: 'Detta meddelande har skickats automatiskt. Anmälarens kontaktuppgifter lämnas inte ut; ett svar på detta meddelande når inte anmälaren.',
  },
  en: {
    subject: {
      new: (service, id) => `New report: ${service} (${id})`,
      reopened: (service, id) => `Report reopened: ${service} (${id})`,
    },
    intro: {
      new: 'A report for you to handle has come in to Kerro.',
      reopened: 'The reporter says the problem is not fixed. The report has been reopened in Kerro and comes back to you.',
    },
    report: 'Report',
    title: 'Title',
    description: 'Description',
    address: 'Address',
    place: 'Place and status',
    coordinates: 'Coordinates (WGS 84)',
    onMap: 'On a map',
    photos: 'Photos',
    received: 'Received',
    footer: 'This message was sent automatically. The reporter\'s contact details are not passed on; a reply to this message does not reach them.',
  },
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function osmLink(lat: number, long: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}#map=18/${lat}/${long}`;
}

/** The message to the department's address(es), one outbox row: several addresses share its To. */
export function departmentEmail(
  request: ServiceRequestRecord,
  to: string | readonly string[],
  settings: MailSettings,
  occasion: DepartmentOccasion,
): NewOutboxMessage {
  const locale = resolveLocale(request.locale);
  const t = texts[locale];
  const type = settings.serviceTypes.find((candidate) => candidate.service_code === request.service_code);
  const service = oneLine(type ? translationOf(type, locale).service_name : request.service_code);
  const pageUrl = settings.links.requestUrl(request.service_request_id);
  const hasPoint = request.lat !== null && request.long !== null;
  const mapUrl = hasPoint ? osmLink(request.lat!, request.long!) : undefined;
  const photoUrls = mediaUrlsOf(request, settings.links.baseUrl.replace(/\/+$/, ''));
  const subject = t.subject[occasion](service, request.service_request_id);

  const lines = [
    t.intro[occasion],
    '',
    `${t.report}: ${service} (${request.service_request_id})`,
    `${t.received}: ${formatW3cDateTime(request.requested_at, settings.timeZone)}`,
    ...(request.title ? [`${t.title}: ${oneLine(request.title)}`] : []),
    ...(request.address_string ? [`${t.address}: ${oneLine(request.address_string)}`] : []),
    '',
    `${t.description}:`,
    request.description.trim(),
    '',
    `${t.place}: ${pageUrl}`,
    ...(hasPoint ? [`${t.coordinates}: ${request.lat}, ${request.long}`, `${t.onMap}: ${mapUrl}`] : []),
    ...(photoUrls.length > 0 ? ['', `${t.photos}:`, ...photoUrls] : []),
  ];
  const text = [...lines, '', '-- ', t.footer, ''].join('\n');
  return {
    message_id: newMessageId(settings.mailFrom),
    service_request_id: request.service_request_id,
    to_address: typeof to === 'string' ? to : to.join(', '),
    locale,
    subject,
    body_text: text,
    // Kerro's own links only: an external media_url is the resident's and stays plain text.
    body_html: htmlFromText(text, locale, subject, [pageUrl, ...(mapUrl ? [mapUrl] : []), ...photoUrls.filter((url) => url !== request.external_media_url)]),
    unsubscribe_url: '',
    created_at: settings.now,
  };
}
