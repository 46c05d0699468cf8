/**
 * Whether a point is a place someone else maintains (`/proxy/bodies/v1/not-ours.json`): the place
 * with whom to contact, in the reader's language, and the types still reported there. `[]` when
 * it is not one (or the installation has none).
 */
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../shared/paths';
import type { NotOursWire } from '../../shared/not-ours/wire';
import type { SupportedLocale } from '../../shared/locales';
import { api } from '../lib/http-client';

const url = `${paths.proxyBodies}/not-ours.json`;
const isText = (value: unknown): value is string => typeof value === 'string';

/** The first usable place of the answer, if any; anything else is dropped. */
function parsePlace(body: unknown): NotOursWire | null {
  const [item] = Array.isArray(body) ? (body as Partial<NotOursWire>[]) : [];
  if (!item || !isText(item.id) || !isText(item.name) || !isText(item.message) || !Array.isArray(item.allowed_services)) return null;
  return { id: item.id, name: item.name, message: item.message, url: isText(item.url) ? item.url : null, allowed_services: item.allowed_services.filter(isText) };
}

/** The not-ours place at a point, in `locale`; held back while there is no point. */
export function useNotOursAt(point: { lat: number; long: number } | undefined, locale: SupportedLocale) {
  // Six decimals, as the form keeps them: the same pin is the same question.
  const key = point ? [point.lat.toFixed(6), point.long.toFixed(6)] : [];
  return useQuery({
    queryKey: ['not-ours-at', locale, ...key],
    queryFn: async ({ signal }) => parsePlace(await api.get(url, { query: { lat: key[0], long: key[1], locale }, signal })),
    enabled: point !== undefined,
    staleTime: 10 * 60_000,
    // Offline or failing, the form goes on: the server refuses a report there when it is sent.
    retry: 1,
  });
}
