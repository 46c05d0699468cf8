/** A GeoReport document in the format the path asked for (see DESIGN.md, "GeoReport output"). */
import type { DocumentObject, GeoReportDocument } from '../document';
import { jsonContentType, jsonListEnvelope, serializeJson, serializeJsonItem } from './json';
import { serializeXml, serializeXmlItem, xmlContentType, xmlListEnvelope } from './xml';

export type GeoReportFormat = 'json' | 'xml';

export function serialize(document: GeoReportDocument, format: GeoReportFormat): { body: string; contentType: string } {
  return format === 'xml'
    ? { body: serializeXml(document), contentType: xmlContentType }
    : { body: serializeJson(document), contentType: jsonContentType };
}

/**
 * A list serialized in pieces by the same serializers: `open`, the items joined by `separator`,
 * `close` is byte for byte what `serialize` writes for the whole list (test/server/open311/
 * list-pieces.test.ts), so items can be rendered once and kept (georeport/listing-fragments.ts).
 */
export interface ListPieces {
  open: string;
  separator: string;
  close: string;
  contentType: string;
  item(item: DocumentObject): string;
}

export function listPieces(root: string, itemName: string, format: GeoReportFormat): ListPieces {
  return format === 'xml'
    ? { ...xmlListEnvelope(root), contentType: xmlContentType, item: (item) => serializeXmlItem(itemName, item) }
    : { ...jsonListEnvelope, contentType: jsonContentType, item: serializeJsonItem };
}
