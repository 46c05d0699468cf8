/**
 * `"method": "email"`: the body's department gets each report by email (email-message.ts), and
 * again when its reporter reopens it. Nothing leaves Kerro while a job is sent: its message is
 * queued in the transaction that ends the job, and the outbox delivers it; so every failure here
 * is Kerro's own, and retried.
 */
import { z } from 'zod';
import { departmentEmail } from './email-message';
import { sendSettings, type Sender } from './sender';

const address = z.email({ error: 'must be an email address' });

const settings = sendSettings('email', {
  to: z.union([address, z.array(address).min(1, 'needs at least one address')], { error: 'needs an email address or a list of them' }),
});

export const emailSender = {
  method: 'email',
  settings,
  forwarding: {
    async send(send, { request, mail }) {
      return { remoteId: null, reached: false, notification: departmentEmail(request, send.to, await mail(), 'new') };
    },
    failureOf: () => undefined,
  },
  reopened: (send, { request, mail }) => ({ told: 'department_email', notification: departmentEmail(request, send.to, mail, 'reopened') }),
  // The department hears of the report and its reopens only.
  updated: () => ({ told: 'not_told_department' }),
} satisfies Sender<z.infer<typeof settings>>;
