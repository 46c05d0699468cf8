/**
 * Whether a request's path lies under one of `prefixes` (the prefix itself or below it), its
 * query string ignored. Where a mistyped API path must not be taken for a page of the app,
 * `anyCase` reads /OPEN311/v1 as /open311/v1; `suffixed` also takes `/openapi.json` as under `/openapi`.
 */
export function isPathWithin(url: string, prefixes: readonly string[], options: { anyCase?: boolean; suffixed?: boolean } = {}): boolean {
  const query = url.indexOf('?');
  const asked = query === -1 ? url : url.slice(0, query);
  const path = options.anyCase ? asked.toLowerCase() : asked;
  return prefixes.some(
    (prefix) => path === prefix || (path.startsWith(prefix) && (path[prefix.length] === '/' || (options.suffixed === true && path[prefix.length] === '.'))),
  );
}
