/**
 * Subscribing to an alert, the use-case behind `POST /residents/api/alerts`: the input as the
 * route's shared schema parsed it, a body alert's body looked up, limits per address (kept as a hash, so
 * the limits table is no list of addresses) and per client, then the pending alert and its
 * confirmation email queued together. Nothing else is sent until its link is opened, and the
 * answer is the same whether or not the address already has the alert.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { alertInputSchema, AlertArea } from '../../shared/alerts/wire';
import { resolveLocale } from '../../shared/locales';
import type { AppContext } from '../context';
import { ModerationApiError } from '../moderation/errors';
import { loginAddressKey } from '../moderation/login-address';
import { announceOutboxMessage } from '../notify/outbox-signal';
import { alertConfirmationMessage } from './alerts-messages';

/** Confirmation emails per address and per client within an hour. */
export const alertLimits = { perAddress: 5, perClient: 20, windowMs: 60 * 60_000 };

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** `input` as the route's schema (alertInputSchema) parsed it; `client` the request's address, counted by its /64 for IPv6 (one home's or phone's network). */
export async function subscribeToAlert(context: AppContext, input: z.output<typeof alertInputSchema>, client: string): Promise<void> {
  const { repositories, config } = context;
  const { email, frequency, locale, ...rest } = input;
  const area: AlertArea =
    rest.kind === 'point' ? { kind: 'point', lat: rest.lat, long: rest.long, radius_m: rest.radius_m } : rest.kind === 'street' ? { kind: 'street', street: rest.street } : { kind: 'body', body_id: rest.body_id };
  if (area.kind === 'body' && !(await repositories.bodies.find(area.body_id))) {
    const message = `${area.body_id} is no body of this installation; see /proxy/bodies/v1/bodies.json`;
    throw new ModerationApiError(400, 'invalid_input', `body_id: ${message}`, { fields: [{ field: 'body_id', message, code: 'unknown_value' }] });
  }

  const now = context.now();
  for (const [key, max] of [[`alerts:address:${hashOf(email.toLowerCase())}`, alertLimits.perAddress], [`alerts:client:${hashOf(loginAddressKey(client))}`, alertLimits.perClient]] as const) {
    const { count, resetAt } = await repositories.rateLimits.hit(key, alertLimits.windowMs, now);
    if (count > max) {
      const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
      throw new ModerationApiError(429, 'too_many_attempts', `too many alert requests: at most ${max} an hour; try again in ${Math.ceil(seconds / 60)} minutes`, { retryAfterSeconds: seconds });
    }
  }

  const settings = {
    links: context.mailLinks,
    mailFrom: config.MAIL_FROM,
    serviceTypes: await repositories.serviceTypes.list(),
    bodies: await repositories.bodies.list(),
    now,
  };
  const outcome = await repositories.alerts.subscribe({ email, area, frequency, locale: resolveLocale(locale), now }, alertConfirmationMessage(settings));
  if (outcome === 'confirmation_queued') announceOutboxMessage();
}
