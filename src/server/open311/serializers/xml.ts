/** GeoReport XML: the document under its root element, lists wrapped as spec/notes.md describes. */
import { XMLBuilder } from 'fast-xml-parser';
import { listItemNames, type DocumentObject, type DocumentValue, type GeoReportDocument } from '../document';

export const xmlContentType = 'text/xml; charset=utf-8';

// Characters XML 1.0 cannot carry at all (not even escaped); dropped so the document stays well-formed.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const invalidXmlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const builder = new XMLBuilder({ format: false, suppressEmptyNode: false, processEntities: true });

/** Rewrites a canonical value into fast-xml-parser's shape: lists wrapped and named per notes.md. */
function toBuilderValue(value: DocumentValue, key: string): unknown {
  if (Array.isArray(value)) {
    const childName = listItemNames[key] ?? 'item';
    return { [childName]: value.map((entry) => toBuilderValue(entry, childName)) };
  }
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return toBuilderObject(value);
  return typeof value === 'string' ? value.replace(invalidXmlCharacters, '') : String(value);
}

function toBuilderObject(object: DocumentObject): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined) continue;
    result[key] = toBuilderValue(value, key);
  }
  return result;
}

const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function serializeXml(document: GeoReportDocument): string {
  const content =
    document.item === undefined
      ? toBuilderObject(document.body)
      : { [document.item]: document.body.map((entry) => toBuilderObject(entry)) };
  return `${declaration}${builder.build({ [document.root]: content })}`;
}

/** One item of a list, exactly as it appears inside the list's root element: `<request>…</request>`. */
export function serializeXmlItem(itemName: string, item: DocumentObject): string {
  return builder.build({ [itemName]: toBuilderObject(item) });
}

/** Without indentation the builder writes a list as its items' elements back to back inside the root. */
export function xmlListEnvelope(root: string) {
  return { open: `${declaration}<${root}>`, separator: '', close: `</${root}>` };
}
