import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { ServiceRequestRecord } from '../../storage/repositories/types';

/** What the desk's routes (assignment.ts, internal-notes.ts) take from the request routes: the scoped look-up and the detail answer. */
export interface DeskRouteOptions {
  context: AppContext;
  /** The request if it is in the moderator's bodies; undefined when absent to them. */
  findInScope: (request: FastifyRequest, id: string) => Promise<ServiceRequestRecord | undefined>;
  /** The request's detail answer, as every change answers it. */
  detail: (request: FastifyRequest, id: string, locale: string | undefined) => Promise<unknown>;
}
