/** CitySDK detailed status values and how they map onto GeoReport's open/closed. */
export const baseDetailedStatuses = ['RECEIVED', 'IN_PROCESS', 'PROCESSED', 'ARCHIVED', 'REJECTED'] as const;
export type BaseDetailedStatus = (typeof baseDetailedStatuses)[number];

/** Appended after a base value when a request is forwarded to the public works case system. */
export const publicWorksStatuses = [
  'PUBLIC_WORKS_NEW',
  'PUBLIC_WORKS_IN_PROGRESS',
  'PUBLIC_WORKS_COMPLETED',
  'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER',
  'PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION',
  'PUBLIC_WORKS_INTERRUPTED',
] as const;
export type PublicWorksStatus = (typeof publicWorksStatuses)[number];

export const requestStatuses = ['open', 'closed'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

const closedBaseStatuses: ReadonlySet<string> = new Set(['PROCESSED', 'ARCHIVED', 'REJECTED']);

export function isBaseDetailedStatus(value: string): value is BaseDetailedStatus {
  return (baseDetailedStatuses as readonly string[]).includes(value);
}

export function isPublicWorksStatus(value: string): value is PublicWorksStatus {
  return (publicWorksStatuses as readonly string[]).includes(value);
}

/** open/closed follows the base value (the first one); public works values only add detail. */
export function statusOfDetailedStatus(detailed: readonly string[]): RequestStatus {
  const base = detailed.find(isBaseDetailedStatus) ?? 'RECEIVED';
  return closedBaseStatuses.has(base) ? 'closed' : 'open';
}

export function formatDetailedStatus(detailed: readonly string[]): string {
  return detailed.join(',');
}

export function parseDetailedStatus(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
