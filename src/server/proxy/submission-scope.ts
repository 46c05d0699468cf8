/**
 * Whose submission a key names. The web app sends with each report a random lookup token it keeps
 * with the report's Idempotency-Key (`Submission-Lookup-Token`); the proxy keeps the key under a
 * scope made of the token's digest, as the service scopes keys by the caller's API key. So a
 * lookup finds a report only with the token it went with: a guessed or leaked key (it travels in
 * the lookup's URL, which logs keep) gives another browser nothing, and a key sent by someone else
 * with another token is another report's key, never a 422 for the resident's own.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { checkedIdempotencyKey } from '../open311/idempotency';

/** Reports sent without a token (other clients, a web app from before the tokens): the scope they always had. */
const withoutToken = 'proxy:open311';

/** The request's lookup token, checked as a key is (a 400 when it cannot be one); undefined when none was sent. */
export function lookupTokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['submission-lookup-token'];
  if (raw === undefined) return undefined;
  return checkedIdempotencyKey(String(raw).trim(), 'the Submission-Lookup-Token header');
}

/** The scope of a submission sent with `token` (or none): only its digest is kept. */
export function submissionScope(token: string | undefined): string {
  return token === undefined ? withoutToken : `${withoutToken}:token:${createHash('sha256').update(token).digest('hex')}`;
}
