/**
 * The `<link rel="alternate" type="application/atom+xml">` in a published request's page head, by
 * which browsers and feed readers find the request's feed. Only a published request has a feed;
 * any other page keeps index.html's head, which says nothing of the request.
 */
import { requestFeedPath } from '../../shared/feeds';
import type { SupportedLocale } from '../../shared/locales';
import { atomContentType } from './atom';
import { feedTexts } from './feed-texts';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The tag itself, for a published request (pure: the caller has checked that and named it). */
export function requestFeedLinkTag(baseUrl: string, serviceRequestId: string, headline: string, locale: SupportedLocale): string {
  const href = `${baseUrl}${requestFeedPath(serviceRequestId)}`;
  const mediaType = atomContentType.split(';')[0]!;
  return `<link rel="alternate" type="${mediaType}" title="${escapeAttribute(feedTexts[locale].requestTitle(headline))}" href="${escapeAttribute(href)}">`;
}
