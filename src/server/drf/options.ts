/**
 * OPTIONS on a DRF view. Without a CORS preflight's Access-Control-Request-Method it is DRF's
 * SimpleMetadata: the view's name and description, the media types it renders and parses (and,
 * where the view takes a POST, what that takes). A preflight gets the CORS answer, open to every
 * origin like the real service.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentTypes, sendDrfResponse } from './responses';

/** The renderers every view of the real service has: CamelCaseJSON, the browsable API, PaginatedCSV. */
export const drfRenders = ['application/json', 'text/html', 'text/csv'] as const;
/** DRF's default parsers, which a view has unless it names its own. */
export const drfDefaultParses = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'] as const;

export interface ViewMetadata {
  /** DRF's view name: the viewset's name and suffix ("Observation List", "Datasource Instance"). */
  name: string;
  /** The view's docstring, dedented. */
  description: string;
  parses?: readonly string[];
  actions?: Record<string, unknown>;
}

export const simpleMetadata = (view: ViewMetadata): string =>
  JSON.stringify({
    name: view.name,
    description: view.description,
    renders: drfRenders,
    parses: view.parses ?? drfDefaultParses,
    ...(view.actions ? { actions: view.actions } : {}),
  });

/** The OPTIONS answer of a view that takes `allow`. */
export function answerOptions(request: FastifyRequest, reply: FastifyReply, allow: string, view: ViewMetadata) {
  if (request.headers['access-control-request-method'] === undefined) {
    return sendDrfResponse(reply, 200, allow, { contentType: contentTypes.json, body: Buffer.from(simpleMetadata(view)), headers: {} });
  }
  const asked = request.headers['access-control-request-headers'];
  return reply
    .code(200)
    .headers({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': allow,
      'access-control-max-age': '86400',
      allow,
      ...(typeof asked === 'string' && /^[A-Za-z0-9, -]*$/.test(asked) ? { 'access-control-allow-headers': asked } : {}),
    })
    .send();
}
