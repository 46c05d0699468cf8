/** The content codings this server writes, best first (brotli is ~15% smaller than gzip on JSON). */
export const contentCodings = ['br', 'gzip'] as const;
export type ContentCoding = (typeof contentCodings)[number];

/**
 * The coding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3): the best of ours the
 * client accepts with q > 0, `*` standing for any not named; undefined means identity.
 */
export function chooseCoding(header: string | string[] | undefined): ContentCoding | undefined {
  if (header === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const item of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  let best: ContentCoding | undefined;
  for (const coding of contentCodings) {
    if (weightOf(coding) > 0 && (best === undefined || weightOf(coding) > weightOf(best))) best = coding;
  }
  return best;
}

/** Adds a name to a Vary header value once, keeping what was there (`Accept` on counter pages). */
export function varyWith(current: unknown, name: string): string {
  const existing = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  const names = existing.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (names.includes('*') || names.some((part) => part.toLowerCase() === name.toLowerCase())) return names.join(', ');
  return [...names, name].join(', ');
}
