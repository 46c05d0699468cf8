/**
 * What a send method is (issue 27's `send` of a body): one file per method in this folder, each a
 * `Sender` owning its settings schema (the bodies file's `send` for it), how it sends a report and
 * sorts its failures, how its body hears of a reopened report or another update, and the words
 * that go with them.
 * The registry (`./index.ts`) lists them; nothing else branches on a method's name.
 */
import { z } from 'zod';
import type { MessageSettings } from '../../notify/subscriber-messages';
import type { CaseSystemUpdateJob, ForwardJob, MediaStore, NewCaseSystemUpdate, NewOutboxMessage, ServiceRequestRecord } from '../../storage/repositories/types';
import type { CaseSystemSite } from '../case-system-reads';

/** Names a misspelt or unknown setting, which a strict object would call "Unrecognized key". */
const settingsErrors = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `unknown setting(s) ${issue.keys!.map((key) => `"${key}"`).join(', ')}` : 'needs settings { "method": … }',
};

/**
 * A method's settings: its `method`, the settings every method shares, and its own. Strict, so a
 * misspelt key is refused at import rather than found at the first send.
 */
export function sendSettings<Method extends string, Shape extends z.ZodRawShape>(method: Method, shape: Shape) {
  return z.strictObject(
    {
      method: z.literal(method),
      /** False: the report goes to the body when it is made, not when a moderator publishes it. */
      premoderation: z.boolean({ error: 'must be true or false' }).optional(),
      ...shape,
    },
    settingsErrors,
  );
}

/** How a failure is treated: `retry` (certainly not taken), `uncertain` (it may have been: look before resending), `refused` (sending again cannot help). */
export type FailureKind = 'retry' | 'uncertain' | 'refused';

/** A failed send as its sender sorts it; `reason` goes into last_error and the logs, so it never holds a key or the report. */
export interface SendFailure {
  kind: FailureKind;
  reason: string;
  /** The receiver's own Retry-After: the next attempt waits at least this long. */
  retryAfterMs?: number;
}

/** The email settings a message to a body is written with (links, zone, sender, service names, now). */
export type MailSettings = MessageSettings;

/** One attempt of a forward job. */
export interface Outgoing {
  job: ForwardJob;
  request: ServiceRequestRecord;
  media: MediaStore;
  env: NodeJS.ProcessEnv;
  /** Read only by a method that writes email. */
  mail: () => Promise<MailSettings>;
}

/** What an attempt came to. */
export interface Sent {
  /** The case system's id of the report; null when the method gives none. */
  remoteId: string | null;
  /** Found there before a resend: an earlier attempt had arrived. */
  found?: true;
  /** The report has left Kerro already: should the job's ending then fail, the next attempt looks it up before resending. */
  reached: boolean;
  /** A message queued in the same transaction that ends the job (an email body's department). */
  notification?: NewOutboxMessage;
}

/** How a method whose bodies get their reports sends them, on the forward jobs' queue. */
export interface Forwarding<Settings> {
  /** Sends the job's report; throws what `failureOf` sorts. */
  send(settings: Settings, outgoing: Outgoing): Promise<Sent>;
  /** What `send` threw, sorted; undefined for Kerro's own failure (the store, a photo file), which is retried. */
  failureOf(error: unknown): SendFailure | undefined;
  /** Where its bodies' status comes back from (the case-system poller asks there, with the key `env` holds); absent when none does. */
  statusFrom?(settings: Settings, env: NodeJS.ProcessEnv): CaseSystemSite;
  /**
   * Tells the case system an update it is owed (ReopenTelling.caseSystemUpdate), on the update
   * queue (case-system-update-sender.ts); returns the case system's id of it, or null. Throws
   * what `failureOf` sorts.
   */
  postUpdate?(settings: Settings, outgoing: OutgoingCaseSystemUpdate): Promise<string | null>;
}

/** One attempt of an update owed to a case system. */
export interface OutgoingCaseSystemUpdate {
  job: CaseSystemUpdateJob;
  /** The case system's id of the report. */
  remoteId: string;
  request: ServiceRequestRecord;
  env: NodeJS.ProcessEnv;
}

/**
 * How a body hears of an update (issue 40, item 8): the audit log's word for it, and the update
 * for its case system (Forwarding.postUpdate) when it takes one, queued with the change.
 */
export interface UpdateTelling {
  told: string;
  caseSystemUpdate?: NewCaseSystemUpdate;
}

/** How a body hears that its reporter reopened a report (issue 28): also a message, by some methods. */
export interface ReopenTelling extends UpdateTelling {
  notification?: NewOutboxMessage;
}

/** An update for the body besides a reopen: a resident's, once published; a moderator's note. Public text only. */
export type OwedUpdate = NewCaseSystemUpdate & { kind: 'resident_update' | 'moderator_note' };

export interface Sender<Settings extends { method: string }> {
  readonly method: Settings['method'];
  /** The bodies file's `send` for this method, built with `sendSettings`. */
  readonly settings: z.ZodType<Settings>;
  /** Absent: its bodies work in Kerro's console, and their reports are never forwarded. */
  readonly forwarding?: Forwarding<Settings>;
  reopened(settings: Settings, report: { request: ServiceRequestRecord; mail: MailSettings }): ReopenTelling;
  /** How its body hears of a resident's published update or a moderator's note for it. */
  updated(settings: Settings, update: OwedUpdate): UpdateTelling;
}
