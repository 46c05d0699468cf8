import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dashboardStates, type DashboardFigures } from '@/shared/moderation/dashboard';
import { api } from '../../../lib/http-client';
import type { DashboardFilters } from '../lib/dashboard-filters';
import { moderationApiPath, moderationKeys } from './moderation-api';

const count = z.number();
const durationSchema = z.object({ count, median_ms: z.number().nullable(), p90_ms: z.number().nullable() });

const figuresSchema = z.object({
  total: count,
  by_service_code: z.array(z.object({ service_code: z.string(), service_name: z.string(), count })),
  by_state: z.object(Object.fromEntries(dashboardStates.map((state) => [state, count])) as Record<(typeof dashboardStates)[number], typeof count>),
  by_month: z.array(z.object({ month: z.string(), count })),
  by_week: z.array(z.object({ week: z.string(), count })),
  open: count,
  overdue: count,
  reopened: count,
  time_to_publish: durationSchema,
  time_to_close: durationSchema,
}) satisfies z.ZodType<DashboardFigures>;

/** The figures of the moderator's bodies' reports under these filters (the server checks them). */
export async function getDashboard({ filters, locale, signal }: { filters: DashboardFilters; locale: string; signal?: AbortSignal }): Promise<DashboardFigures> {
  const body = await api.get(moderationApiPath('/dashboard'), { query: { ...filters, locale }, signal });
  return figuresSchema.parse(body);
}

export function useDashboard(filters: DashboardFilters, locale: string) {
  return useQuery({
    queryKey: [...moderationKeys.dashboard, filters, locale],
    queryFn: ({ signal }) => getDashboard({ filters, locale, signal }),
    staleTime: 30_000,
  });
}
