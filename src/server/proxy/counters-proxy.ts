import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isUtf8 } from 'node:buffer';
import type { AppContext } from '../context';
import { publicBaseUrl } from '../http/public-base-url';
import { paths } from '../../shared/paths';
import { replaceLinks, scanPageLinks } from './page-links';
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

    const received = Buffer.from(await response.body.arrayBuffer());
    const hasBom = received[0] === 0xef && received[1] === 0xbb && received[2] === 0xbf;
    const bytes = hasBom ? received.subarray(3) : received;
    // Usually the links are spliced into the bytes as they came (a valid document, found without
    // building it: see page-links.ts); otherwise the page is parsed and written out again.
    const scan = isUtf8(bytes) ? scanPageLinks(bytes) : undefined;
    let page: unknown;
    if (scan === undefined) {
      try {
        page = JSON.parse(withoutBom(received.toString('utf8')));
      } catch {
        return reply.code(502).send({ detail: 'the counter list service sent an answer that is not valid JSON' });
      }
    }
    const hasLinks = scan
      ? scan.hasLinks
      : Boolean(page && typeof page === 'object' && !Array.isArray(page) && ('next' in page || 'previous' in page));
    let proxyBase = '';
    if (hasLinks) {
      const base = publicBaseUrl(request, context.config);
      if (base === undefined) return reply.code(400).send({ detail: 'Invalid Host header.' });
      proxyBase = `${base}${paths.proxyCounters}`;
    }
    const rewrite = (link: unknown) => rewritePageLink(link, upstreamBase, proxyBase);
    const sent = reply.code(response.statusCode).headers(response.headers).type('application/json; charset=utf-8');
    if (scan) return sent.send(hasLinks ? replaceLinks(bytes, scan, rewrite) : bytes);
    if (hasLinks) {
      const envelope = page as Record<string, unknown>;
      envelope.next = rewrite(envelope.next);
      envelope.previous = rewrite(envelope.previous);
    }
    return sent.send(JSON.stringify(page));
  });
};
