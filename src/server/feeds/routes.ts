/**
 * Atom feeds (RFC 4287), no sign-in: `GET /feeds/area.atom?lat=&long=&radius=` (published reports
 * within the circle), `/feeds/bodies/{id}.atom` (a body's published reports) and
 * `/feeds/requests/{id}.atom` (a published report's public history). `?locale=fi|sv|en` picks the
 * titles' language (default: the installation's, English). Errors are short plain text saying
 * what to fix. The answers are whole strings, so http/compression.ts gives them a strong ETag,
 * 304s and brotli/gzip like every other answer.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { defaultLocale, resolveLocale } from '../../shared/locales';
import type { AppContext } from '../context';
import { textParam, type RawQuery } from '../http/query-params';
import { parseFeedArea } from './area-params';
import { atomContentType, serializeAtom, type AtomFeed } from './atom';
import { areaFeed, bodyFeed, requestFeed, type FeedAsk, type FeedSource } from './feeds';

// Feed readers poll; a few minutes' delay is nothing for a report, and the ETag makes a check cheap.
const cacheControl = 'public, max-age=300';

const plain = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(`${message}\n`);

function askOf(query: RawQuery): FeedAsk {
  const locale = textParam(query, 'locale');
  return { locale: locale === undefined ? defaultLocale : resolveLocale(locale), localeAsked: locale !== undefined };
}

const sendFeed = (reply: FastifyReply, feed: AtomFeed) => reply.header('cache-control', cacheControl).type(atomContentType).send(serializeAtom(feed));

export const feedRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  const source: FeedSource = {
    repositories: context.repositories,
    baseUrl: context.mailLinks.baseUrl,
    timeZone: context.config.TZ_NAME,
    now: context.now,
  };
  const hidden = { schema: { hide: true } };

  app.get<{ Querystring: RawQuery }>('/area.atom', hidden, async (request, reply) => {
    const parsed = parseFeedArea(request.query);
    if ('problems' in parsed) return plain(reply, 400, `Bad feed address: ${parsed.problems.join('; ')}.\nExample: /feeds/area.atom?lat=60.1699&long=24.9384&radius=1000`);
    return sendFeed(reply, await areaFeed(source, parsed.area, askOf(request.query)));
  });

  app.get<{ Params: { id: string }; Querystring: RawQuery }>('/bodies/:id.atom', hidden, async (request, reply) => {
    const feed = await bodyFeed(source, request.params.id, askOf(request.query));
    return feed ? sendFeed(reply, feed) : plain(reply, 404, `No such body: ${request.params.id.slice(0, 100)}`);
  });

  app.get<{ Params: { id: string }; Querystring: RawQuery }>('/requests/:id.atom', hidden, async (request, reply) => {
    const feed = await requestFeed(source, request.params.id, askOf(request.query));
    // Unpublished and unknown alike: a feed never tells that a request waits for a moderator.
    return feed ? sendFeed(reply, feed) : plain(reply, 404, `No published report with the id ${request.params.id.slice(0, 100)}`);
  });
  // Any other path or method: the app's not-found handler, in the feeds' plain text (api-errors/).
};
