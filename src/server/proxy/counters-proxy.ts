import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { publicBaseUrl } from '../http/public-base-url';
import { paths } from '../../shared/paths';
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

/** `/proxy/counters/*`: the counter list, with next/previous pointing back through the proxy. */
export const countersProxy: FastifyPluginAsync<{ context: AppContext; upstreams: Upstreams }> = async (app, { context, upstreams }) => {
  // `/proxy/counters` itself and non-GET methods: the counters' error shape, not the app's plain 404.
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));
  app.get('/*', async (request: FastifyRequest, reply) => {
    const rest = forwardedSubpath((request.params as { '*': string })['*']);
    if (rest === undefined) return reply.code(404).send({ detail: 'Not found.' });
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const upstreamBase = upstreams.counters();
    let response;
    try {
      response = await callUpstream('counter list', `${upstreamBase}/${rest}${query}`, { timeoutMs: context.config.UPSTREAM_TIMEOUT_MS });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return reply.code(error.statusCode).send({ detail: error.message });
    }
    const contentType = response.headers['content-type'] ?? '';
    if (!contentType.includes('json')) return reply.code(response.statusCode).headers(response.headers).send(response.body);

    const text = withoutBom(await response.body.text());
    let page: unknown;
    try {
      page = JSON.parse(text);
    } catch {
      return reply.code(502).send({ detail: 'the counter list service sent an answer that is not valid JSON' });
    }
    if (page && typeof page === 'object' && !Array.isArray(page) && ('next' in page || 'previous' in page)) {
      const base = publicBaseUrl(request, context.config);
      if (base === undefined) return reply.code(400).send({ detail: 'Invalid Host header.' });
      const proxyBase = `${base}${paths.proxyCounters}`;
      const envelope = page as Record<string, unknown>;
      envelope.next = rewritePageLink(envelope.next, upstreamBase, proxyBase);
      envelope.previous = rewritePageLink(envelope.previous, upstreamBase, proxyBase);
    }
    return reply.code(response.statusCode).headers(response.headers).type('application/json').send(JSON.stringify(page));
  });
};
