/**
 * A regular expression matching the URLs a tile URL template (Leaflet's `{s}`, `{z}`, `{x}`,
 * `{y}`, `{r}`) gives, absolute: a root-relative template is resolved against `origin`. The
 * service worker keeps recently seen tiles by it.
 */
export function tileUrlPattern(template: string, origin: string): RegExp {
  const absolute = template.startsWith('/') && !template.startsWith('//') ? `${origin}${template}` : template;
  const source = absolute
    .split(/(\{[a-z]+\})/i)
    .map((part) => {
      if (part === '{z}' || part === '{x}' || part === '{y}') return '-?\\d+';
      if (part === '{s}') return '[a-z0-9-]+';
      if (part === '{r}') return '(?:@2x)?';
      if (/^\{[a-z]+\}$/i.test(part)) return '[^/?#]*';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`, 'i');
}
