/**
 * An Atom feed document (RFC 4287) from a plain description, written by the XML library the
 * GeoReport XML uses (fast-xml-parser's builder), never by joining strings: every text and
 * attribute is escaped by it, and characters XML cannot carry at all are dropped first.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { invalidXmlCharacters } from '../open311/serializers/xml';

export const atomContentType = 'application/atom+xml; charset=utf-8';

export interface AtomEntry {
  /** A stable IRI: the same report (or history entry) keeps it forever. */
  id: string;
  title: string;
  /** RFC 3339 date-times. */
  updated: string;
  published?: string;
  /** The report's page. */
  alternate: string;
  summary: string;
  category?: { term: string; label: string };
  point?: { lat: number; long: number };
}

export interface AtomFeed {
  id: string;
  /** The feed's language (xml:lang), the one its titles are in. */
  lang: string;
  title: string;
  subtitle?: string;
  updated: string;
  /** The feed's own absolute URL. */
  self: string;
  /** The page the feed follows. */
  alternate: string;
  author: string;
  generator: { name: string; uri: string };
  entries: readonly AtomEntry[];
}

const builder = new XMLBuilder({ format: false, ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true, processEntities: true });

const clean = (text: string) => text.replace(invalidXmlCharacters, '');
const text = (value: string) => ({ '#text': clean(value) });
const link = (rel: string, href: string, type?: string) => ({ '@_rel': rel, '@_href': href, ...(type ? { '@_type': type } : {}) });

function entryElement(entry: AtomEntry) {
  return {
    id: text(entry.id),
    title: { '@_type': 'text', ...text(entry.title) },
    updated: text(entry.updated),
    ...(entry.published ? { published: text(entry.published) } : {}),
    link: link('alternate', entry.alternate, 'text/html'),
    ...(entry.category ? { category: { '@_term': clean(entry.category.term), '@_label': clean(entry.category.label) } } : {}),
    summary: { '@_type': 'text', ...text(entry.summary) },
    // GeoRSS Simple: "lat long", WGS 84 (an extension element the Atom schema allows).
    ...(entry.point ? { 'georss:point': text(`${entry.point.lat} ${entry.point.long}`) } : {}),
  };
}

export function serializeAtom(feed: AtomFeed): string {
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      '@_xmlns:georss': 'http://www.georss.org/georss',
      '@_xml:lang': feed.lang,
      id: text(feed.id),
      title: { '@_type': 'text', ...text(feed.title) },
      ...(feed.subtitle ? { subtitle: { '@_type': 'text', ...text(feed.subtitle) } } : {}),
      updated: text(feed.updated),
      link: [link('self', feed.self, 'application/atom+xml'), link('alternate', feed.alternate, 'text/html')],
      author: { name: text(feed.author) },
      generator: { '@_uri': feed.generator.uri, ...text(feed.generator.name) },
      entry: feed.entries.map(entryElement),
    },
  };
  return builder.build(document);
}
