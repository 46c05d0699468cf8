import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { startSmtpServer } from '../server/notify/smtp-test-server';
import { addModerator, importHelsinkiSending, mailContent, moderate, publicRequest, reportThroughProxy, signIn, startupTimeoutMs, waitFor } from './case-system-harness';

/**
 * Issue 27 for real, the `email` method: the Helsinki body receives its reports as email to its
 * department, through a real SMTP server on loopback.
 */

const department = 'works@example.test';
const resident = 'resident.private@example.org';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: KerroServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  a = await startKerroServer({ env: { SMTP_URL: smtp.url }, publicBaseUrl: true, startupTimeoutMs });
  addModerator(a);
  importHelsinkiSending(a, { method: 'email', to: department });
});

afterAll(async () => {
  await a?.stop();
  await smtp?.close();
});

it('emails a published report to the department once, naming it, without the reporter\'s address', async () => {
  const description = `Pothole for the works department ${randomUUID()}`;
  const id = await reportThroughProxy(a, { description, email: resident });
  await moderate(a, await signIn(a), `requests/${id}/publish`);

  const mail = await smtp.mailWhere((received) => received.to.includes(department), 20_000);
  const { subject, text } = mailContent(mail.raw);
  expect(`${subject}\n${text}`).toContain(id);
  expect(text).toContain(description);
  // Neither in its headers (no Reply-To that reaches the resident) nor in its text, decoded or not.
  expect(`${mail.raw}\n${subject}\n${text}`, 'the reporter\'s address').not.toContain(resident);
  expect(mail.to).toEqual([department]);

  // Sent means forwarded: the request says so, and the job is over, so no second email can follow.
  await waitFor(async () => expect((await publicRequest(a, id)).extended_attributes?.detailed_status).toMatch(/,PUBLIC_WORKS_NEW$/));
  expect(smtp.received.filter((received) => received.to.includes(department))).toHaveLength(1);
});
