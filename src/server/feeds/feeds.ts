/**
 * What each feed holds, read from Kerro's own store: only published requests, only what their
 * public page shows (the presenter's public history; never an email, name or phone), newest
 * first, at most `maxEntries`.
 */
import { parseDetailedStatus } from '../../shared/georeport/detailed-status';
import { areaFeedPath, bodyFeedPath, requestFeedPath } from '../../shared/feeds';
import type { SupportedLocale } from '../../shared/locales';
import { detailedStatusWords } from '../notify/detailed-status-words';
import { updateTexts } from '../notify/update-texts';
import { presentHistory, translationOf } from '../open311/presenter';
import type { Repositories, ServiceRequestQuery, ServiceRequestRecord } from '../storage/repositories/types';
import { formatW3cDateTime } from '../time/w3c';
import type { FeedArea } from './area-params';
import type { AtomEntry, AtomFeed } from './atom';
import { feedTexts } from './feed-texts';

export const maxEntries = 50;

export interface FeedSource {
  repositories: Pick<Repositories, 'serviceRequests' | 'serviceTypes' | 'requestHistory' | 'bodies'>;
  /** PUBLIC_BASE_URL (else this server's own address): never a caller's Host header. */
  baseUrl: string;
  timeZone: string;
  now: () => number;
}

/** `locale` as the caller asked for it (kept in the self link), or undefined for the default. */
export interface FeedAsk {
  locale: SupportedLocale;
  localeAsked: boolean;
}

const generator = (baseUrl: string) => ({ name: 'Kerro', uri: `${baseUrl}/` });
const pageOf = (source: FeedSource, id: string) => `${source.baseUrl}/requests/${encodeURIComponent(id)}`;
const withLocale = (path: string, ask: FeedAsk) => (ask.localeAsked ? `${path}${path.includes('?') ? '&' : '?'}locale=${ask.locale}` : path);
const statusWords = (locale: SupportedLocale, detailed: readonly string[]) => detailedStatusWords(locale, detailed, updateTexts[locale].statusNames);
/** The latest change among the entries (epoch ms), else now: an empty feed has no better answer. */
const newestOf = (source: FeedSource, times: readonly number[]) => formatW3cDateTime(times.length > 0 ? Math.max(...times) : source.now(), source.timeZone);

async function serviceNames(source: FeedSource, locale: SupportedLocale): Promise<Map<string, string>> {
  const types = await source.repositories.serviceTypes.list();
  return new Map(types.map((type) => [type.service_code, translationOf(type, locale).service_name]));
}

/** One published request as an entry: its headline, place and text, as its public page shows them. */
function requestEntry(source: FeedSource, record: ServiceRequestRecord, serviceName: string, locale: SupportedLocale): AtomEntry {
  const time = (epochMs: number) => formatW3cDateTime(epochMs, source.timeZone);
  const title = record.title?.trim();
  const place = record.address_string?.trim();
  return {
    id: pageOf(source, record.service_request_id),
    title: title ? `${serviceName}: ${title}` : serviceName || record.service_code,
    updated: time(record.updated_at),
    published: time(record.requested_at),
    alternate: pageOf(source, record.service_request_id),
    category: { term: record.service_code, label: serviceName },
    summary: [place, `${feedTexts[locale].status}: ${statusWords(locale, record.detailed_status)}`, record.description].filter(Boolean).join('\n'),
    point: record.lat !== null && record.long !== null ? { lat: record.lat, long: record.long } : undefined,
  };
}

async function requestsFeed(source: FeedSource, query: Omit<ServiceRequestQuery, 'moderation' | 'limit'>, ask: FeedAsk) {
  const [records, names] = await Promise.all([
    source.repositories.serviceRequests.query({ ...query, moderation: ['published'], limit: maxEntries }),
    serviceNames(source, ask.locale),
  ]);
  return {
    entries: records.map((record) => requestEntry(source, record, names.get(record.service_code) ?? '', ask.locale)),
    updated: newestOf(source, records.map((record) => record.updated_at)),
  };
}

