import type { SupportedLocale } from '@/shared/locales';

/**
 * Finnish municipality codes (Statistics Finland's three-digit codes, as the counter service
 * gives them) and the names people know them by, in Finnish and Swedish: the Helsinki region's
 * fourteen municipalities, which hold the counters of the demo data and of the city's service.
 * English uses the Finnish name. A code not listed here is shown as it is.
 */
const municipalities: Record<string, { fi: string; sv: string }> = {
  '049': { fi: 'Espoo', sv: 'Esbo' },
  '091': { fi: 'Helsinki', sv: 'Helsingfors' },
  '092': { fi: 'Vantaa', sv: 'Vanda' },
  '106': { fi: 'Hyvinkää', sv: 'Hyvinge' },
  '186': { fi: 'Järvenpää', sv: 'Träskända' },
  '235': { fi: 'Kauniainen', sv: 'Grankulla' },
  '245': { fi: 'Kerava', sv: 'Kervo' },
  '257': { fi: 'Kirkkonummi', sv: 'Kyrkslätt' },
  '505': { fi: 'Mäntsälä', sv: 'Mäntsälä' },
  '543': { fi: 'Nurmijärvi', sv: 'Nurmijärvi' },
  '611': { fi: 'Pornainen', sv: 'Borgnäs' },
  '753': { fi: 'Sipoo', sv: 'Sibbo' },
  '858': { fi: 'Tuusula', sv: 'Tusby' },
  '927': { fi: 'Vihti', sv: 'Vichtis' },
};

/** The municipality's name in the UI language ("091" → Helsinki / Helsingfors), else the code itself. */
export function municipalityName(code: string, language: SupportedLocale): string {
  const names = municipalities[code.trim()];
  if (!names) return code;
  return language === 'sv' ? names.sv : names.fi;
}

/** Every name a code goes by, for searching: a Swedish speaker may type "Esbo" in the Finnish UI. */
export function municipalityNames(code: string): string[] {
  const names = municipalities[code.trim()];
  return names ? [names.fi, names.sv] : [];
}
