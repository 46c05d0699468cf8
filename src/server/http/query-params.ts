/**
 * Reading a parsed query string whatever its parser made of it: one text per parameter, comma
 * lists, true/false. Used by every API that takes GeoReport-style parameters (the GeoReport
 * service, the service-object registry); each turns the problems into its own error shape.
 */

export type RawQuery = Record<string, unknown>;

/** One text per parameter: repeated parameters are joined (comma lists) and empty means absent. */
export function textParam(query: RawQuery, name: string): string | undefined {
  const raw = query[name];
  const text = Array.isArray(raw) ? raw.map(String).join(',') : raw === undefined ? undefined : String(raw);
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

/** The distinct non-empty items of a comma list; undefined when there are none. */
export function listParam(query: RawQuery, name: string): string[] | undefined {
  const text = textParam(query, name);
  if (text === undefined) return undefined;
  const items = [...new Set(text.split(',').map((item) => item.trim()).filter((item) => item.length > 0))];
  return items.length > 0 ? items : undefined;
}

/** true or false (any case), absent meaning false; anything else is a problem. */
export function booleanParam(query: RawQuery, name: string, problems: string[]): boolean {
  const text = textParam(query, name)?.toLowerCase();
  if (text === undefined || text === 'false') return false;
  if (text === 'true') return true;
  problems.push(`${name} must be true or false`);
  return false;
}
