import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { publicBaseUrl } from '../http/public-base-url';
import { paths } from '../../shared/paths';
import { rewriteEnvelopeHead } from './counters-page-links';
import { createAnswerCache } from '../http/answer-cache';
import type { CachedUpstreamAnswer } from './upstream';
import { callUpstream, forwardedSubpath, UpstreamError, withoutBom } from './upstream';
import type { Upstreams } from './upstreams';

/**
 * Re-points a paging link of the upstream at the proxy: whatever host the upstream named, the
 * part after its base path is kept (with every query parameter) and put under /proxy/counters.
 */
export function rewritePageLink(link: unknown, upstreamBase: string, proxyBase: string): unknown {
  if (typeof link !== 'string') return link;
  try {
    const target = new URL(link);
    const basePath = new URL(upstreamBase).pathname.replace(/\/+$/, '');
    if (!target.pathname.startsWith(basePath)) return link;
    return `${proxyBase}${target.pathname.slice(basePath.length)}${target.search}`;
  } catch {
    return link;
  }
}

/** The slow path, for any JSON not in the compact envelope: parsed, links re-pointed, written again. */
function reserialized(bytes: Buffer, repoint: (link: unknown) => unknown): Buffer | undefined {
  let page: unknown;
  try {
    page = JSON.parse(withoutBom(bytes.toString('utf8')));
  } catch {
    return undefined;
  }
  if (page && typeof page === 'object' && !Array.isArray(page) && ('next' in page || 'previous' in page)) {
    const envelope = page as Record<string, unknown>;
    envelope.next = repoint(envelope.next);
    envelope.previous = repoint(envelope.previous);
  }
  return Buffer.from(JSON.stringify(page));
}

const send = (reply: FastifyReply, answer: CachedUpstreamAnswer) => reply.code(answer.statusCode).headers(answer.headers).send(answer.body);

/**
 * `/proxy/counters/*`: the counter list, with next/previous pointing back through the proxy.
 * Successful JSON pages are kept for COUNTERS_CACHE_SECONDS: the list changes rarely, and a map
 * loading every page at once should not make each visitor cost the upstream twenty calls.
 */
export const countersProxy: FastifyPluginAsync<{ context: AppContext; upstreams: Upstreams }> = async (app, { context, upstreams }) => {
  const { config } = context;
  const cache = createAnswerCache<CachedUpstreamAnswer>({ maxAgeMs: config.COUNTERS_CACHE_SECONDS * 1000, maxEntries: 500, maxBytes: 64 * 1024 * 1024 });
  // `/proxy/counters` itself and non-GET methods: the counters' error shape, not the app's plain 404.
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));

  app.get('/*', async (request: FastifyRequest, reply) => {
    const rest = forwardedSubpath((request.params as { '*': string })['*']);
    if (rest === undefined) return reply.code(404).send({ detail: 'Not found.' });
    const base = publicBaseUrl(request, config);
    if (base === undefined) return reply.code(400).send({ detail: 'Invalid Host header.' });
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const upstreamBase = upstreams.counters();
    const url = `${upstreamBase}/${rest}${query}`;
    // The rewritten links depend on the host the page was asked through.
    const cacheKey = `${base}|${url}`;
    const cached = cache.get(cacheKey, '', context.now());
    if (cached) return send(reply, cached);

    let response;
    try {
      response = await callUpstream('counter list', url, { timeoutMs: config.UPSTREAM_TIMEOUT_MS });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return reply.code(error.statusCode).send({ detail: error.message });
    }
    const contentType = response.headers['content-type'] ?? '';
    if (!contentType.includes('json')) return reply.code(response.statusCode).headers(response.headers).send(response.body);

    const bytes = Buffer.from(await response.body.arrayBuffer());
    const proxyBase = `${base}${paths.proxyCounters}`;
    const repoint = (link: unknown) => rewritePageLink(link, upstreamBase, proxyBase);
    const body = rewriteEnvelopeHead(bytes, repoint) ?? reserialized(bytes, repoint);
    if (body === undefined) return reply.code(502).send({ detail: 'the counter list service sent an answer that is not valid JSON' });
    const answer = {
      statusCode: response.statusCode,
      headers: { ...response.headers, 'content-type': 'application/json; charset=utf-8' },
      body,
    };
    if (response.statusCode === 200) cache.set(cacheKey, '', context.now(), answer);
    return send(reply, answer);
  });
};
