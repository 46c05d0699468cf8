/**
 * The counter list's answers (GET / and its format suffixes), by base URL and request URL, with
 * whole pages cached for one dataset version: a write by any process (an import from the admin
 * CLI included) is seen at once. Used by the route and, in-process, by the embedded proxy.
 */
import type { AppContext } from '../context';
import { createAnswerCache } from '../http/answer-cache';
import { renderListPage } from './list-page';
import { parseQueryString, rawQueryOf } from '../drf/query-string';
import { createCounterRenderings, type CounterRenderings } from './renderings';
import { answerHeaders, type CounterResponse } from './responses';

export interface CounterListAsk {
  /** The public base URL the links are built on. */
  base: string;
  /** The path and query as asked of the service, e.g. `/api/counters/?page=2`. */
  requestUrl: string;
  /** The list's own path (`/api/counters/`, `/api/counters.csv`). */
  listPath: string;
  /** The service's prefix, e.g. `/api/counters`. */
  prefix: string;
  accept: string | undefined;
  suffix?: string;
}

export interface CounterListAnswers {
  (ask: CounterListAsk): Promise<CounterResponse>;
  /** Each counter's Feature and CSV row, cached by revision: the detail page and polygon search use these too. */
  renderings: CounterRenderings;
}

export function createCounterListAnswers(context: Pick<AppContext, 'config' | 'repositories' | 'metrics'>): CounterListAnswers {
  const repository = context.repositories.counters;
  const renderings = createCounterRenderings(repository, context.config.TZ_NAME);
  const listingCache = createAnswerCache<CounterResponse>({ maxEntries: 1000, maxBytes: 64 * 1024 * 1024, counter: context.metrics.cache('counter_list') });
  const answer = async ({ base, requestUrl, listPath, prefix, accept, suffix }: CounterListAsk): Promise<CounterResponse> => {
    // The key holds the base too (links in the body are absolute) and the Accept header as sent,
    // which may choose the format: cheaper than negotiating before the lookup.
    const key = `${base} ${accept ?? ''} ${requestUrl}`;
    const version = await repository.datasetVersion();
    const cached = listingCache.get(key, version);
    if (cached) return cached;
    const response = await renderListPage(repository, renderings, {
      pairs: parseQueryString(rawQueryOf(requestUrl)),
      suffix,
      listUrl: base + listPath,
      formatsUrl: `${base}${prefix}/`,
      requestUrl,
      accept,
    });
    // Cache only what was rendered from one version throughout.
    if ((await repository.datasetVersion()) === version) listingCache.set(key, version, response);
    return response;
  };
  return Object.assign(answer, { renderings });
}

/**
 * The list page (GET {prefix}/?query, no format suffix) as the route answers it, status and
 * headers included: what the embedded proxy asks for in-process.
 */
export function counterListPageAnswerer(listAnswers: CounterListAnswers, prefix: string) {
  return async ({ base, query, accept }: { base: string; query: string; accept: string | undefined }) => {
    const listPath = `${prefix}/`;
    const response = await listAnswers({ base, requestUrl: `${listPath}${query === '' ? '' : `?${query}`}`, listPath, prefix, accept });
    return { statusCode: 200, headers: answerHeaders(listPath, response), body: response.body };
  };
}
