import { demoQuestionsOf } from './service-questions';
import type { ServiceTypeRecord, ServiceTypeTranslation } from '../storage/repositories/types';

/**
 * Helsinki's ten feedback service types, in Helsinki's order. The fi and en texts are copied
 * verbatim from the city's GeoReport v2 answers (typos included: clients matching on them
 * should see the real thing), but for the English slips a resident reads as our errors
 * (englishCorrections); sv is ours, as Helsinki is bilingual.
 */
const helsinkiServices: { code: string; fi: ServiceTypeTranslation; sv: ServiceTypeTranslation; en: ServiceTypeTranslation }[] = [
  {
    code: '172',
    fi: {
      service_name: 'Ilkivalta',
      description: 'Onko puistonpenkki heitetty ojaan tai infotaulu rikottu? Anna palautetta ilkivaltaan liittyen.',
      keywords: 'ilkivalta, penkit, istuimet,pöydät, katokset, grillit, lipputangot, roska-astiat',
      group: 'Puhtaanapito',
    },
    sv: {
      service_name: 'Skadegörelse',
      description: 'Har en parkbänk kastats i diket eller en informationstavla slagits sönder? Ge respons om skadegörelse.',
      keywords: 'skadegörelse, bänkar, sittplatser, bord, skärmtak, grillar, flaggstänger, papperskorgar',
      group: 'Renhållning',
    },
    en: {
      service_name: 'Vandalism',
      description: 'Give feedback if you find that property or equipment is broken.',
      keywords: 'bench,parks,trashbins',
      group: 'Sanitation',
    },
  },
  {
    code: '246',
    fi: {
      service_name: 'Roskaaminen',
      description: 'Ilmoita, jos havaitset suuria määriä roskia yleisillä alueilla, puistoissa tai metsissä.',
      keywords: 'roska,jäte',
      group: 'Puhtaanapito',
    },
    sv: {
      service_name: 'Nedskräpning',
      description: 'Meddela om du ser stora mängder skräp på allmänna områden, i parker eller i skogar.',
      keywords: 'skräp,avfall',
      group: 'Renhållning',
    },
    en: {
      service_name: 'Sanitation violation',
      description: 'Report if you find garbage or overflowing trash bins.',
      keywords: 'garbage,debris',
      group: 'Sanitation',
    },
  },
  {
    code: '176',
    fi: {
      service_name: 'Töhryjen poisto',
      description: 'Ilmoita, jos paikkoja tai seiniä on töhritty.',
      keywords: 'roska,jäte',
      group: 'Puhtaanapito',
    },
    sv: {
      service_name: 'Klotterborttagning',
      description: 'Meddela om platser eller väggar har klottrats ned.',
      keywords: 'klotter,graffiti',
      group: 'Renhållning',
    },
    en: {
      service_name: 'Graffiti removal',
      description: 'Report if graffiti or other paintings need removal.',
      keywords: 'graffiti',
      group: 'Sanitation',
    },
  },
  {
    code: '171',
    fi: {
      service_name: 'Katujen kunto',
      description: 'Onko tiessä kuoppa? Anna palautetta katujen kuntoon liittyen.',
      keywords: 'tie,kuoppa',
      group: 'Katujen kunto ja liikenne',
    },
    sv: {
      service_name: 'Gatornas skick',
      description: 'Finns det en grop i vägen? Ge respons om gatornas skick.',
      keywords: 'väg,grop',
      group: 'Gatornas skick och trafik',
    },
    en: {
      service_name: 'Potholes',
      description: 'Report potholes in public streets.',
      keywords: 'pothole,street condition',
      group: 'Traffic and street condition',
    },
  },
  {
    code: '198',
    fi: {
      service_name: 'Liikennemerkit',
      description: 'Ilmoita, jos liikennemerkki on ajettu nurin, vinossa tai siinä on muuta huomautettavaa.',
      keywords: 'liikennemerkki,valot',
      group: 'Katujen kunto ja liikenne',
    },
    sv: {
      service_name: 'Trafikmärken',
      description: 'Meddela om ett trafikmärke har körts omkull, står snett eller har andra brister.',
      keywords: 'trafikmärke,trafikljus',
      group: 'Gatornas skick och trafik',
    },
    en: {
      service_name: 'Traffic signs',
      description: 'Report broken traffic signs',
      keywords: 'traffic sign',
      group: 'Traffic and street condition',
    },
  },
  {
    code: '199',
    fi: {
      service_name: 'Kyltit ja opasteet',
      description: 'Ilmoita, jos kaupungin kylteissä ja opasteissa on huomautettavaa.',
      keywords: 'kyltit,opasteet',
      group: 'Katujen kunto ja liikenne',
    },
    sv: {
      service_name: 'Skyltar och vägvisare',
      description: 'Meddela om det finns brister i stadens skyltar och vägvisare.',
      keywords: 'skyltar,vägvisare',
      group: 'Gatornas skick och trafik',
    },
    en: {
      service_name: 'Info signs',
      description: 'Report if info signs or other signs needs.',
      keywords: 'info sign',
      group: 'Traffic and street condition',
    },
  },
  {
    code: '174',
    fi: {
      service_name: 'Puistot',
      description: 'Ilmoita, jos huomaat puiston olevan huonossa kunnossa.',
      keywords: 'pensaat,kasvit',
      group: 'Metsät ja puistot',
    },
    sv: {
      service_name: 'Parker',
      description: 'Meddela om du märker att en park är i dåligt skick.',
      keywords: 'buskar,växter',
      group: 'Parker och skogar',
    },
    en: {
      service_name: 'Parks',
      description: 'Report if something in the park needs fixing fixing.',
      keywords: 'parks,flower,bush',
      group: 'Parks and forests',
    },
  },
  {
    code: '211',
    fi: {
      service_name: 'Leikki- ja liikuntapuistot',
      description: 'Ilmoita, jos leikki- tai liikuntapuiston välineissä on huomautettavaa.',
      keywords: 'leikkipuisto,liikuntapaikka',
      group: 'Metsät ja puistot',
    },
    sv: {
      service_name: 'Lek- och idrottsparker',
      description: 'Meddela om det finns brister i redskapen i en lek- eller idrottspark.',
      keywords: 'lekpark,idrottsplats',
      group: 'Parker och skogar',
    },
    en: {
      service_name: 'Playgrounds and sports parks',
      description:
        'Report if equipment in the playgrounds or sport parks are broken or something else there needs fixing.',
      keywords: 'leikkipuisto,liikuntapaikka',
      group: 'Parks and forests',
    },
  },
  {
    code: '234',
    fi: {
      service_name: 'Metsät',
      description: 'Ilmoita, jos metsä tarvitsee hoitoa.',
      keywords: 'metsä, pelto',
      group: 'Metsät ja puistot',
    },
    sv: {
      service_name: 'Skogar',
      description: 'Meddela om en skog behöver skötas.',
      keywords: 'skog, åker',
      group: 'Parker och skogar',
    },
    en: {
      service_name: 'Forests',
      description: 'Report if something in forests needs to be taken care.',
      keywords: 'forest,field',
      group: 'Parks and forests',
    },
  },
  {
    code: '180',
    fi: {
      service_name: 'Muu korjattava asia',
      description: 'Onko joku muu asia joka vaatisi kaupungin toimia?',
      keywords: '',
      group: 'Muut korjattavat asiat',
    },
    sv: {
      service_name: 'Annat som ska åtgärdas',
      description: 'Finns det något annat som kräver åtgärder av staden?',
      keywords: '',
      group: 'Övrigt',
    },
    en: {
      service_name: 'Other issue to be fixed',
      description: 'Use this category if you have found something broken and it does not fit into other categories.',
      keywords: '',
      group: 'Other',
    },
  },
];

/**
 * English descriptions of Helsinki's that the demo words right (issue 42, item 5: "fixing fixing",
 * "other signs needs." read as Kerro's own mistakes on the report form), by service code.
 */
export const englishCorrections: Readonly<Record<string, string>> = {
  '199': 'Report if info signs or other signs need fixing.',
  '174': 'Report if something in the park needs fixing.',
  '234': 'Report if something in forests needs to be taken care of.',
};

export const demoServiceTypes: readonly ServiceTypeRecord[] = helsinkiServices.map((service, position) => ({
  service_code: service.code,
  type: 'realtime',
  position,
  translations: { fi: service.fi, sv: service.sv, en: { ...service.en, description: englishCorrections[service.code] ?? service.en.description } },
  attributes: demoQuestionsOf(service.code),
}));
