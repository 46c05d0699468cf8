/**
 * Who is signed in as a resident (issue 28, "My reports" without a password). A resident's
 * session is separate from a moderator's and grants nothing but their own reports, follows,
 * alerts and email settings; its email address was proven by a one-time link.
 *
 * PLACEHOLDER until the sign-in lands (its commit starts with "Resident sign-in"): nobody is
 * signed in. Other parts (an update marked fixed by its reporter, the alerts page, a draft's
 * contact fields) ask only this.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

export interface ResidentSession {
  /** The address the one-time link was sent to, lower-cased. */
  email: string;
}

/** The resident signed in on this request, if any. */
export async function residentOf(_context: AppContext, _request: FastifyRequest): Promise<ResidentSession | undefined> {
  return undefined;
}
