import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { formatSuffixOf } from '../drf/negotiation';
import { publicBaseUrl } from '../http/public-base-url';
import { paths } from '../../shared/paths';
import { asJsonQuery, browsableRequest, renderBrowsableProxyPage } from './counters-browsable';
import { proxiedLink, rewriteLinkHeader, rewritePageLink, type LinkMapping } from './counters-links';
import { rewriteEnvelopeHead } from './counters-page-links';
import { createAnswerCache } from '../http/answer-cache';
import type { CachedUpstreamAnswer, UpstreamResponse } from './upstream';
import { bufferedBody, forwardableHeaders, forwardedSubpath, UpstreamError, wildcardOf, withoutBom } from './upstream';
import type { Upstreams } from './upstreams';
import { proxySchemas } from './route-schemas';
import { admitsAll, validateRoutes } from '../http/route-validation';

export { rewritePageLink } from './counters-links';

/** The slow path, for any JSON not in the compact envelope: parsed, links re-pointed, written again. */
type Repoint = (link: unknown) => unknown;

function reserialized(bytes: Buffer, repoint: Repoint, repointCounter?: Repoint): Buffer | undefined {
  const page = parsedJson(bytes);
  if (page === undefined) return undefined;
  return Buffer.from(JSON.stringify(repointed(page, repoint, repointCounter)));
}

function parsedJson(bytes: Buffer): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(withoutBom(bytes.toString('utf8'))) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * A page envelope with next/previous re-pointed, and with `repointCounter` each result's link to
 * its counter (observations name theirs); anything else as it is.
 */
function repointed({ value }: { value: unknown }, repoint: Repoint, repointCounter?: Repoint): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && ('next' in value || 'previous' in value)) {
    const envelope = value as Record<string, unknown>;
    envelope.next = repoint(envelope.next);
    envelope.previous = repoint(envelope.previous);
    if (repointCounter && Array.isArray(envelope.results)) {
      for (const result of envelope.results as unknown[]) {
        if (result && typeof result === 'object' && 'counter' in result) {
          const item = result as Record<string, unknown>;
          item.counter = repointCounter(item.counter);
        }
      }
    }
  }
  return value;
}

const isJson = (headers: Record<string, string>) => /json/i.test(headers['content-type'] ?? '');

const send = (reply: FastifyReply, answer: CachedUpstreamAnswer) => reply.code(answer.statusCode).headers(answer.headers).send(answer.body);

interface Forwarded {
  /** What follows the upstream base: `/7/`, `/`, `.csv`. */
  subpath: string;
  /** A DRF format suffix in the path (`7.json`, `counters.csv`). */
  suffix?: string;
  /** A single counter rather than the list. */
  instance: boolean;
}

/**
 * `/proxy/counters/*` (and `/proxy/counters.csv` and the like): the counter list service. Nothing
 * the upstream answers carries its address on: next/previous, a CSV `Link` header and redirects
 * point back through the proxy (a redirect outside the upstream's base is a 502), the browsable
 * page is rendered here from the upstream's JSON, and the content type is the upstream's own.
 * Successful pages are kept for COUNTERS_CACHE_SECONDS: the list changes rarely, and a map loading
 * every page at once should not make each visitor cost the upstream twenty calls.
 */
export interface CountersProxyOptions {
  context: AppContext;
  upstreams: Upstreams;
  /**
   * Another part of the same service than the counter list (the API root, for observations):
   * its upstream base and the proxy path standing for it. Default: the counter list.
   */
  part?: { upstreamBase: () => string; proxyPath: string };
}

