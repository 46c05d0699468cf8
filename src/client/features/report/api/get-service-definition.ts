/**
 * A service type's own questions: GET services/{code}.json?locale= (its GeoReport service
 * definition) through the proxy, asked only for types whose list entry says `metadata: true`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { attributeDatatypes } from '../../../../shared/georeport/attribute-rules';
import type { SupportedLocale } from '../../../../shared/locales';
import { paths } from '../../../../shared/paths';
import { ApiError, api } from '../../../lib/http-client';
import type { ServiceQuestion } from '../questions/answers';

const definitionSchema = z.object({
  service_code: z.coerce.string(),
  attributes: z
    .array(
      z.object({
        variable: z.boolean(),
        code: z.string().min(1),
        datatype: z.enum(attributeDatatypes),
        required: z.boolean(),
        datatype_description: z.string().catch(''),
        order: z.coerce.number().catch(0),
        description: z.string(),
        values: z.array(z.object({ key: z.coerce.string(), name: z.coerce.string() })).catch([]),
      }),
    )
    .catch([]),
});

export async function getServiceQuestions({ code, locale, signal }: { code: string; locale: SupportedLocale; signal?: AbortSignal }): Promise<ServiceQuestion[]> {
  const url = `${paths.proxyGeoreport}/services/${encodeURIComponent(code)}.json`;
  const parsed = definitionSchema.safeParse(await api.get(url, { query: { locale }, signal }));
  if (!parsed.success) throw new ApiError({ kind: 'invalid-response', status: 200, url, message: 'The service definition has no attributes list' });
  // Only answerable attributes become questions; `order` says where each goes.
  return parsed.data.attributes.filter((attribute) => attribute.variable).sort((a, b) => a.order - b.order);
}

export function useServiceQuestions({ code, locale, enabled }: { code: string; locale: SupportedLocale; enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: ['service-definition', code, locale],
      queryFn: ({ signal }) => getServiceQuestions({ code, locale, signal }),
      staleTime: 10 * 60_000,
      enabled: enabled && code !== '',
    }),
  );
}
