import type { GeoReportDocument } from '../document';

export const jsonContentType = 'application/json; charset=utf-8';

/** JSON is the XML without the root wrapper; `undefined` fields are left out as in XML. */
export function serializeJson(document: GeoReportDocument): string {
  return JSON.stringify(document.body);
}
