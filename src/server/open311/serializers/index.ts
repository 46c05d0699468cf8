/** A GeoReport document in the format the path asked for (see DESIGN.md, "GeoReport output"). */
import type { GeoReportDocument } from '../document';
import { jsonContentType, serializeJson } from './json';
import { serializeXml, xmlContentType } from './xml';

export type GeoReportFormat = 'json' | 'xml';

export function serialize(document: GeoReportDocument, format: GeoReportFormat): { body: string; contentType: string } {
  return format === 'xml'
    ? { body: serializeXml(document), contentType: xmlContentType }
    : { body: serializeJson(document), contentType: jsonContentType };
}
