/**
 * Following a report in Chromium: the request page offers it (the embedded service announces
 * it), the resident asks to follow, confirms with the link the email brought (a real SMTP server
 * on loopback receives it), and the page then counts one follower. Phone and desktop, axe clean.
 */
import { expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { linkIn, readMail } from '../server/notify/multipart';
import { desktop, expectCleanRunThenClose, helsinki, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withMailServerAndBrowser } from './suite-setup';
import { publishedReport } from '../helpers/published-report';

const suite = withMailServerAndBrowser();

function publishedRequest(): Promise<string> {
  return publishedReport(suite.server, {
    title: 'Broken bench by the fountain',
    description: 'Two slats of the bench are missing; children sit on it.',
    lat: '60.16795',
    long: '24.95240',
    email: 'reporter@example.org',
  });
}

async function mailTo(address: string, timeoutMs = 15_000) {
  const found = await suite.smtp.mailWhere((mail) => mail.to.includes(address), timeoutMs).catch((error: Error) => {
    throw new Error(`${error.message}; the server said:\n${suite.server.output()}`);
  });
  return readMail(found.raw);
}

it('follows a report, confirms by the emailed link, and sees the follower count (phone, then desktop)', async () => {
  const id = await publishedRequest();
  const opened = await openPage(suite.browser, { viewport: mobile, timezoneId: helsinki });
  const { page } = opened;
  await page.goto(`${suite.server.baseUrl}/requests/${id}`);
  await page.getByRole('heading', { name: 'Follow this report' }).waitFor();
  await page.getByText('Nobody follows this report yet.').waitFor();
  await page.getByRole('heading', { name: 'History' }).waitFor();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'follow-request-phone');

  // A wrong address is caught in the browser, said next to the field.
  await page.getByRole('textbox', { name: 'Your email address', exact: true }).fill('not an address');
  await page.getByRole('button', { name: 'Follow' }).click();
  await page.getByText('Enter an email address such as name@example.org.').waitFor();
  expect(await page.getByRole('textbox', { name: 'Your email address', exact: true }).getAttribute('aria-invalid')).toBe('true');

  await page.getByRole('textbox', { name: 'Your email address', exact: true }).fill('neighbour@example.org');
  await page.getByRole('button', { name: 'Follow' }).click();
  await page.getByRole('status').filter({ hasText: 'check your email' }).waitFor();
  await expectNoAxeViolations(page);

  const confirmation = await mailTo('neighbour@example.org');
  expect(confirmation.headers.get('subject')).toBe('Confirm that you want to follow a report: Broken bench by the fountain');
  const link = linkIn(confirmation.plain, `${suite.server.baseUrl}/mail/confirm?token=`);
  await page.goto(link);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('You now follow the report.').waitFor();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Open the report' }).click();
  await page.getByText('1 person follows this report.').waitFor();
  await expectCleanRunThenClose(opened);

  const wide = await openPage(suite.browser, { viewport: desktop, timezoneId: helsinki });
  await wide.page.goto(`${suite.server.baseUrl}/requests/${id}#follow`);
  await wide.page.getByText('1 person follows this report.').waitFor();
  // Arriving from "Follow this one instead": the cursor is in the address field.
  await expect.poll(() => wide.page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
  await expectNoAxeViolations(wide.page);
  await screenshot(wide.page, 'follow-request-desktop');
  await expectCleanRunThenClose(wide);
  // Nothing went to the follower but the confirmation; the reporter got the receipt, which quotes
  // nothing of the report while nobody has confirmed the address (issue 39, item 7d).
  expect(suite.smtp.received.filter((mail) => mail.to.includes('neighbour@example.org'))).toHaveLength(1);
  const receipt = await mailTo('reporter@example.org');
  expect(receipt.headers.get('subject')).toMatch(/^A report has been received: /);
  expect([receipt.headers.get('subject'), receipt.plain, receipt.html].join('\n')).not.toMatch(/Broken bench|slats of the bench/);
});
