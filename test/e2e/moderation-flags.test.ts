/**
 * The console's lists show what needs attention (issue 41, item 1), in Chromium against the real
 * server: a published report someone reported as abuse carries the marker in the published list,
 * the "Show only" filter's address (`?state=published&flag=abuse`) lists it alone, and the page is
 * axe clean on a desktop and laid out on a phone.
 */
import { expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { addModeratorWithCli } from './admin-cli';
import { desktop, expectCleanRunThenClose, helsinki, mobile, openPage } from './browser-context';
import { expectLaidOutAt, expectNoAxeViolations } from './expectations';
import { withServerAndBrowser } from './suite-setup';

const suite = withServerAndBrowser();
const moderator = { name: 'flags', password: 'correct horse battery staple' };

async function reportThroughProxy(title: string): Promise<string> {
  const body = new URLSearchParams({ service_code: '171', title, description: `${title}: seen this morning by the path.`, lat: '60.16952', long: '24.93545' });
  const response = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body });
  expect(response.status).toBe(200);
  return ((await response.json()) as { service_request_id: string }[])[0]!.service_request_id;
}

/** Signs in through the moderation API and publishes, as the console does. */
async function publish(id: string): Promise<void> {
  const signIn = await fetch(`${suite.server.baseUrl}/moderation/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(moderator),
  });
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const published = await fetch(`${suite.server.baseUrl}/moderation/api/requests/${id}/publish`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: cookie },
    body: '{}',
  });
  expect(published.status).toBe(200);
}

it('marks a report reported as abuse in the published list, and ?flag=abuse shows it alone (desktop and phone, axe clean)', async () => {
  addModeratorWithCli(suite.server.dataDir, moderator.name, moderator.password);
  const flagged = await reportThroughProxy('Bench sprayed with insults');
  const calm = await reportThroughProxy('Loose paving stone');
  for (const id of [flagged, calm]) await publish(id);
  const abuse = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests/${flagged}/abuse.json`, {
    method: 'POST',
    body: new URLSearchParams({ reason: 'The title insults a neighbour by name.' }),
  });
  expect(abuse.status, await abuse.clone().text()).toBe(202);

  const opened = await openPage(suite.browser, { viewport: desktop, timezoneId: helsinki });
  const { page } = opened;
  await page.goto(`${suite.server.baseUrl}/moderation?state=published`);
  await page.locator('input[autocomplete="username"]').fill(moderator.name);
  await page.locator('input[type="password"]').fill(moderator.password);
  await page.locator('form button[type="submit"]').click();
  const card = (title: string) => page.locator('.moderation-card').filter({ hasText: title });
  await card('Loose paving stone').waitFor();
  expect(await card('Bench sprayed with insults').getByRole('list', { name: 'Needs attention' }).innerText()).toBe('Reported as abuse');
  expect(await card('Loose paving stone').getByRole('list', { name: 'Needs attention' }).count()).toBe(0);

  await page.getByRole('navigation', { name: 'Show only' }).getByRole('link', { name: 'Reported as abuse' }).click();
  await expect.poll(() => new URL(page.url()).search).toBe('?state=published&flag=abuse');
  await card('Loose paving stone').waitFor({ state: 'detached' });
  await card('Bench sprayed with insults').waitFor();
  await expectNoAxeViolations(page);
  await screenshot(page, 'moderation-flags-abuse-1280');
  await expectLaidOutAt(page, mobile, card('Bench sprayed with insults'));
  await screenshot(page, 'moderation-flags-abuse-390');
  await expectCleanRunThenClose(opened);
});
