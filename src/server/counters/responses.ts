/**
 * How the counter API answers (the DRF wire's responses, drf/responses.ts): the list's Allow
 * takes POST (the polygon search), one counter's does not; error pages are titled by the view.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DrfErrorBody } from '../drf/errors';
import { drfErrorResponse, drfHeaders, readOnlyMethods, sendDrfResponse, type DrfResponse } from '../drf/responses';

export type CounterResponse = DrfResponse;
export { contentTypes, formatHeaders } from '../drf/responses';

export const allowedMethods = readOnlyMethods;
/** The list also takes a POST (the polygon search), as the real viewset's create action. */
export const listAllowedMethods = 'GET, POST, HEAD, OPTIONS';

/** DRF's Allow header of the route: the list's (with POST) or one counter's. */
export const allowedMethodsOf = (routeUrl: string | undefined) =>
  routeUrl === undefined || routeUrl.includes(':id') ? allowedMethods : listAllowedMethods;

/** Every header of an answer of the route at `routeUrl`, content type included. */
export const answerHeaders = (routeUrl: string | undefined, response: CounterResponse): Record<string, string> =>
  drfHeaders(allowedMethodsOf(routeUrl), response);

export const sendResponse = (reply: FastifyReply, statusCode: number, response: CounterResponse) =>
  sendDrfResponse(reply, statusCode, allowedMethodsOf(reply.request.routeOptions.url), response);

/** An error in the format asked for, titled as the view that answers it. */
export const errorResponse = (request: FastifyRequest, statusCode: number, body: DrfErrorBody): CounterResponse =>
  drfErrorResponse(
    {
      url: request.url,
      accept: request.headers.accept,
      title: request.routeOptions.url?.includes(':id') ? 'Counter Instance' : 'Counter List',
      allow: allowedMethodsOf(request.routeOptions.url),
    },
    statusCode,
    body,
  );
