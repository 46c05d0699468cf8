/**
 * The bodies that handle reports (`/proxy/bodies/v1/bodies.json`): every one, for the map's body
 * filter, or those covering a point, most specific first, for the report form to name the one
 * that will receive a report and offer its types. `[]` when the installation has none: every
 * reader then behaves as with one jurisdiction.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../shared/paths';
import type { BodyWire } from '../../shared/bodies/wire';
import { api } from '../lib/http-client';

const url = `${paths.proxyBodies}/bodies.json`;
const isText = (value: unknown): value is string => typeof value === 'string';

/** Keeps the entries the app can use (an id, three names, a list of codes); drops any other. */
function parseBodies(body: unknown): BodyWire[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item: Partial<BodyWire>) => {
    const name = item?.name;
    const usable = isText(item?.id) && isText(item.jurisdiction_id) && name && isText(name.fi) && isText(name.sv) && isText(name.en) && Array.isArray(item.services);
    return usable ? [{ id: item.id!, jurisdiction_id: item.jurisdiction_id!, name: { fi: name.fi, sv: name.sv, en: name.en }, services: item.services!.filter(isText) }] : [];
  });
}

const getBodiesQueryOptions = () =>
  queryOptions({
    queryKey: ['bodies'],
    queryFn: async ({ signal }) => parseBodies(await api.get(url, { signal })),
    // The installation's configuration: it changes when an operator imports a file.
    staleTime: 10 * 60_000,
  });

export function useBodies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getBodiesQueryOptions(), enabled });
}

/** The bodies covering a point, most specific first; held back while there is no point. */
export function useBodiesAt(point: { lat: number; long: number } | undefined) {
  // Six decimals, as the form keeps them: the same pin is the same question.
  const key = point ? [point.lat.toFixed(6), point.long.toFixed(6)] : [];
  return useQuery({
    queryKey: ['bodies-at', ...key],
    queryFn: async ({ signal }) => parseBodies(await api.get(url, { query: { lat: key[0], long: key[1] }, signal })),
    enabled: point !== undefined,
    staleTime: 10 * 60_000,
    // Offline or failing, the form goes on without naming a body: the server decides when it is sent.
    retry: 1,
  });
}
