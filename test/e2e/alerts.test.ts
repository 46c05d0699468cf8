/**
 * Email alerts in Chromium: from the home map's "Email me new reports here" the resident asks
 * for alerts around the map's centre, confirms with the link the email brought (a real SMTP
 * server on loopback receives it), a moderator publishes a report nearby through the moderation
 * API, and the alert email arrives with its one-click unsubscribe. Phone and desktop, axe clean.
 */
import { expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { reportThroughProxy } from '../helpers/published-report';
import { linkIn, readMail } from '../server/notify/multipart';
import { addModeratorWithCli } from './admin-cli';
import { desktop, expectCleanRunThenClose, helsinki, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withMailServerAndBrowser } from './suite-setup';

const suite = withMailServerAndBrowser();

async function mailTo(address: string, subject: string, timeoutMs = 20_000) {
  const found = await suite.smtp
    .mailWhere((mail) => mail.to.includes(address) && readMail(mail.raw).headers.get('subject')?.startsWith(subject) === true, timeoutMs)
    .catch((error: Error) => {
      throw new Error(`${error.message}; the server said:\n${suite.server.output()}`);
    });
  return readMail(found.raw);
}

/** A report sent as the app sends it, ~100 m north of `point`, then published by a moderator through the moderation API. */
async function reportPublishedNearby(point: { lat: number; long: number }): Promise<string> {
  const base = suite.server.baseUrl;
  const id = await reportThroughProxy(suite.server, { title: 'Fallen sign by the square', description: 'The parking sign has fallen over onto the pavement.', lat: (point.lat + 0.0009).toFixed(6), long: point.long.toFixed(6) });
  addModeratorWithCli(suite.server.dataDir, 'maija', 'correct horse battery');
  const login = await fetch(`${base}/moderation/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'maija', password: 'correct horse battery' }) });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith('kerro_session='))!.split(';')[0]!;
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const published = await fetch(`${base}/moderation/api/requests/${id}/publish`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrfToken } });
  expect(published.status).toBe(200);
  return id;
}

it('asks for alerts from the home map, confirms by the emailed link, and gets the email of a report published nearby (phone, then desktop)', async () => {
  const opened = await openPage(suite.browser, { viewport: mobile, timezoneId: helsinki });
  const { page } = opened;
  await page.goto(`${suite.server.baseUrl}/`);
  const homeLink = page.getByRole('link', { name: 'Email me new reports here' });
  await homeLink.scrollIntoViewIfNeeded();
  await screenshot(page, 'alerts-home-link-phone');
  await homeLink.click();
  await page.getByRole('heading', { name: 'Get alerts' }).waitFor();
  const asked = new URL(page.url());
  expect(asked.pathname).toBe('/alerts/new');
  // The map's centre as the home page had it: the report is published ~100 m from there.
  const point = { lat: Number(asked.searchParams.get('lat')), long: Number(asked.searchParams.get('long')) };
  await page.getByLabel('Distance').selectOption('500');
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'alerts-new-phone');

  await page.getByRole('textbox', { name: 'Your email address', exact: true }).fill('neighbour@example.org');
  await page.getByRole('button', { name: 'Get alerts' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await expectNoAxeViolations(page);

  const confirmation = await mailTo('neighbour@example.org', 'Confirm your alert for new reports');
  await page.goto(linkIn(confirmation.plain, `${suite.server.baseUrl}/mail/alerts/confirm?token=`));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm the alert' }).click();
  await page.getByText('Your alert is on.').waitFor();
  await expectNoAxeViolations(page);
  await screenshot(page, 'alerts-confirmed-phone');
  await expectCleanRunThenClose(opened);

  const id = await reportPublishedNearby(point);
  const alert = await mailTo('neighbour@example.org', 'New report in your area');
  expect(alert.headers.get('subject')).toBe('New report in your area: Fallen sign by the square');
  expect(alert.plain).toContain(`${suite.server.baseUrl}/requests/${id}`);
  const unsubscribe = linkIn(alert.plain, `${suite.server.baseUrl}/mail/alerts/unsubscribe?token=`);
  expect(alert.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
  expect(alert.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

  const wide = await openPage(suite.browser, { viewport: desktop, timezoneId: helsinki });
  await wide.page.setViewportSize({ width: 1280, height: 800 });
  await wide.page.goto(`${suite.server.baseUrl}/alerts/new?lat=60.16990&long=24.93840`);
  await wide.page.getByRole('heading', { name: 'Get alerts' }).waitFor();
  await wide.page.getByLabel('On a street').check();
  await wide.page.getByLabel('Street name').waitFor();
  await expectNoAxeViolations(wide.page);
  await screenshot(wide.page, 'alerts-new-desktop');
  await wide.page.goto(unsubscribe);
  await expectNoAxeViolations(wide.page);
  await wide.page.getByRole('button', { name: 'Stop the alert' }).click();
  await wide.page.getByText('we will send you no more messages for this alert').waitFor();
  await expectCleanRunThenClose(wide);
});
