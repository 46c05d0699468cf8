import { consolePaths } from './console-paths';

/**
 * The audit log's filters as the address holds them (issue 41, item 10): `?moderator=&action=&from=&to=`.
 * Kept as written, so a filter the server refuses (an unknown action, 31 February) comes back as
 * the API's error saying what to fix rather than being dropped without a word.
 */
export const auditFilterNames = ['moderator', 'action', 'from', 'to'] as const;
export type AuditFilterName = (typeof auditFilterNames)[number];
export type AuditFilters = Partial<Record<AuditFilterName, string>>;

export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of auditFilterNames) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

export const hasAuditFilters = (filters: AuditFilters) => auditFilterNames.some((name) => filters[name] !== undefined);

/** The audit page's address with these filters (shareable). */
export function auditPath(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const name of auditFilterNames) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `${consolePaths.audit}?${query}` : consolePaths.audit;
}
