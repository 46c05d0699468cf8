/**
 * The one canonical structure of a GeoReport answer. Both serializers read it, so JSON and XML
 * can never drift apart (see DESIGN.md, "GeoReport output").
 *
 * - `root` is the XML root element; JSON drops it.
 * - `item` names each element of a list body (`<request>` inside `<service_requests>`);
 *   a document without `item` has a single object body (the service definition, discovery).
 * - Arrays nested inside an object become a wrapper element holding one child per entry,
 *   the child named by `listItemNames` (media_urls → media_url, …).
 */

export type Scalar = string | number | boolean;
export type DocumentValue = Scalar | null | undefined | DocumentObject | DocumentValue[];
export interface DocumentObject {
  [key: string]: DocumentValue;
}

/** A list of items; a presenter names the item type (the shared GeoReport wire types), so the compiler checks it. */
export type ListDocument<Item extends DocumentObject = DocumentObject> = { root: string; item: string; body: Item[] };
export type ObjectDocument = { root: string; item?: undefined; body: DocumentObject };
export type GeoReportDocument = ListDocument | ObjectDocument;

export const listItemNames: Readonly<Record<string, string>> = {
  media_urls: 'media_url',
  endpoints: 'endpoint',
  formats: 'format',
  attributes: 'attribute',
  values: 'value',
  history: 'entry',
  jurisdictions: 'jurisdiction',
};
