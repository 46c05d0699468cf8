import { moderationApiPath } from '../api/moderation-api';
import { consolePaths } from './console-paths';

/**
 * The dashboard's filters as the address holds them (issue 41, item 9):
 * `?from=&to=&service_code=&state=&body=`. Kept as written, so one the server refuses comes back
 * as its error saying what to fix; the same filters go to the figures and to every download.
 */
export const dashboardFilterNames = ['from', 'to', 'service_code', 'state', 'body'] as const;
export type DashboardFilterName = (typeof dashboardFilterNames)[number];
export type DashboardFilters = Partial<Record<DashboardFilterName, string>>;

export function dashboardFiltersOf(params: URLSearchParams): DashboardFilters {
  const filters: DashboardFilters = {};
  for (const name of dashboardFilterNames) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

export const hasDashboardFilters = (filters: DashboardFilters) => dashboardFilterNames.some((name) => filters[name] !== undefined);

function queryOf(filters: DashboardFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const name of dashboardFilterNames) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The dashboard page's address with these filters (shareable). */
export const dashboardPath = (filters: DashboardFilters) => `${consolePaths.dashboard}${queryOf(filters)}`;

export const exportFiles = ['requests.csv', 'requests.geojson', 'updates.csv'] as const;
export type ExportFile = (typeof exportFiles)[number];

/** A download's address: the session cookie goes with a plain link, and names come in the console's language. */
export const exportUrl = (file: ExportFile, filters: DashboardFilters, locale: string) => moderationApiPath(`/exports/${file}${queryOf(filters, { locale })}`);
