/**
 * The public listing assembled from each request's rendered item (ARCHITECTURE.md, "Caching the
 * public listing"): the store answers only which requests match and their revisions, and a
 * request is presented and serialized only when its item is not cached for that revision. Items
 * come from the one serializer (`listPieces`), so the answer is byte for byte the whole-list one.
 */
import type { SupportedLocale } from '../../shared/locales';
import { presentServiceRequests, translationOf } from '../open311/presenter';
import { listPieces, type GeoReportFormat, type ListPieces } from '../open311/serializers';
import type { Repositories, ServiceRequestQuery, ServiceTypeRecord } from '../storage/repositories/types';
import { FragmentCache } from './fragment-cache';

export interface ListingRequest {
  query: ServiceRequestQuery;
  extensions: boolean;
  format: GeoReportFormat;
  locale: SupportedLocale;
  timeZone: string;
  baseUrl: string;
  types: ServiceTypeRecord[];
}

export interface Listing {
  render(request: ListingRequest): Promise<{ body: Buffer; contentType: string }>;
  readonly fragments: FragmentCache;
}

const root = 'service_requests';
const itemName = 'request';

export function createListing(repositories: Pick<Repositories, 'serviceRequests' | 'requestHistory'>, maxBytes: number): Listing {
  const fragments = new FragmentCache(maxBytes);
  const { serviceRequests, requestHistory } = repositories;

  return {
    fragments,
    async render(request) {
      const { query, extensions, format, locale, timeZone, baseUrl, types } = request;
      const pieces = listPieces(root, itemName, format);
      const entries = await serviceRequests.listingEntries(query);
      const names = new Map(types.map((type) => [type.service_code, translationOf(type, locale).service_name]));
      // Everything an item's text depends on besides the request itself; the name covers edits to its service type.
      const prefixes = new Map([...names].map(([code, name]) => [code, `${format}|${extensions ? 'e' : ''}|${locale}|${timeZone}|${baseUrl}|${name}|`]));
      const otherPrefix = `${format}|${extensions ? 'e' : ''}|${locale}|${timeZone}|${baseUrl}||`;
      const keyOf = (id: string, serviceCode: string) => (prefixes.get(serviceCode) ?? otherPrefix) + id;
      const items = entries.map((entry) => fragments.get(keyOf(entry.service_request_id, entry.service_code), entry.revision));

      const missing = entries.filter((_, index) => items[index] === undefined);
      if (missing.length > 0) {
        const ids = missing.map((entry) => entry.service_request_id);
        // Read again under the listing's own moderation filter: one unpublished meanwhile is left out.
        const records = await serviceRequests.query({ ids, moderation: query.moderation, limit: ids.length });
        const history = extensions ? await requestHistory.listFor(records.map((record) => record.service_request_id)) : undefined;
        const document = presentServiceRequests(records, types, extensions, { locale, timeZone, baseUrl, history });
        const rendered = new Map<string, Buffer>();
        document.body.forEach((item, index) => rendered.set(records[index]!.service_request_id, Buffer.from(pieces.item(item))));
        // Kept under the revision the index named: a record read later is never older than that.
        for (const entry of missing) {
          const body = rendered.get(entry.service_request_id);
          if (body) fragments.set(keyOf(entry.service_request_id, entry.service_code), entry.revision, body);
        }
        entries.forEach((entry, index) => (items[index] ??= rendered.get(entry.service_request_id)));
      }

      return { body: join(pieces, items), contentType: pieces.contentType };
    },
  };
}

/** open, the items (those still there) separated, close: one allocation, one copy of each item. */
function join(pieces: ListPieces, items: readonly (Buffer | undefined)[]): Buffer {
  const open = Buffer.from(pieces.open);
  const separator = Buffer.from(pieces.separator);
  const close = Buffer.from(pieces.close);
  let length = open.length + close.length;
  let count = 0;
  for (const item of items) {
    if (item === undefined) continue;
    length += item.length + (count > 0 ? separator.length : 0);
    count += 1;
  }
  const body = Buffer.allocUnsafe(length);
  let at = open.copy(body, 0);
  let first = true;
  for (const item of items) {
    if (item === undefined) continue;
    if (!first) at += separator.copy(body, at);
    at += item.copy(body, at);
    first = false;
  }
  close.copy(body, at);
  return body;
}
