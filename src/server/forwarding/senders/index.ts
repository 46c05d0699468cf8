/**
 * Every send method, the one list: a method is its file in this folder and a line here (and its
 * words in the console's locales, keyed by the method). A body's `send` is parsed by
 * `sendSettingsSchema` when the bodies file is read and again when it is read back from the
 * store, so it stays `SendSettings` from the file to the sender.
 */
import { z } from 'zod';
import { consoleSender } from './console';
import { emailSender } from './email';
import { open311Sender } from './open311';
import type { BodyRecord } from '../../storage/repositories/types';
import type { OwedUpdate, Sender, UpdateTelling } from './sender';

const registered = [consoleSender, open311Sender, emailSender] as const;

type SchemasOf<Senders extends readonly { settings: unknown }[]> = { -readonly [Index in keyof Senders]: Senders[Index]['settings'] };
const schemas = registered.map((sender) => sender.settings) as SchemasOf<typeof registered>;

const quoted = (names: readonly string[]) =>
  names.map((name) => `"${name}"`).reduce((list, name, index) => `${list}${index === names.length - 1 ? ' or ' : ', '}${name}`);

export const sendSettingsSchema = z.discriminatedUnion('method', schemas, {
  error: `must be ${quoted(registered.map((sender) => sender.method))}`,
});

/** A body's `send`: how its reports reach it. It may hold a key, so it is never shown in an answer, a log line or `bodies list`. */
export type SendSettings = z.infer<typeof sendSettingsSchema>;
export type SendMethod = SendSettings['method'];

/**
 * A body's `send` as the store keeps it (JSON text), read back through the same schema: every
 * stored one was imported through it, so one that no longer parses (written by another version)
 * is refused loudly, naming the body, rather than sent by guesswork.
 */
export function storedSendSettings(bodyId: string, text: string): SendSettings {
  const parsed = sendSettingsSchema.safeParse(JSON.parse(text));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(`body ${bodyId}: its stored send settings are not ones this version knows (${['send', ...issue.path].join('.')}: ${issue.message})`);
}

/** A body that names no method works in Kerro's console. */
export const defaultSendSettings: SendSettings = { method: consoleSender.method };

const byMethod = new Map<string, Sender<SendSettings>>(registered.map((sender) => [sender.method, sender as Sender<SendSettings>]));

/** The sender of these settings. */
export function senderOf(send: SendSettings): Sender<SendSettings> {
  return byMethod.get(send.method)!;
}

/** The methods whose bodies get their reports forwarded: a forward job's `method` is one of them. */
export const forwardingMethods = registered.filter((sender) => 'forwarding' in sender).map((sender) => sender.method);

/** How a request's body hears of a resident's published update or a moderator's note; a request of no body is worked in the console. */
export function bodyTellingOf(body: BodyRecord | undefined, update: Omit<OwedUpdate, 'body_id'>): UpdateTelling {
  const send = body?.send ?? defaultSendSettings;
  // No body: the console's sender, which queues nothing, so the empty id goes nowhere.
  return senderOf(send).updated(send, { ...update, body_id: body?.id ?? '' });
}

/**
 * Whether a body's case system takes a moderator's note: asked of its sender just as the note's
 * plan asks (moderation/case-system-note.ts), so the console offers the note exactly where it goes.
 */
export function takesModeratorNotes(body: BodyRecord | undefined): boolean {
  const probe = { kind: 'moderator_note' as const, status: '', description: '', media_url: null };
  return bodyTellingOf(body, probe).caseSystemUpdate !== undefined;
}
