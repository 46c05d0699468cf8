/**
 * `/proxy/geocoding/v1/{search,reverse}` when GEOCODER_URL names a Pelias service (Digitransit's
 * https://api.digitransit.fi/geocoding/v1): the browser's query passes through with the proxy's
 * key added (GEOCODER_API_KEY as the GEOCODER_API_KEY_PARAM query parameter, or a header with
 * `header:NAME`) and any key the browser sent dropped. Pelias answers pass through; an
 * unreachable or refusing upstream answers in Pelias's error envelope.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { sendPeliasError } from '../pelias/envelope';
import { callUpstream, UpstreamError, withoutBom } from './upstream';
import { peliasSchemas } from '../pelias/wire-schemas';
import { admitsAll, validateRoutes } from '../http/route-validation';
import { passedOn } from './route-schemas';

/** Key parameters never taken from the browser, whatever the configured name. */
const keyParameters = ['api_key', 'digitransit-subscription-key'];
/** An error body larger than this is not read to check its shape. */
const MAX_ERROR_BODY = 64 * 1024;

type KeyConfig = Pick<Config, 'GEOCODER_API_KEY' | 'GEOCODER_API_KEY_PARAM'>;

/** The upstream query: the browser's, minus key parameters, plus the proxy's key when it is a query parameter. */
export function upstreamQuery(requestUrl: string, config: KeyConfig): string {
  const index = requestUrl.indexOf('?');
  const params = new URLSearchParams(index >= 0 ? requestUrl.slice(index + 1) : '');
  const keyInHeader = config.GEOCODER_API_KEY_PARAM.startsWith('header:');
  for (const name of [...keyParameters, ...(keyInHeader ? [] : [config.GEOCODER_API_KEY_PARAM])]) params.delete(name);
  if (config.GEOCODER_API_KEY && !keyInHeader) params.append(config.GEOCODER_API_KEY_PARAM, config.GEOCODER_API_KEY);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function keyHeaders(config: KeyConfig): Record<string, string> {
  if (!config.GEOCODER_API_KEY || !config.GEOCODER_API_KEY_PARAM.startsWith('header:')) return {};
  return { [config.GEOCODER_API_KEY_PARAM.slice('header:'.length)]: config.GEOCODER_API_KEY };
}

/** A Pelias error envelope: passed on as it is, since it already says what to fix. */
function isPeliasEnvelope(bytes: Buffer): boolean {
  try {
    const body = JSON.parse(withoutBom(bytes.toString('utf8'))) as { geocoding?: unknown };
    return typeof body === 'object' && body !== null && typeof body.geocoding === 'object' && body.geocoding !== null;
  } catch {
    return false;
  }
}

export const geocodingProxy: FastifyPluginAsync<{ context: AppContext; upstreamUrl: string }> = async (app, { context, upstreamUrl }) => {
  const { config } = context;
  const fail = (reply: FastifyReply, statusCode: number, message: string) => sendPeliasError(reply, statusCode, [message], context.now());
  app.setNotFoundHandler((_request, reply) => fail(reply, 404, 'not found: the geocoder answers GET /search and GET /reverse'));
  // The query passes on as it came (less any key): the Pelias service judges it.
  validateRoutes(app, admitsAll);

  for (const endpoint of ['search', 'reverse'] as const) {
    app.get(`/${endpoint}`, { schema: passedOn(peliasSchemas[endpoint]) }, async (request, reply) => {
      let response;
      try {
        response = await callUpstream('geocoding', `${upstreamUrl}/${endpoint}${upstreamQuery(request.url, config)}`, {
          headers: { accept: 'application/json', ...keyHeaders(config) },
          timeoutMs: config.UPSTREAM_TIMEOUT_MS,
          metrics: context.metrics,
        });
      } catch (error) {
        if (error instanceof UpstreamError) return fail(reply, error.statusCode, error.message);
        throw error;
      }
      if (response.statusCode < 400) return reply.code(response.statusCode).headers(response.headers).send(response.body);

      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_ERROR_BODY) break;
        chunks.push(chunk as Buffer);
      }
      const bytes = Buffer.concat(chunks);
      if (size <= MAX_ERROR_BODY && isPeliasEnvelope(bytes)) return reply.code(response.statusCode).headers(response.headers).send(bytes);
      request.log.warn({ upstreamStatus: response.statusCode }, 'geocoding upstream refused the request');
      const message =
        response.statusCode === 401 || response.statusCode === 403
          ? `the geocoding service refused the proxy's key (HTTP ${response.statusCode}); the operator must check GEOCODER_API_KEY`
          : `the geocoding service failed (HTTP ${response.statusCode}); try again later`;
      return fail(reply, 502, message);
    });
  }
};
