/**
 * A request's page as sent: the page with its head (request-meta.ts composes it) when the request
 * is published; index.html's generic head, kept from search engines (noindex), for a pending,
 * rejected (withheld or duplicate) or unknown one, which says nothing of it. An unknown one is
 * `found: false`, answered 404: the app shows its "not found" for it, and a link checker or search
 * engine learns it is not there. A pending or rejected one is 200: the reporter's link opens it
 * (the API answers it by its id). The request is read by the store's find, once, then its
 * type's and body's names; the finished page is kept (http/answer-cache.ts) while the store's
 * public change token stands, which moves on every write to a request published before or after
 * it (published, hidden, its status, photos or history changed). So a cached page costs one token
 * read, and, being the same Buffer, its ETag and compressed bytes are made once.
 */
import type { SupportedLocale } from '../shared/locales';
import type { AppContext } from './context';
import type { ServiceRequestRecord } from './storage/repositories/types';
import { createAnswerCache } from './http/answer-cache';
import { detailedStatusWords } from './notify/detailed-status-words';
import { updateTexts } from './notify/update-texts';
import { mediaUrlsOf, translationOf } from './open311/presenter';
import { requestHead, withHead, withNoIndex, type PageHead } from './request-meta';

/** A request's page, and whether the store holds the request at all. */
export interface RequestPage {
  body: Buffer;
  found: boolean;
}

/** The page for a request's id in a language, given how to make the page without a head of its own. */
export type RequestPageMaker = (serviceRequestId: string, locale: SupportedLocale, page: () => string) => Promise<RequestPage>;

/** Only http(s) images: an external media URL is a city's, and a preview fetches what it names. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url) && URL.canParse(url);

/**
 * A type's or body's new name is not a request write, so it moves no token: a page is kept a
 * minute at most. Hiding a request moves the token, so that is never served late.
 */
const pageMaxAgeMs = 60_000;

type HeadContext = Pick<AppContext, 'repositories' | 'mailLinks'>;

/**
 * `defaultImage`: the installation's own image (root-relative) for a request without a photo.
 * Links start from `mailLinks.baseUrl` (PUBLIC_BASE_URL, else the listen address), never the
 * caller's Host: a preview is fetched and cached by another site.
 */
async function readRequestHead(context: HeadContext, record: ServiceRequestRecord, locale: SupportedLocale, defaultImage?: string): Promise<PageHead> {
  const { serviceTypes, bodies } = context.repositories;
  const serviceRequestId = record.service_request_id;
  const { baseUrl } = context.mailLinks;
  const [type, body] = await Promise.all([serviceTypes.find(record.service_code), record.body_id ? bodies.find(record.body_id) : undefined]);
  return requestHead({
    serviceRequestId,
    title: record.title ?? '',
    serviceName: type ? translationOf(type, locale).service_name : record.service_code,
    address: record.address_string ?? '',
    bodyName: body?.names[locale],
    status: detailedStatusWords(locale, record.detailed_status, updateTexts[locale].statusNames),
    description: record.description,
    baseUrl,
    pageUrl: context.mailLinks.requestUrl(serviceRequestId),
    photoUrl: mediaUrlsOf(record, baseUrl).find(isWebUrl),
    defaultImageUrl: defaultImage ? `${baseUrl}${defaultImage}` : undefined,
    locale,
  });
}

export function requestPageMaker(context: HeadContext & Pick<AppContext, 'metrics'>, defaultImage?: string): RequestPageMaker {
  // Unknown ids are kept too (a few KB each), so the entries are capped: a crawler of random ids evicts only its own.
  // A new request moves no public token, but ids are random: nobody asks for one before it exists.
  const pages = createAnswerCache<RequestPage>({ maxEntries: 2000, maxBytes: 16 * 1024 * 1024, maxAgeMs: pageMaxAgeMs, counter: context.metrics.cache('request_page') });
  return async (serviceRequestId, locale, page) => {
    // Read before the request: a page stored under it is remade at the next change, never kept stale.
    const token = await context.repositories.serviceRequests.publicChangeToken();
    const key = `${locale}|${serviceRequestId}`;
    const cached = pages.get(key, token);
    if (cached) return cached;
    const record = await context.repositories.serviceRequests.find(serviceRequestId);
    const head = record?.moderation === 'published' ? await readRequestHead(context, record, locale, defaultImage) : undefined;
    const made = { body: Buffer.from(head ? withHead(page(), head) : withNoIndex(page())), found: record !== undefined };
    pages.set(key, token, made);
    return made;
  };
}
