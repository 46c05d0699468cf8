/**
 * Reads what a request's page head may say (request-meta.ts composes it): the request by the
 * store's find, once, then its type's name and its body's name. Only a published request gets a
 * head of its own; a pending, rejected (withheld or duplicate) or unknown one gets index.html's,
 * which says nothing of it.
 */
import type { SupportedLocale } from '../shared/locales';
import type { AppContext } from './context';
import { detailedStatusWords } from './notify/detailed-status-words';
import { updateTexts } from './notify/update-texts';
import { mediaUrlsOf, translationOf } from './open311/presenter';
import { requestHead, type PageHead } from './request-meta';

export type RequestHeadReader = (serviceRequestId: string, locale: SupportedLocale) => Promise<PageHead | undefined>;

/** Only http(s) images: an external media URL is a city's, and a preview fetches what it names. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url) && URL.canParse(url);

/**
 * `defaultImage`: the installation's own image (root-relative) for a request without a photo.
 * Links start from `mailLinks.baseUrl` (PUBLIC_BASE_URL, else the listen address), never the
 * caller's Host: a preview is fetched and cached by another site.
 */
export function requestHeadReader(context: Pick<AppContext, 'repositories' | 'mailLinks'>, defaultImage?: string): RequestHeadReader {
  return async (serviceRequestId, locale) => {
    const { serviceRequests, serviceTypes, bodies } = context.repositories;
    const record = await serviceRequests.find(serviceRequestId);
    if (record?.moderation !== 'published') return undefined;
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
      pageUrl: context.mailLinks.requestUrl(serviceRequestId),
      photoUrl: mediaUrlsOf(record, baseUrl).find(isWebUrl),
      defaultImageUrl: defaultImage ? `${baseUrl}${defaultImage}` : undefined,
      locale,
    });
  };
}
