/**
 * The public listing assembled from each request's rendered item (ARCHITECTURE.md, "Caching the
 * public listing"): the store answers only which requests match and their revisions, and a
 * request is presented and serialized only when its item is not cached for that revision. Items
 * come from the one serializer (`listPieces`), so the answer is byte for byte the whole-list one.
 */
import type { SupportedLocale } from '../../shared/locales';
import { presentServiceRequests, translationOf } from '../open311/presenter';
import { listPieces, type GeoReportFormat } from '../open311/serializers';
import type { Repositories, ServiceRequestQuery, ServiceTypeRecord } from '../storage/repositories/types';
import { PieceCache } from '../http/answer-cache';
import { joinedAnswer, pieceOf, type Piece } from '../http/joined-answer';

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
  /** The body's strong ETag is a hash of its items' hashes (joined-answer.ts). */
  render(request: ListingRequest): Promise<{ body: Buffer; contentType: string }>;
  /** Each request's rendered item, by id and group (everything else its text depends on). */
  readonly fragments: PieceCache<string, Piece>;
}

const root = 'service_requests';
const itemName = 'request';

export function createListing(repositories: Pick<Repositories, 'serviceRequests' | 'requestHistory'>, maxBytes: number): Listing {
  const fragments = new PieceCache<string, Piece>(maxBytes, (fragment) => fragment.body.length);
  const { serviceRequests, requestHistory } = repositories;

  return {
    fragments,
    async render(request) {
      const { query, extensions, format, locale, timeZone, baseUrl, types } = request;
      const pieces = listPieces(root, itemName, format);
      const entries = await serviceRequests.listingEntries(query);
      // Everything an item's text depends on besides the request itself; the name covers edits to its service type.
      const shared = `${format}|${extensions ? 'e' : ''}|${locale}|${timeZone}|${baseUrl}|`;
      const groups = new Map<string, string>();
      const groupOf = (serviceCode: string) => {
        let group = groups.get(serviceCode);
        if (group === undefined) {
          const type = types.find((candidate) => candidate.service_code === serviceCode);
          group = `${shared}${type ? translationOf(type, locale).service_name : ''}`;
          groups.set(serviceCode, group);
        }
        return group;
      };
      const items: (Piece | undefined)[] = new Array(entries.length);
      const missing: number[] = [];
      for (let index = 0; index < entries.length; index += 1) {
        const [id, serviceCode, revision] = entries[index]!;
        items[index] = fragments.get(id, groupOf(serviceCode), revision);
        if (items[index] === undefined) missing.push(index);
      }

      if (missing.length > 0) {
        const ids = missing.map((index) => entries[index]![0]);
        // Read again under the listing's own moderation filter: one unpublished meanwhile is left out.
        const records = await serviceRequests.query({ ids, moderation: query.moderation, createdWithKey: query.createdWithKey, limit: ids.length });
        const history = extensions ? await requestHistory.listFor(records.map((record) => record.service_request_id)) : undefined;
        const document = presentServiceRequests(records, types, extensions, { locale, timeZone, baseUrl, history });
        const rendered = new Map<string, Buffer>();
        document.body.forEach((item, index) => rendered.set(records[index]!.service_request_id, Buffer.from(pieces.item(item))));
        // Kept under the revision the index named: a record read later is never older than that.
        for (const index of missing) {
          const [id, serviceCode, revision] = entries[index]!;
          const body = rendered.get(id);
          if (!body) continue;
          const fragment = pieceOf(body);
          fragments.set(id, groupOf(serviceCode), revision, fragment);
          items[index] = fragment;
        }
      }

      return { body: joinedAnswer(pieces.open, items, pieces.separator, pieces.close), contentType: pieces.contentType };
    },
  };
}
