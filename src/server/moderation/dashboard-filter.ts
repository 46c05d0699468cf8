/**
 * The dashboard's and the exports' query as a store filter, within the moderator's bodies: a
 * moderator of bodies sees theirs (one of them with `body`), an administrator every report, or
 * one body's. A body outside the moderator's is refused as one that does not exist.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DashboardFilter } from '../storage/repositories/types';
import { startOfLocalDay } from '../time/local-day';
import { notFound } from './errors';
import type { dashboardQuery } from './input';
import { bodyScopeOf } from './scope';

export type DashboardQuery = z.infer<typeof dashboardQuery>;

export function dashboardFilterOf(request: FastifyRequest, query: DashboardQuery, timeZone: string): DashboardFilter {
  const scope = bodyScopeOf(request);
  if (query.body !== undefined && scope !== undefined && !scope.includes(query.body)) {
    throw notFound(`body ${query.body} not found among your bodies (${scope.join(', ')})`);
  }
  return {
    from: query.from === undefined ? undefined : startOfLocalDay(query.from, timeZone),
    until: query.to === undefined ? undefined : startOfLocalDay(query.to, timeZone, 1),
    serviceCode: query.service_code,
    state: query.state,
    bodyIds: query.body !== undefined ? [query.body] : scope,
  };
}
