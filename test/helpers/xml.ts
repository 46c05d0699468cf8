import { XMLParser, XMLValidator } from 'fast-xml-parser';

const listItemNames: Record<string, string> = {
  media_urls: 'media_url', endpoints: 'endpoint', formats: 'format', attributes: 'attribute', values: 'value', history: 'entry',
  service_requests: 'request', services: 'service', errors: 'error', service_request_updates: 'request_update',
};

export function assertWellFormed(xml: string): void {
  const result = XMLValidator.validate(xml);
  if (result !== true) throw new Error(`XML is not well-formed: ${JSON.stringify(result)}`);
}

/**
 * Reads a GeoReport XML document back into the JSON shape (root dropped, lists as arrays, every
 * leaf a string), so tests can compare the two formats independently of the serializer code.
 */
export function xmlToJsonShape(xml: string): unknown {
  assertWellFormed(xml);
  const parser = new XMLParser({ parseTagValue: false, trimValues: false, isArray: () => false });
  const parsed = parser.parse(xml) as Record<string, unknown>;
  const [rootName, rootValue] = Object.entries(parsed).find(([key]) => key !== '?xml')!;
  const convert = (value: unknown, name: string): unknown => {
    const child = listItemNames[name];
    if (child !== undefined) {
      if (value === '' || value === undefined) return [];
      const items = (value as Record<string, unknown>)[child];
      const list = Array.isArray(items) ? items : items === undefined ? [] : [items];
      return list.map((item) => convert(item, child));
    }
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, convert(inner, key)]));
    }
    return value;
  };
  return convert(rootValue, rootName);
}

/** The JSON body with every leaf turned into text, as XML carries it. */
export function stringifyLeaves(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stringifyLeaves);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, stringifyLeaves(inner)]));
  }
  return value === null ? '' : String(value);
}
