/**
 * `/api/metadata/sources/`: each data source's name, licence and description in `language`
 * (en, fi or sv; en by default), ascending name, unpaged, as the real DatasourceViewSet. Its
 * refusal of another language is a plain string under the key, not a list: the real view raises it
 * from a dict of strings.
 */
import { DrfError } from '../drf/errors';
import { lastValue, type QueryPairs } from '../drf/query-string';
import type { ObservationSourceRecord } from '../storage/repositories/types';

const languages = ['en', 'fi', 'sv'] as const;
type Language = (typeof languages)[number];

export function languageOf(pairs: QueryPairs): Language {
  const language = lastValue(pairs, 'language') ?? 'en';
  if (!(languages as readonly string[]).includes(language)) {
    throw new DrfError(400, { language: `Select a valid choice. ${language} is not one of the available choices.` });
  }
  return language as Language;
}

export const serializeSource = (source: ObservationSourceRecord, language: Language) => ({
  name: source.name,
  license: source.license,
  description: source.descriptions[language],
});
