/** Talks to /residents/api as the web app does, and reads the sign-in emails from the outbox. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../helpers/georeport-app';

export const residentsApi = '/residents/api';

export function askForLink(t: TestApp, email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${residentsApi}/sign-in`, payload: { email, locale: 'en', ...extra }, headers });
}

/** The sign-in emails queued so far, oldest first, with the token of each one's link. */
export async function signInEmails(t: TestApp) {
  const rows = await t.sql.all<{ to_address: string; subject: string; body_text: string; body_html: string; locale: string }>(
    "SELECT to_address, subject, body_text, body_html, locale FROM outbox WHERE body_text LIKE '%/account/sign-in?token=%' ORDER BY id",
  );
  return rows.map((row) => ({ ...row, token: /\/account\/sign-in\?token=([A-Za-z0-9_-]+)/.exec(row.body_text)![1]! }));
}

export function confirm(t: TestApp, token: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${residentsApi}/sign-in/confirm`, payload: { token }, headers });
}

/** The resident cookie's "name=value" from a Set-Cookie header. */
export function residentCookieOf(response: LightMyRequestResponse): string {
  const header = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('kerro_resident='));
  if (!header) throw new Error(`no resident cookie in ${response.statusCode} ${response.body}`);
  return header.split(';')[0]!;
}

/** Signs `email` in through its emailed link; answers the cookie to send. */
export async function signInResident(t: TestApp, email: string): Promise<string> {
  const asked = await askForLink(t, email);
  if (asked.statusCode !== 202) throw new Error(`sign-in link refused: ${asked.statusCode} ${asked.body}`);
  const emails = await signInEmails(t);
  const response = await confirm(t, emails[emails.length - 1]!.token);
  return residentCookieOf(response);
}

export function asResident(t: TestApp, cookie: string, method: InjectOptions['method'], url: string, body?: unknown) {
  return t.app.inject({ method, url: `${residentsApi}${url}`, headers: { cookie }, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }) });
}