export async function areaFeed(source: FeedSource, area: FeedArea, ask: FeedAsk): Promise<AtomFeed> {
  const texts = feedTexts[ask.locale];
  const { entries, updated } = await requestsFeed(source, { near: { lat: area.lat, long: area.long, radiusMeters: area.radius } }, ask);
  const path = areaFeedPath(area);
  const query = new URLSearchParams(path.split('?')[1]);
  return {
    id: `${source.baseUrl}${path}`,
    lang: ask.locale,
    title: texts.areaTitle(Number(query.get('radius')), Number(query.get('lat')), Number(query.get('long'))),
    subtitle: texts.areaSubtitle,
    updated,
    self: `${source.baseUrl}${withLocale(path, ask)}`,
    // The home map around the same circle.
    alternate: `${source.baseUrl}/?${new URLSearchParams({ near: `${query.get('lat')},${query.get('long')}`, radius: query.get('radius') ?? '' }).toString()}`,
    author: 'Kerro',
    generator: generator(source.baseUrl),
    entries,
  };
}

/** Undefined when there is no such body. */
export async function bodyFeed(source: FeedSource, bodyId: string, ask: FeedAsk): Promise<AtomFeed | undefined> {
  const body = await source.repositories.bodies.find(bodyId);
  if (!body) return undefined;
  const name = body.names[ask.locale] || body.names.en;
  const { entries, updated } = await requestsFeed(source, { bodyIds: [body.id] }, ask);
  const path = bodyFeedPath(body.id);
  return {
    id: `${source.baseUrl}${path}`,
    lang: ask.locale,
    title: feedTexts[ask.locale].bodyTitle(name),
    subtitle: feedTexts[ask.locale].areaSubtitle,
    updated,
    self: `${source.baseUrl}${withLocale(path, ask)}`,
    alternate: `${source.baseUrl}/?${new URLSearchParams({ jurisdiction: body.jurisdiction_id }).toString()}`,
    author: name,
    generator: generator(source.baseUrl),
    entries,
  };
}

/** A published request's public history, one entry per history entry; undefined when it is not public. */
export async function requestFeed(source: FeedSource, id: string, ask: FeedAsk): Promise<AtomFeed | undefined> {
  const { serviceRequests, requestHistory } = source.repositories;
  const record = await serviceRequests.find(id);
  if (!record || record.moderation !== 'published') return undefined;
  const [events, names] = await Promise.all([requestHistory.listFor([id]), serviceNames(source, ask.locale)]);
  const texts = feedTexts[ask.locale];
  const page = pageOf(source, id);
  const stored = events.get(id) ?? [];
  const history = presentHistory(record, stored, source.timeZone, source.baseUrl);
  // Index in the whole history (oldest first): the public history only grows, so ids stay put.
  const entries = history
    .map((entry, index): AtomEntry => {
      const words = statusWords(ask.locale, parseDetailedStatus(entry.detailed_status));
      const title = entry.kind === 'status' ? texts.statusChanged(words) : (texts.history[entry.kind] ?? texts.history.other);
      return {
        id: `${page}#history-${index}`,
        title,
        updated: entry.datetime,
        alternate: page,
        summary: entry.update?.text ?? entry.note ?? `${texts.status}: ${words}`,
      };
    })
    .reverse()
    .slice(0, maxEntries);
  const serviceName = names.get(record.service_code) ?? record.service_code;
  const path = requestFeedPath(id);
  return {
    id: `${source.baseUrl}${path}`,
    lang: ask.locale,
    title: texts.requestTitle(record.title?.trim() || serviceName),
    updated: newestOf(source, [record.requested_at, ...stored.map((event) => event.at)]),
    self: `${source.baseUrl}${withLocale(path, ask)}`,
    alternate: page,
    author: 'Kerro',
    generator: generator(source.baseUrl),
    entries,
  };
}
