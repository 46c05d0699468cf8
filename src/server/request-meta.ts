/**
 * The head of a published request's page: its `<title>` and the Open Graph and Twitter card tags a
 * shared link's preview is drawn from. Pure: the caller (request-page-head.ts) reads the request
 * and says what the public may see of it; nothing of the reporter (email, names, phone) is among
 * the facts, so nothing of them can reach a tag. Every value is escaped here, once.
 */
import type { SupportedLocale } from '../shared/locales';
import { requestFeedLinkTag } from './feeds/head-link';

/** What a preview may show of a published request: its public fields, already in the page's language. */
export interface PublicRequestFacts {
  serviceRequestId: string;
  /** The resident's public title; empty when there is none. */
  title: string;
  serviceName: string;
  address: string;
  /** The body it was assigned to (issue 26), when there are bodies. */
  bodyName?: string;
  /** Its detailed status in words, as its emails say it. */
  status: string;
  description: string;
  /** Where this installation's links start (PUBLIC_BASE_URL, else the listen address), for tags linking elsewhere on it. */
  baseUrl: string;
  /** Absolute, from PUBLIC_BASE_URL: a preview is fetched by another site, and a forged Host must not steer it. */
  pageUrl: string;
  /** The first public photo, absolute. */
  photoUrl?: string;
  /** The installation's own image for a request without a photo, absolute. */
  defaultImageUrl?: string;
  locale: SupportedLocale;
}

export interface PageHead {
  /** The page's `<title>` text, unescaped. */
  title: string;
  /** Whole tags, escaped, in the order they go into `<head>`. */
  tags: string[];
}

export const siteName = 'Kerro';

/** As the app's useDocumentTitle writes it, so the title does not change as the app starts. */
export const pageTitle = (pageName: string) => `${pageName} – ${siteName}`;

/** Open Graph wants a territory; Kerro's languages are those of Finland (English: the British one). */
const ogLocales: Record<SupportedLocale, string> = { fi: 'fi_FI', sv: 'sv_FI', en: 'en_GB' };

/** About two lines of a preview card: longer text is cut at a word and marked as cut. */
export const descriptionLimit = 200;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** At most `limit` characters (code points, so no emoji is halved), cut after the last whole word, with "…". */
export function cutText(text: string, limit = descriptionLimit): string {
  const characters = [...oneLine(text)];
  if (characters.length <= limit) return characters.join('');
  const cut = characters.slice(0, limit - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:–-]+$/, '')}…`;
}

const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;
const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;

/** The request's name on the page (as the app's headline: its title, else its type) and in a preview (the type with its place). */
export function requestNames(facts: Pick<PublicRequestFacts, 'title' | 'serviceName' | 'address'>): { page: string; preview: string } {
  const title = oneLine(facts.title);
  const serviceName = oneLine(facts.serviceName);
  const place = oneLine(facts.address);
  return {
    page: title || serviceName,
    preview: title || [serviceName, place].filter(Boolean).join(', '),
  };
}

/**
 * The head tags of a published request's page. One list, so another tag for the same page (a
 * feed's `<link rel="alternate">`) is one more line here.
 */
export function requestHeadTags(facts: PublicRequestFacts): string[] {
  const { preview } = requestNames(facts);
  const summary = [facts.serviceName, facts.bodyName, facts.status].map((part) => oneLine(part ?? '')).filter(Boolean).join(' · ');
  const description = [summary, cutText(facts.description)].filter(Boolean).join(' — ');
  const image = facts.photoUrl ?? facts.defaultImageUrl;
  return [
    property('og:type', 'article'),
    property('og:site_name', siteName),
    property('og:locale', ogLocales[facts.locale]),
    property('og:url', facts.pageUrl),
    property('og:title', preview),
    property('og:description', description),
    ...(image ? [property('og:image', image)] : []),
    // A photo is worth the wide card; the installation's icon is not.
    named('twitter:card', facts.photoUrl ? 'summary_large_image' : 'summary'),
    named('twitter:title', preview),
    named('twitter:description', description),
    // Browsers and feed readers find the request's Atom feed by this.
    requestFeedLinkTag(facts.baseUrl, facts.serviceRequestId, requestNames(facts).page, facts.locale),
  ];
}

export function requestHead(facts: PublicRequestFacts): PageHead {
  return { title: pageTitle(requestNames(facts).page), tags: requestHeadTags(facts) };
}

/** Kept out of search engines: a page that does not exist, or a request the public has not been shown. */
export const noIndexTag = '<meta name="robots" content="noindex">';

/** The page with the noindex tag at the end of `<head>`. */
export const withNoIndex = (page: string) => page.replace('</head>', () => `${noIndexTag}</head>`);

const titleElement = /<title>[^<]*<\/title>/;

/** The page with the head's title in place of index.html's and its tags at the end of `<head>`. */
export function withHead(page: string, head: PageHead): string {
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const titled = titleElement.test(page) ? page.replace(titleElement, () => title) : page.replace('</head>', () => `${title}</head>`);
  return titled.replace('</head>', () => `${head.tags.join('')}</head>`);
}
