/**
 * Which format answers a request, as DRF's DefaultContentNegotiation picks a renderer: a format
 * suffix or `format` parameter narrows the renderers (none left: 404), then the Accept header
 * chooses among them — its most specific media types first, the renderers in their own order
 * (JSON, the browsable page, CSV) within one specificity, q-values ignored as DRF ignores them.
 * No renderer matches: 406. No Accept header means any.
 */
import { DrfError, notFound } from './errors';
import { lastValue, type QueryPairs } from './query-string';

export type DrfFormat = 'json' | 'api' | 'csv';

/** The real viewset's renderers, in its order, with the media type each answers. */
const renderers: readonly { format: DrfFormat; type: string; subtype: string }[] = [
  { format: 'json', type: 'application', subtype: 'json' },
  { format: 'api', type: 'text', subtype: 'html' },
  { format: 'csv', type: 'text', subtype: 'csv' },
];

export const notAcceptable = () => new DrfError(406, 'Could not satisfy the request Accept header.');

interface AcceptedType {
  type: string;
  subtype: string;
  /** 3: with parameters other than q, 2: type/subtype, 1: type/*, 0: * / *. */
  precedence: number;
}

function parseAcceptToken(token: string): AcceptedType {
  const [fullType = '', ...parameters] = token.split(';');
  const [type = '', subtype = ''] = fullType.trim().toLowerCase().split('/');
  const parameterNames = parameters.map((parameter) => parameter.split('=')[0]!.trim().toLowerCase()).filter((name) => name !== '');
  const precedence = type === '*' ? 0 : subtype === '*' ? 1 : parameterNames.every((name) => name === 'q') ? 2 : 3;
  return { type, subtype, precedence };
}

const matches = (renderer: (typeof renderers)[number], accepted: AcceptedType) =>
  (accepted.type === '*' || accepted.type === renderer.type) && (accepted.subtype === '*' || accepted.subtype === renderer.subtype);

/**
 * The format for `named` (a suffix or the format parameter; undefined or '' when none) and the
 * Accept header (undefined when not sent).
 */
export function negotiateFormat(named: string | undefined, accept: string | undefined): DrfFormat {
  const candidates = named ? renderers.filter((renderer) => renderer.format === named) : renderers;
  if (candidates.length === 0) throw notFound();
  const accepted = (accept ?? '*/*').split(',').map((token) => parseAcceptToken(token.trim()));
  for (let precedence = 3; precedence >= 0; precedence -= 1) {
    const level = accepted.filter((entry) => entry.precedence === precedence);
    if (level.length === 0) continue;
    const chosen = candidates.find((renderer) => level.some((entry) => matches(renderer, entry)));
    if (chosen) return chosen.format;
  }
  throw notAcceptable();
}

/**
 * The format of a request: a path suffix (`counters.csv`, `7.json`) wins over the `format`
 * parameter, as in DRF (anything unknown is a 404), then the Accept header chooses; JSON when
 * neither names one.
 */
export function parseFormat(pairs: QueryPairs, suffix?: string, accept?: string): DrfFormat {
  return negotiateFormat(suffix ?? lastValue(pairs, 'format'), accept);
}

/**
 * A DRF format suffix (`/api/counters.csv`, `/api/counters/7.json`, a trailing slash allowed):
 * lowercase letters and digits after the one dot of the last path segment, as DRF's
 * format_suffix_patterns match it.
 */
export function formatSuffixOf(segment: string): { name: string; suffix: string } | undefined {
  const match = /^([^/.]+)\.([a-z0-9]+)$/.exec(segment);
  return match ? { name: match[1]!, suffix: match[2]! } : undefined;
}
