/** Bodies and query strings of the residents' API; one zod schema each, the route's schema (schemas.ts). */
import { z } from 'zod';
import { isSafeNextPath } from '../../shared/residents/wire';

const locale = z.string().max(20).optional();

export const signInBody = z.strictObject({
  email: z.string('email is required: the address the sign-in link goes to').trim().max(254, 'email is at most 254 characters').pipe(z.email('email must be a valid address such as name@example.org')),
  locale,
  next: z.string().refine(isSafeNextPath, 'next must be a path on this site, such as /report').optional(),
});

export const confirmBody = z.strictObject({
  token: z.string('token is required: the one in the sign-in link').regex(/^[A-Za-z0-9_-]{20,100}$/, 'token must be the one in the sign-in link, as it is'),
});

export const meQuery = z.object({ locale });

const requestId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a service_request_id');

export const settingsBody = z.strictObject({
  reportUpdates: z.boolean('reportUpdates must be true or false').optional(),
  unfollow: z.array(requestId).max(500, 'unfollow takes at most 500 ids').optional(),
  removeAlerts: z.array(z.number('removeAlerts must list alert ids').int('removeAlerts must list alert ids').positive('removeAlerts must list alert ids')).max(500, 'removeAlerts takes at most 500 ids').optional(),
});
