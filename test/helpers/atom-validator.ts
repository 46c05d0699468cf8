/**
 * An Atom feed checked for real: against RFC 4287's own RELAX NG schema (test/fixtures/atom.rng,
 * Appendix B) by libxml2's validator (xmllint-wasm), and for the RFC's rules that a schema cannot
 * say (section 4.1.1, 4.1.2 and 3.3): every entry has an author or its feed has one, every entry
 * has an alternate link or content, ids are unique, and every date is an RFC 3339 date-time.
 */
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';

const schema = readFileSync(new URL('../fixtures/atom.rng', import.meta.url), 'utf8');

// RFC 3339 section 5.6's date-time: full date, T, full time with seconds, Z or a numeric offset.
const rfc3339 = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;

type Element = Record<string, unknown>;
const list = (value: unknown): Element[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Element[];
const textOf = (value: unknown): string => (typeof value === 'object' && value !== null ? String((value as Element)['#text'] ?? '') : String(value ?? ''));

export interface ParsedFeed {
  feed: Element;
  entries: Element[];
  /** The feed's links by rel (a link without rel is "alternate"). */
  links: Record<string, string>;
  entryIds: string[];
}

/** Throws, naming every problem, unless the document is a valid Atom feed; returns it parsed. */
export async function assertValidAtomFeed(xml: string): Promise<ParsedFeed> {
  const result = await validateXML({ xml: { fileName: 'feed.atom', contents: xml }, schema: { fileName: 'atom.rng', contents: schema }, extension: 'relaxng' });
  if (!result.valid) throw new Error(`not valid against RFC 4287's schema:\n${result.errors.map((error) => error.rawMessage).join('\n')}`);

  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, trimValues: false });
  const feed = (parser.parse(xml) as Element).feed as Element;
  const entries = list(feed.entry);
  const problems: string[] = [];
  const feedHasAuthor = list(feed.author).length > 0;
  const ids = [textOf(feed.id), ...entries.map((entry) => textOf(entry.id))];
  const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (duplicates.length > 0) problems.push(`ids are not unique: ${duplicates.join(', ')}`);
  const dates = [textOf(feed.updated), ...entries.flatMap((entry) => [textOf(entry.updated), ...(entry.published ? [textOf(entry.published)] : [])])];
  for (const date of dates) if (!rfc3339.test(date)) problems.push(`not an RFC 3339 date-time: ${date}`);
  entries.forEach((entry, index) => {
    if (!feedHasAuthor && list(entry.author).length === 0) problems.push(`entry ${index} has no author and neither has the feed`);
    const alternate = list(entry.link).some((link) => link['@_rel'] === undefined || link['@_rel'] === 'alternate');
    if (!alternate && entry.content === undefined) problems.push(`entry ${index} has neither an alternate link nor content`);
  });
  if (problems.length > 0) throw new Error(`breaks RFC 4287's rules:\n${problems.join('\n')}`);

  const links = Object.fromEntries(list(feed.link).map((link) => [String(link['@_rel'] ?? 'alternate'), String(link['@_href'])]));
  return { feed, entries, links, entryIds: entries.map((entry) => textOf(entry.id)) };
}

export { textOf as atomText, list as atomList };
