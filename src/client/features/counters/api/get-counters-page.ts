import { z } from 'zod';
import { paths } from '../../../../shared/paths';
import { api } from '../../../lib/http-client';
import { locationOf, type Counter } from '../lib/counter';

const nullableText = z.string().nullish().transform((value) => value || null);

const featureSchema = z.object({
  id: z.coerce.number().optional(),
  geometry: z
    .object({ coordinates: z.tuple([z.coerce.number(), z.coerce.number()]).rest(z.unknown()) })
    .nullish()
    .catch(null),
  properties: z.object({
    id: z.coerce.number(),
    name: z.string().catch(''),
    source: z.string().catch(''),
    sourceId: z.coerce.number().nullish().catch(null).transform((value) => value ?? null),
    classifying: z.boolean().catch(false),
    crsEpsg: z.coerce.number().catch(4326),
    municipalityCode: z.coerce.string().nullish().transform((value) => value ?? ''),
    dataReceived: z.boolean().catch(false),
    firstStoredObservation: nullableText,
    lastStoredObservation: nullableText,
  }),
});

const pageSchema = z.object({
  count: z.number().int().nonnegative(),
  next: z.string().nullish(),
  results: z.object({ features: z.array(z.unknown()) }),
});

export interface CounterPage {
  count: number;
  hasNext: boolean;
  counters: Counter[];
}

function toCounter(feature: unknown): Counter[] {
  const parsed = featureSchema.safeParse(feature);
  if (!parsed.success) return [];
  const { properties, geometry } = parsed.data;
  const coordinates = geometry?.coordinates;
  return [
    {
      ...properties,
      location: locationOf(coordinates ? [coordinates[0], coordinates[1]] : null),
    },
  ];
}

export async function getCountersPage({
  page,
  pageSize,
  signal,
}: {
  page: number;
  pageSize: number;
  signal?: AbortSignal;
}): Promise<CounterPage> {
  const body = await api.get(`${paths.proxyCounters}/`, { query: { page, page_size: pageSize }, signal });
  const envelope = pageSchema.parse(body);
  return {
    count: envelope.count,
    hasNext: Boolean(envelope.next),
    counters: envelope.results.features.flatMap(toCounter),
  };
}
