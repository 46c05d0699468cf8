/**
 * "My reports" without a password in Chromium: a resident asks for a sign-in link, opens the one
 * the email brought (a real SMTP server on loopback receives it), presses Sign in, sees their own
 * reports (not a neighbour's), and the report form then has their contact details filled in.
 * Desktop and phone, axe clean.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { publishedReport, reportThroughProxy } from '../helpers/published-report';
import { linkIn, readMail } from '../server/notify/multipart';
import { expectCleanRunThenClose, helsinki, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withMailServerAndBrowser } from './suite-setup';

const suite = withMailServerAndBrowser();

/** A 1 × 1 transparent PNG. */
const blankTile = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A report sent through the proxy at the fountain, published (as a moderator would) when `published`. */
function report(fields: Record<string, string>, published: boolean): Promise<string> {
  const atTheFountain = { lat: '60.16795', long: '24.95240', ...fields };
  return published ? publishedReport(suite.server, atTheFountain) : reportThroughProxy(suite.server, atTheFountain);
}

it('signs in by the emailed link, sees My reports, and the report form is filled in (desktop, then phone)', async () => {
  const mine = await report({ title: 'Broken bench by the fountain', description: 'Two slats of the bench are missing.', email: 'Aino@Example.org', first_name: 'Aino', last_name: 'Virtanen' }, true);
  await report({ title: 'Loose paving stone', description: 'A stone rocks when stepped on.', email: 'aino@example.org' }, false);
  await report({ title: 'Neighbour’s own report', description: 'Graffiti on the wall of the school.', email: 'neighbour@example.org' }, true);

  const opened = await openPage(suite.browser, { viewport: { width: 1280, height: 800 }, timezoneId: helsinki });
  const { page } = opened;
  await page.goto(`${suite.server.baseUrl}/`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My reports' }).click();
  await page.getByRole('button', { name: 'Send me a sign-in link' }).waitFor();
  await expectNoAxeViolations(page);
  await page.getByLabel('Email address').fill('aino@example.org');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await page.getByRole('status').filter({ hasText: 'a sign-in link is on its way to aino@example.org' }).waitFor();
  await expectNoAxeViolations(page);
  await screenshot(page, 'my-reports-sign-in-desktop');

  const isSignInLink = (raw: string) => readMail(raw).headers.get('subject') === 'Sign-in link: My reports';
  const found = await suite.smtp.mailWhere((received) => received.to.includes('aino@example.org') && isSignInLink(received.raw), 15_000);
  const mail = readMail(found.raw);
  const link = linkIn(mail.plain, `${suite.server.baseUrl}/account/sign-in?token=`);
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in as aino@example.org').waitFor();
  const reports = page.getByRole('region', { name: 'Reports you made' });
  await reports.getByRole('link', { name: 'Broken bench by the fountain' }).waitFor();
  expect(await reports.getByRole('link', { name: 'Broken bench by the fountain' }).getAttribute('href')).toBe(`/requests/${mine}`);
  await reports.getByText('Waiting for moderation').waitFor();
  expect(await page.getByText('Neighbour’s own report').count()).toBe(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'my-reports-desktop');

  // A second use of the same link is refused, and offers a new one.
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('This sign-in link has been used or has expired.').waitFor();

  await page.goto(`${suite.server.baseUrl}/report`);
  await expect.poll(() => page.getByLabel('Email (optional)').inputValue(), { timeout: 10_000 }).toBe('aino@example.org');
  expect(await page.getByLabel('First name (optional)').inputValue()).toBe('Aino');
  expect(await page.getByLabel('Last name (optional)').inputValue()).toBe('Virtanen');

  await page.setViewportSize(mobile);
  await page.goto(`${suite.server.baseUrl}/account`);
  await page.getByText('Signed in as aino@example.org').waitFor();
  await page.getByRole('region', { name: 'Reports you made' }).getByRole('link', { name: 'Broken bench by the fountain' }).waitFor();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'my-reports-phone');
  // Their own report's page still knows them: the reporter may say it is fixed.
  await page.goto(`${suite.server.baseUrl}/requests/${mine}`);
  await page.getByRole('button', { name: 'Add an update' }).click();
  await page.getByRole('radio', { name: 'It is fixed' }).waitFor();
  await page.goto(`${suite.server.baseUrl}/account`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Send me a sign-in link' }).waitFor();
  expect((await opened.context.cookies()).map((cookie) => cookie.name)).not.toContain('kerro_resident_signed_in');
  await expectCleanRunThenClose(opened);
});

/** The console's errors and the session checks a page makes from here on. */
function watchSessionChecks(page: Page) {
  const errors: string[] = [];
  const checks: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('request', (request) => {
    if (/\/(residents|moderation)\/api\//.test(request.url())) checks.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return { errors, checks };
}

// Issue 43: a visitor who never signed in is not asked about (no 401 logged as a console error).
it('a first visit asks nobody who is signed in: /, a request page and the moderators\' sign-in log no error', async () => {
  const published = await report({ title: 'Leaning lamp post', description: 'The lamp post leans over the path.' }, true);
  // Tiles answered (a blank image), so a failed tile is not the error seen.
  const opened = await openPage(suite.browser, { viewport: mobile, timezoneId: helsinki, tiles: (route) => route.fulfill({ status: 200, contentType: 'image/png', body: blankTile }) });
  const { page } = opened;
  const seen = watchSessionChecks(page);
  await page.goto(`${suite.server.baseUrl}/`);
  await page.waitForLoadState('networkidle');
  await page.goto(`${suite.server.baseUrl}/requests/${published}`);
  await page.getByRole('heading', { level: 1, name: 'Leaning lamp post' }).waitFor();
  await page.getByRole('button', { name: 'Add an update' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.goto(`${suite.server.baseUrl}/moderation/login`);
  await page.getByRole('heading', { level: 1, name: 'Moderator sign-in' }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(seen.checks).toEqual([]);
  expect(seen.errors).toEqual([]);
  await expectCleanRunThenClose(opened);
});
