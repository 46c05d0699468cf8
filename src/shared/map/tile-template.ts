/**
 * Where a tile URL template (VITE_MAP_TILE_URL) loads its images from. The server's configuration
 * refuses a template it cannot read this way, its Content Security Policy admits the source, and
 * a map page connects early to the one server; kept here, below all three.
 */

/**
 * The source that admits a tile URL template's images, in a CSP's notation: its origin, a `*.`
 * wildcard when the template picks a subdomain with {s}, nothing extra for a root-relative template
 * (our own origin). Undefined when the template is not something a browser could load.
 */
export function tileImageSource(template: string): string | undefined {
  if (template.startsWith('/') && !template.startsWith('//')) return undefined;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return undefined;
  const [, scheme, authority] = match as unknown as [string, string, string];
  const wildcard = authority.startsWith('{s}.');
  const host = wildcard ? authority.slice('{s}.'.length) : authority;
  // Any other placeholder in the host cannot be expressed as a CSP source.
  if (/[{}]/.test(host)) return undefined;
  let origin: URL;
  try {
    origin = new URL(`${scheme.toLowerCase()}://${host}`);
  } catch {
    return undefined;
  }
  return `${origin.protocol}//${wildcard ? '*.' : ''}${origin.host}`;
}

/** The tile server's origin when the template names one host (not a {s} choice, not our own origin): the one a map page can connect to early. */
export function tileServerOrigin(template: string): string | undefined {
  const source = tileImageSource(template);
  return source && !source.includes('*') ? source : undefined;
}

/** True when the template is a tile URL the server can write a policy for. */
export function isUsableTileTemplate(template: string): boolean {
  const placeholders = ['{z}', '{x}', '{y}'].every((part) => template.includes(part));
  const relative = template.startsWith('/') && !template.startsWith('//');
  return placeholders && (relative || tileImageSource(template) !== undefined);
}
