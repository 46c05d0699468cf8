/** Service type and body names in the moderator's language, for the dashboard and its exports. */
import type { Repositories } from '../storage/repositories/types';

const languages = ['fi', 'sv', 'en'] as const;
type Language = (typeof languages)[number];

const languageOf = (locale: string | undefined): Language => languages.find((language) => locale?.toLowerCase().startsWith(language)) ?? 'fi';

export async function namesIn(repositories: Pick<Repositories, 'serviceTypes' | 'bodies'>, locale: string | undefined) {
  const language = languageOf(locale);
  const [types, bodies] = await Promise.all([repositories.serviceTypes.list(), repositories.bodies.list()]);
  const serviceNames = new Map(
    types.map((type) => [type.service_code, (type.translations[language] ?? type.translations.fi ?? Object.values(type.translations)[0])?.service_name ?? type.service_code]),
  );
  const bodyNames = new Map(bodies.map((body) => [body.id, body.names[language]]));
  return { serviceNames, bodyNames };
}
