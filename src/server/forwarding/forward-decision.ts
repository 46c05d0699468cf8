/**
 * "Forward this report?", decided here and nowhere else: storage queues the job it is told to
 * (ForwardOrder), and the report's creation and its publication ask this. A report goes to its
 * body when the body's method forwards (a console body's reports are worked in Kerro's console):
 * when a moderator publishes it, or already when it is made for a body that set
 * `"premoderation": false`.
 */
import type { BodyRecord, ForwardOrder } from '../storage/repositories/types';
import { senderOf } from './senders';

export type ForwardOccasion = 'created' | 'published';

/** The job to queue for a report of this body on this occasion; undefined for none (no body, or a console body). */
export function forwardOf(body: Pick<BodyRecord, 'id' | 'send'> | undefined, occasion: ForwardOccasion): ForwardOrder | undefined {
  if (!body || !senderOf(body.send).forwarding) return undefined;
  if (occasion === 'created' && body.send.premoderation !== false) return undefined;
  return { body_id: body.id, method: body.send.method };
}
