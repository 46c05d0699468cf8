/**
 * A service type's own questions: GET services/{code}.json?locale= (its GeoReport service
 * definition) through the proxy, asked only for types whose list entry says `metadata: true`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportedLocale } from '@/shared/locales';
import { paths } from '@/shared/paths';
import { ApiError, api } from '../../../lib/http-client';
import { questionsOf, type ServiceQuestion } from '../../../lib/service-questions';
import { loadReportChecks } from '../validation/load-report-checks';

export async function getServiceQuestions({ code, locale, signal }: { code: string; locale: SupportedLocale; signal?: AbortSignal }): Promise<ServiceQuestion[]> {
  const url = `${paths.proxyGeoreport}/services/${encodeURIComponent(code)}.json`;
  const [body, { definitionSchema }] = await Promise.all([api.get(url, { query: { locale }, signal }), loadReportChecks()]);
  const parsed = definitionSchema.safeParse(body);
  if (!parsed.success) throw new ApiError({ kind: 'invalid-response', status: 200, url, message: 'The service definition has no attributes list' });
  return questionsOf(parsed.data.attributes);
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
