/**
 * The confirmation's own address, /report/sent/{id}: a reload or a bookmark keeps it. It carries
 * the id alone; whether an email was given (which changes "what happens next") and the service's
 * notice ride in the history entry's state, which a reload keeps and a shared link does not
 * carry, so nothing personal is ever in the address.
 */
export const reportSentPath = (id: string) => `/report/sent/${encodeURIComponent(id)}`;

export interface SentState {
  gaveEmail: boolean;
  notice: string;
}

export function sentStateFrom(state: unknown): SentState {
  const record = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return { gaveEmail: record.gaveEmail === true, notice: typeof record.notice === 'string' ? record.notice : '' };
}

/** "abcd efgh ijkl mnop qrst": fours are easy to read aloud and to check against a screen. */
export function referenceGroups(id: string, size = 4): string[] {
  const groups: string[] = [];
  for (let start = 0; start < id.length; start += size) groups.push(id.slice(start, start + size));
  return groups;
}