export const countersProxy: FastifyPluginAsync<CountersProxyOptions> = async (app, { context, upstreams, part }) => {
  const { config } = context;
  const upstreamBaseOf = part?.upstreamBase ?? upstreams.counters;
  const proxyPath = part?.proxyPath ?? paths.proxyCounters;
  // Garbage with the service's page: never serves a page the service no longer would.
  const rewrittenPages = new WeakMap<Buffer, Map<string, Buffer>>();
  const cache = createAnswerCache<CachedUpstreamAnswer>({
    maxAgeMs: config.COUNTERS_CACHE_SECONDS * 1000,
    maxEntries: 500,
    maxBytes: 64 * 1024 * 1024,
    clock: context.now,
    counter: context.metrics.cache('proxy_counters'),
  });
  // Its schemas admit every path (the handlers answer the service's 404 for one they cannot
  // forward); the query passes on as it came.
  validateRoutes(app, admitsAll);
  // Non-GET methods and unknown forms: the counters' error shape, not the app's plain 404.
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));

  const forward = async (request: FastifyRequest, reply: FastifyReply, target: Forwarded) => {
    const base = publicBaseUrl(request, config);
    if (base === undefined) return reply.code(400).send({ detail: 'Invalid Host header.' });
    const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const browsable = browsableRequest(target.suffix, rawQuery);
    const upstreamBase = upstreamBaseOf();
    // The browsable page is made here from the JSON (counters-browsable.ts).
    const subpath = browsable === 'suffix' ? target.subpath.replace(/\.api(\/?)$/, '.json$1') : target.subpath;
    const query = browsable === 'parameter' ? asJsonQuery(rawQuery) : rawQuery;
    const url = `${upstreamBase}${subpath}${query === '' ? '' : `?${query}`}`;
    const proxyBase = `${base}${proxyPath}`;
    const links: LinkMapping = { upstreamBase, proxyBase, ...(browsable ? { formatBack: browsable } : {}) };

    // The rewritten links depend on the host the page was asked through.
    const cacheKey = `${base}|${browsable ?? ''}|${url}`;
    const cached = cache.get(cacheKey, '');
    if (cached) return send(reply, cached);

    const browsablePage = (statusCode: number, json: { value: unknown }) => {
      const resourcePath = target.suffix === undefined ? target.subpath : target.subpath.replace(/\.[a-z0-9]+\/?$/, '/');
      return renderBrowsableProxyPage({
        statusCode,
        json: json.value,
        instance: target.instance,
        requestUrl: request.url,
        rawQuery,
        resourceUrl: `${proxyBase}${resourcePath === '' ? '/' : resourcePath}`,
      });
    };

    // The embedded list page (what the map asks for) comes straight from the service's renderer.
    const listPage = !part && !browsable && target.subpath === '/' ? upstreams.embeddedCounterListPage : undefined;
    const embeddedPage = listPage ? await listPage({ base, query, accept: undefined }).catch(() => undefined) : undefined;
    let response: UpstreamResponse;
    try {
      response = embeddedPage
        ? { ...embeddedPage, headers: forwardableHeaders(embeddedPage.headers), body: bufferedBody(embeddedPage.body) }
        : await upstreams.call('counter list', url, { headers: upstreams.countersClientOrigin(request), timeoutMs: config.UPSTREAM_TIMEOUT_MS });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (!browsable) return reply.code(error.statusCode).send({ detail: error.message });
      return send(reply, browsablePage(error.statusCode, { value: { detail: error.message } }));
    }

    const headers = { ...response.headers };
    if (headers.location !== undefined) {
      // Redirects stay inside the proxy (as a path, like the service's own APPEND_SLASH redirects).
      const location = proxiedLink(headers.location, { ...links, proxyBase: proxyPath });
      await response.body.dump();
      if (location === undefined) return reply.code(502).send({ detail: 'the counter list service redirected outside its API' });
      headers.location = location;
      return reply.code(response.statusCode).headers(headers).send();
    }
    for (const name of ['link', 'content-location']) {
      if (headers[name] === undefined) continue;
      const rewritten = rewriteLinkHeader(headers[name], links);
      if (rewritten === undefined) delete headers[name];
      else headers[name] = rewritten;
    }
    if (!isJson(headers)) {
      if (!browsable || response.statusCode < 400) return reply.code(response.statusCode).headers(headers).send(response.body);
    }

    const bytes = Buffer.from(await response.body.arrayBuffer());
    const repoint = (link: unknown) => rewritePageLink(link, upstreamBase, proxyBase, links.formatBack);
    // Another part (observations) links each row to its counter: through the counter list's proxy path.
    const countersMapping = { upstreamBase: upstreams.counters(), proxyBase: `${base}${paths.proxyCounters}` };
    const repointCounter = part ? (link: unknown) => (typeof link === 'string' ? (proxiedLink(link, countersMapping) ?? link) : link) : undefined;
    let answer: CachedUpstreamAnswer;
    if (browsable) {
      // An error page that is not JSON (a Django 404 page, a gateway's 502) says no more than its status.
      const parsed = isJson(headers) ? parsedJson(bytes) : undefined;
      if (isJson(headers) && parsed === undefined) return send(reply, browsablePage(502, { value: { detail: notJson } }));
      answer = browsablePage(response.statusCode, parsed ? { value: repointed(parsed, repoint, repointCounter) } : { value: { detail: 'Request failed.' } });
    } else {
      // Counter pages: the fast head rewrite. Observation pages carry links in every row: parsed whole.
      // The embedded service hands over the same Buffer while its page is current: rewritten once per
      // proxy base, so this server's ETag and compressed copies (keyed by Buffer) are made once too.
      const memo = embeddedPage && rewrittenPages.get(embeddedPage.body)?.get(proxyBase);
      const body = memo || ((repointCounter ? undefined : rewriteEnvelopeHead(bytes, repoint)) ?? reserialized(bytes, repoint, repointCounter));
      if (embeddedPage && body && !memo) rewrittenPages.set(embeddedPage.body, new Map([[proxyBase, body]]));
      if (body === undefined) return reply.code(502).send({ detail: notJson });
      // The upstream's own content type: the proxy changes links, not what the answer is. Its ETag
      // named the upstream's bytes, not these: this server tags what it sends (http/compression.ts).
      delete headers.etag;
      answer = { statusCode: response.statusCode, headers, body };
    }
    if (response.statusCode === 200) cache.set(cacheKey, '', answer);
    return send(reply, answer);
  };

  // `/proxy/counters` → `/proxy/counters/`, as the service's APPEND_SLASH would, but inside the proxy.
  app.get('', { schema: proxySchemas.redirect }, (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`${proxyPath}/${query}`, 301);
  });

  app.get('/*', { schema: proxySchemas.countersPath }, async (request: FastifyRequest, reply) => {
    const rest = forwardedSubpath(wildcardOf(request));
    if (rest === undefined) return reply.code(404).send({ detail: 'Not found.' });
    const segments = rest.split('/');
    const last = segments.at(-1) === '' ? segments.at(-2) : segments.at(-1);
    const suffix = last === undefined ? undefined : formatSuffixOf(last)?.suffix;
    const instance = segments.filter((segment) => segment !== '').length > 0;
    return forward(request, reply, { subpath: `/${rest}`, ...(suffix ? { suffix } : {}), instance });
  });

  // The list with a DRF format suffix: `/proxy/counters.csv` → `{COUNTERS_URL}.csv`.
  for (const url of ['.:format', '.:format/']) {
    app.get<{ Params: { format: string } }>(url, { schema: proxySchemas.countersSuffix }, async (request, reply) => {
      const { format } = request.params;
      if (!/^[a-z0-9]+$/.test(format)) return reply.code(404).send({ detail: 'Not found.' });
      return forward(request, reply, { subpath: `.${format}${url.endsWith('/') ? '/' : ''}`, suffix: format, instance: false });
    });
  }
};

const notJson = 'the counter list service sent an answer that is not valid JSON';
