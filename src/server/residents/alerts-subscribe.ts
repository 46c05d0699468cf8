/**
 * Subscribing to an alert, the use-case behind `POST /residents/api/alerts`: the input as the
 * route's shared schema parsed it, a body alert's body looked up, limits per address (kept as a hash, so
 * the limits table is no list of addresses) and per client, then the pending alert and its
 * confirmation email queued together. Nothing else is sent until its link is opened, and the
 * answer is the same whether or not the address already has the alert.
 */
import type { z } from 'zod';
import type { alertInputSchema, AlertArea } from '../../shared/alerts/wire';
import { resolveLocale } from '../../shared/locales';
import type { AppContext } from '../context';
import { countAgainstLimits, sha256Hex, tryAgainIn } from '../http/requester-limits';
import { ModerationApiError } from '../moderation/errors';
import { announceOutboxMessage } from '../notify/outbox-signal';
import { alertConfirmationMessage } from './alerts-messages';
import { placeNameOf } from './alerts-places';

/**
 * Confirmation emails within an hour: per address and client together, per client, and per
 * address (seven clients' shares), so a stranger alone cannot use up a resident's confirmations.
 */
export const alertLimits = { perPair: 3, perClient: 20, perAddress: 20, windowMs: 60 * 60_000 };

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
  const refusal = await countAgainstLimits(
    repositories.rateLimits,
    client,
    {
      scope: 'alerts',
      targets: [{ key: `address:${sha256Hex(email.toLowerCase())}`, name: 'this address', perPair: alertLimits.perPair, perTarget: alertLimits.perAddress }],
      perRequester: alertLimits.perClient,
      windowMs: alertLimits.windowMs,
    },
    now,
  );
  if (refusal) {
    throw new ModerationApiError(429, 'too_many_attempts', `too many alert requests ${refusal.whose}: at most ${refusal.max} an hour; ${tryAgainIn(refusal)}`, {
      retryAfterSeconds: refusal.retryAfterSeconds,
    });
  }

  const settings = {
    links: context.mailLinks,
    mailFrom: config.MAIL_FROM,
    serviceTypes: await repositories.serviceTypes.list(),
    bodies: await repositories.bodies.list(),
    now,
  };
  // Named once, here: the confirmation and every later email of the alert say the same place.
  const place = await placeNameOf(repositories.addresses, area);
  const addressConfirmed = await repositories.residents.isConfirmedAddress(email, now);
  const outcome = await repositories.alerts.subscribe({ email, area, place, frequency, locale: resolveLocale(locale), now }, alertConfirmationMessage(settings, addressConfirmed));
  if (outcome === 'confirmation_queued') announceOutboxMessage();
}
