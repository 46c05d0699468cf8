/**
 * Issue 28 in Chromium against the real server: the reporter answers "was it fixed?" from the
 * emailed link (a page with a button; POST reopens the report), a resident reports abuse in the
 * request page's dialog (focus in, errors by the field, focus back), and a moderator's console
 * shows the report reopened and the reason. Phone 390×844 and desktop 1280×800, axe clean.
 * The sender's pass and the email itself are the server tests' (test/server/questionnaire).
 */
import { beforeAll, expect, it } from 'vitest';
import { createMailLinks } from '../../src/server/notify/mail-links';
import { screenshot } from '../helpers/browser';
import { addModeratorWithCli } from './admin-cli';
import { expectCleanRunThenClose, helsinki, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';
import { inServerDatabase, reportThroughProxy } from '../helpers/published-report';

const suite = withServerAndBrowser({ publicBaseUrl: true });
const desktop = { width: 1280, height: 800 };
const MODERATOR = 'mod';
const PASSWORD = 'correct horse battery staple';
const day = 24 * 3_600_000;

beforeAll(() => addModeratorWithCli(suite.server.dataDir, MODERATOR, PASSWORD));

/**
 * A published report closed four weeks ago whose reporter was asked: the state the sender leaves
 * (its pass is the server tests'), written straight into the database. Answers the "not fixed" link.
 */
async function askedReport(): Promise<{ id: string; notFixed: string }> {
  const id = await reportThroughProxy(suite.server, {
    title: 'Broken bench by the fountain',
    description: 'Two slats of the bench are missing; children sit on it.',
    lat: '60.16795',
    long: '24.95240',
    email: 'reporter@example.org',
    locale: 'en',
  });
  return inServerDatabase(suite.server, (db) => {
    const now = Date.now();
    db.prepare("UPDATE service_requests SET moderation = 'published', status = 'closed', detailed_status = 'PROCESSED' WHERE service_request_id = ?").run(id);
    const row = db.prepare('INSERT INTO questionnaires (service_request_id, closed_at, asked_at) VALUES (?, ?, ?) RETURNING id').get(id, now - 29 * day, now - day) as { id: number };
    const secret = (db.prepare("SELECT value FROM settings WHERE name = 'mail_link_secret'").get() as { value: string }).value;
    return { id, notFixed: createMailLinks(secret, suite.server.baseUrl).answerUrl(row.id, 'not_fixed') };
  });
}

it('the reporter reopens by the emailed link, a resident reports abuse in the dialog, and the moderator sees both', async () => {
  const { id, notFixed } = await askedReport();
  const phone = await openPage(suite.browser, { viewport: mobile, locale: 'en-GB', timezoneId: helsinki });
  const { page } = phone;

  // The link's page asks first: opening it changes nothing.
  await page.goto(notFixed);
  await page.getByRole('heading', { name: 'Was the problem fixed?' }).waitFor();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'No, it is still there' }).click();
  await page.getByRole('status').filter({ hasText: 'The report has been reopened' }).waitFor();
  await expectNoAxeViolations(page);
  await screenshot(page, 'questionnaire-not-fixed-phone');
  await page.getByRole('link', { name: 'Open the report' }).click();
  await page.getByText('The reporter says it is not fixed: the report was reopened').waitFor();

  // Report abuse: focus goes into the dialog's reason, an empty reason is said by the field.
  const opener = page.getByRole('button', { name: 'Report abuse' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Report abuse' });
  await dialog.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send to the moderators' }).click();
  await dialog.getByText('Say what is wrong with the report.').waitFor();
  expect(await dialog.getByLabel('What is wrong with it?').getAttribute('aria-invalid')).toBe('true');
  await dialog.getByLabel('What is wrong with it?').fill('The photo shows a child’s face.');
  await dialog.getByLabel('Your email address (optional)').fill('neighbour@example.org');
  await dialog.getByRole('button', { name: 'Send to the moderators' }).click();
  await dialog.getByRole('status').filter({ hasText: 'The moderators will look at the report again.' }).waitFor();
  await expectNoAxeViolations(page);
  await screenshot(page, 'report-abuse-phone');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
  await expectCleanRunThenClose(phone);

  // The moderator's console, on a desktop.
  const wide = await openPage(suite.browser, { viewport: desktop, locale: 'en-GB', timezoneId: helsinki });
  await wide.page.goto(`${suite.server.baseUrl}/moderation/requests/${id}`);
  await wide.page.getByLabel('Name').fill(MODERATOR);
  await wide.page.getByLabel('Password').fill(PASSWORD);
  await wide.page.getByRole('button', { name: 'Sign in' }).click();
  await wide.page.getByTestId('reopened-flag').getByText('Reopened by the reporter').waitFor();
  const reports = wide.page.getByTestId('abuse-panel');
  await reports.getByText('The photo shows a child’s face.').waitFor();
  await reports.getByText('neighbour@example.org', { exact: false }).waitFor();
  await expectNoAxeViolations(wide.page);
  await screenshot(wide.page, 'abuse-console-desktop');
  await reports.getByRole('button', { name: 'Keep published' }).click();
  await wide.page.getByText('The reports were resolved; the report stays published.').waitFor();
  expect(await wide.page.getByTestId('abuse-panel').count()).toBe(0);
  await expectCleanRunThenClose(wide);
});
