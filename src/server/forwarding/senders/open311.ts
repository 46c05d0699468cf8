/**
 * `"method": "open311"`: the body's own case system speaks GeoReport v2, and Kerro is its client
 * (open311-client.ts): each report is POSTed there with its job's Idempotency-Key, a lost answer
 * is looked up before a resend, and the case system's status comes back by the poller
 * (case-system-poller.ts). Its failures are sorted as the client sorts them (CaseSystemError).
 *
 * `updates` says which wire the case system's changes come back by: CitySDK's `updated_after`
 * listing (the default), or mySociety's servicerequestupdates, which also takes Kerro's: a report
 * its reporter reopens is posted there as a `reopen` update, and so are a resident's update once a
 * moderator publishes it and a moderator's note for the body (each queued with its change, sent
 * once by case-system-update-sender.ts). A CitySDK case system is told none of these: the audit
 * log says so, and the console flags a reopen for the body's moderators.
 *
 * A key may be given inline (`api_key`) or, better, as the name of an environment variable
 * holding it (`api_key_env`); neither is ever shown.
 */
import { z } from 'zod';
import { resolveLocale, type SupportedLocale } from '../../../shared/locales';
import { CaseSystemError, contactFields, findReport, postReport, postRequestUpdate, type Open311Target } from '../open311-client';
import { sendSettings, type Sender } from './sender';

const settings = sendSettings('open311', {
  endpoint: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL (the case system\'s GeoReport v2 root)' }),
  api_key: z.string({ error: 'must be text' }).min(1, 'must not be empty').optional(),
  api_key_env: z
    .string({ error: 'must be text' })
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must name an environment variable (letters, digits, "_")')
    .optional(),
  jurisdiction_id: z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(100).optional(),
  /** The reporter's contact fields the case system gets; none unless the body asks (privacy by default). */
  contact_fields: z
    .array(z.enum(contactFields, { error: `must each be one of ${contactFields.map((field) => `"${field}"`).join(', ')}` }), { error: 'must be a list' })
    .optional(),
  /** `?extensions=` on the POST, joined by commas: a CitySDK server may keep titles or photos only with them. */
  extensions: z
    .array(z.string({ error: 'must each be text' }).regex(/^[A-Za-z0-9_-]+$/, 'must each be a word (letters, digits, "_", "-"), e.g. "citysdk"'), { error: 'must be a list' })
    .optional(),
  /** The multipart field of uploaded photos; `media[]` unless the case system wants another (issue-reporting: `media`). */
  photo_field: z.string({ error: 'must be text' }).regex(/^[A-Za-z0-9_[\]-]+$/, 'must be a form field name such as "media" or "media[]"').optional(),
  /** `upload` (the default): the photos as files; `media_url`: a link to the first photo's public copy on this Kerro. */
  photos: z.enum(['upload', 'media_url'], { error: 'must be "upload" or "media_url"' }).optional(),
  /**
   * How the case system's changes come back, and whether it hears Kerro's: `citysdk` (the
   * default) polls `requests.json?updated_after=`; `mysociety` polls `servicerequestupdates.json`
   * (each update once) and posts there a reporter's reopen, residents' published updates and
   * moderators' notes for the body.
   */
  updates: z.enum(['citysdk', 'mysociety'], { error: 'must be "citysdk" or "mysociety"' }).optional(),
})
  .refine((send) => send.api_key !== undefined || send.api_key_env !== undefined, {
    message: 'needs api_key, or api_key_env naming the environment variable that holds the key',
    path: ['api_key'],
  })
  // A photo's public copy exists once its report is published; sent before that, the link answers 404.
  .refine((send) => send.photos !== 'media_url' || send.premoderation !== false, {
    message: 'photos "media_url" needs premoderation: the link works only once a moderator has published the report',
    path: ['photos'],
  });

type Open311Settings = z.infer<typeof settings>;

/** The reopen update's text, in the report's language (its description's). */
const reopenTexts: Record<SupportedLocale, string> = {
  fi: 'Ilmoittaja kertoi, ettei ongelmaa ole korjattu. Ilmoitus on avattu uudelleen.',
  sv: 'Anmälaren meddelade att problemet inte är åtgärdat. Anmälan har öppnats igen.',
  en: 'The reporter says the problem is not fixed. The report has been reopened.',
};

const keyOf = (send: Open311Settings, env: NodeJS.ProcessEnv) => send.api_key ?? (send.api_key_env ? env[send.api_key_env] : undefined);

/**
 * The settings with the key resolved now, so a key put into the environment (or rotated) is used
 * at the next send without a restart. A missing key is retried: the operator can set it and the
 * job goes on.
 */
function targetOf(send: Open311Settings, env: NodeJS.ProcessEnv, publicBaseUrl: string): Open311Target {
  const apiKey = keyOf(send, env);
  if (!apiKey) {
    throw new CaseSystemError('retry', `no API key: the environment variable ${send.api_key_env} named by api_key_env is not set`);
  }
  return {
    endpoint: send.endpoint.replace(/\/+$/, ''),
    apiKey,
    jurisdictionId: send.jurisdiction_id,
    contactFields: send.contact_fields ?? [],
    extensions: send.extensions ?? [],
    photoField: send.photo_field ?? 'media[]',
    photos: send.photos === 'media_url' ? { as: 'media_url', baseUrl: publicBaseUrl } : { as: 'upload' },
  };
}

export const open311Sender = {
  method: 'open311',
  settings,
  forwarding: {
    async send(send, { job, request, media, env, mail }) {
      // Kerro's public address (PUBLIC_BASE_URL), read only when the photos go as links.
      const target = targetOf(send, env, send.photos === 'media_url' ? (await mail()).links.baseUrl : '');
      if (job.uncertain) {
        const found = await findReport(target, request, job.created_at);
        if (found) return { remoteId: found, found: true, reached: true };
      }
      return { remoteId: await postReport(target, { request, media, idempotencyKey: job.idempotency_key }), reached: true };
    },
    failureOf: (error) => (error instanceof CaseSystemError ? { kind: error.kind, reason: error.message, retryAfterMs: error.retryAfterMs } : undefined),
    async postUpdate(send, { job, remoteId, request, env }) {
      return postRequestUpdate(targetOf(send, env, ''), {
        remoteId,
        updateId: job.id,
        status: job.status,
        description: job.description,
        mediaUrl: job.media_url,
        updatedAt: job.created_at,
        request,
        fromReporter: job.kind === 'reopen',
      });
    },
    // The key when there is one: without it the case system may show only what it published,
    // and servicerequestupdates answers nobody without one.
    statusFrom: (send, env) => ({
      endpoint: send.endpoint,
      jurisdiction_id: send.jurisdiction_id,
      api_key: keyOf(send, env),
      ...(send.updates === 'mysociety' ? { updates: 'mysociety' as const } : {}),
    }),
  },
  reopened: (send, { request }) =>
    send.updates === 'mysociety' && request.body_id
      ? {
          told: 'case_system_update',
          caseSystemUpdate: { body_id: request.body_id, kind: 'reopen', status: 'reopen', description: reopenTexts[resolveLocale(request.locale)], media_url: null },
        }
      : { told: 'not_told_case_system' },
  updated: (send, update) => (send.updates === 'mysociety' ? { told: 'case_system_update', caseSystemUpdate: update } : { told: 'not_told_case_system' }),
} satisfies Sender<Open311Settings>;
