/**
 * A body's `send` in the bodies file: how its reports reach it (the case-system issue uses it).
 * Only the shape is checked here. Unknown settings are refused, so a misspelt key name is caught
 * at import rather than at the first send. A key may be given inline (`api_key`) or, better, as
 * the name of an environment variable holding it (`api_key_env`); neither is ever shown.
 */
import { z } from 'zod';

/** Names a misspelt or unknown setting, which a strict object would call "Unrecognized key". */
const settings = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `unknown setting(s) ${issue.keys!.map((key) => `"${key}"`).join(', ')}` : 'needs settings { "method": … }',
};
/** The reporter's fields a body may ask its case system to get. */
export const contactFields = ['email', 'first_name', 'last_name', 'phone'] as const;
export type ContactField = (typeof contactFields)[number];

const premoderation = z.boolean({ error: 'must be true or false' }).optional();
const email = z.email({ error: 'must be an email address' });

const consoleSend = z.strictObject({ method: z.literal('console'), premoderation }, settings);
const open311Send = z
  .strictObject({
    method: z.literal('open311'),
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
    premoderation,
  }, settings)
  .refine((send) => send.api_key !== undefined || send.api_key_env !== undefined, {
    message: 'needs api_key, or api_key_env naming the environment variable that holds the key',
    path: ['api_key'],
  });
const emailSend = z.strictObject({
  method: z.literal('email'),
  to: z.union([email, z.array(email).min(1, 'needs at least one address')], { error: 'needs an email address or a list of them' }),
  premoderation,
}, settings);

export const sendSchema = z.discriminatedUnion('method', [consoleSend, open311Send, emailSend], {
  error: 'must be "console", "open311" or "email"',
});

export type SendSettings = z.infer<typeof sendSchema>;
