/**
 * The demo service types' own questions (GeoReport service definition attributes), in fi, sv
 * and en: what a city's crew needs to know before going out. Every datatype appears once at
 * least, so the report form and the tests meet each of them with real data. Only the playground
 * question is required: a GeoReport client that never reads definitions (Helsinki's service has
 * none) can still report potholes and parks, the commonest types.
 */
import type { ServiceAttribute } from '../storage/repositories/types';

type Texts = { fi: string; sv: string; en: string };

function question(
  code: string,
  datatype: ServiceAttribute['datatype'],
  required: boolean,
  texts: Texts,
  values: [key: string, names: Texts][] = [],
): Omit<ServiceAttribute, 'order'> {
  return {
    code,
    variable: true,
    datatype,
    required,
    datatype_description: '',
    description: texts.en,
    descriptions: { ...texts },
    values: values.map(([key, names]) => ({ key, name: names.en, names: { ...names } })),
  };
}

const yesNo: [string, Texts][] = [
  ['yes', { fi: 'Kyllä', sv: 'Ja', en: 'Yes' }],
  ['no', { fi: 'Ei', sv: 'Nej', en: 'No' }],
];

const noticedAt = question('noticed_at', 'datetime', false, {
  fi: 'Milloin huomasit asian?',
  sv: 'När märkte du det?',
  en: 'When did you notice it?',
});

const questionsByService: Record<string, Omit<ServiceAttribute, 'order'>[]> = {
  // Potholes
  '171': [
    question('pothole_size', 'singlevaluelist', false, { fi: 'Kuinka suuri kuoppa on?', sv: 'Hur stor är gropen?', en: 'How big is the pothole?' }, [
      ['small', { fi: 'Pieni (alle 20 cm)', sv: 'Liten (under 20 cm)', en: 'Small (under 20 cm)' }],
      ['medium', { fi: 'Keskikokoinen (20–50 cm)', sv: 'Medelstor (20–50 cm)', en: 'Medium (20–50 cm)' }],
      ['large', { fi: 'Suuri (yli 50 cm)', sv: 'Stor (över 50 cm)', en: 'Large (over 50 cm)' }],
    ]),
    question('dangerous', 'singlevaluelist', false, {
      fi: 'Onko kuoppa vaarallinen pyöräilijöille tai autoille?',
      sv: 'Är gropen farlig för cyklister eller bilar?',
      en: 'Is the pothole dangerous to cyclists or cars?',
    }, yesNo),
    question('depth_cm', 'number', false, { fi: 'Arvioitu syvyys senttimetreinä', sv: 'Uppskattat djup i centimeter', en: 'Estimated depth in centimetres' }),
    noticedAt,
  ],
  // Parks
  '174': [
    question('park_area', 'singlevaluelist', false, { fi: 'Missä kohtaa puistoa?', sv: 'Var i parken?', en: 'Where in the park?' }, [
      ['path', { fi: 'Polku tai käytävä', sv: 'Stig eller gång', en: 'Path or walkway' }],
      ['lawn', { fi: 'Nurmikko', sv: 'Gräsmatta', en: 'Lawn' }],
      ['flowerbed', { fi: 'Kukkapenkki tai istutus', sv: 'Rabatt eller plantering', en: 'Flower bed or planting' }],
      ['bench', { fi: 'Penkki tai levähdyspaikka', sv: 'Bänk eller viloplats', en: 'Bench or resting place' }],
      ['other', { fi: 'Muualla', sv: 'Någon annanstans', en: 'Somewhere else' }],
    ]),
    noticedAt,
  ],
  // Playgrounds and sports parks
  '211': [
    question('equipment', 'multivaluelist', true, { fi: 'Mitä välineitä asia koskee?', sv: 'Vilka redskap gäller det?', en: 'Which equipment is it about?' }, [
      ['swing', { fi: 'Keinu', sv: 'Gunga', en: 'Swing' }],
      ['slide', { fi: 'Liukumäki', sv: 'Rutschkana', en: 'Slide' }],
      ['sandpit', { fi: 'Hiekkalaatikko', sv: 'Sandlåda', en: 'Sandpit' }],
      ['goal', { fi: 'Maali tai kori', sv: 'Mål eller korg', en: 'Goal or hoop' }],
      ['fence', { fi: 'Aita tai portti', sv: 'Staket eller grind', en: 'Fence or gate' }],
      ['other', { fi: 'Jokin muu', sv: 'Något annat', en: 'Something else' }],
    ]),
  ],
  // Forests
  '234': [
    question('access', 'text', false, {
      fi: 'Miten paikalle pääsee? (esim. lähin polku tai opaste)',
      sv: 'Hur tar man sig dit? (t.ex. närmaste stig eller skylt)',
      en: 'How does one get there? (e.g. the nearest path or sign)',
    }),
  ],
  // Other issue to be fixed: street lights are reported here.
  '180': [
    question('pole_number', 'string', false, {
      fi: 'Jos kyse on katuvalosta: pylvään numero (kilvessä pylvään kyljessä)',
      sv: 'Om det gäller en gatubelysning: stolpens nummer (på skylten på stolpen)',
      en: 'If it is a street light: the pole number (on the plate on its side)',
    }),
  ],
};

/** The questions of a demo service type, in order. */
export function demoQuestionsOf(serviceCode: string): ServiceAttribute[] {
  return (questionsByService[serviceCode] ?? []).map((attribute, index) => ({ ...attribute, order: index + 1 }));
}
