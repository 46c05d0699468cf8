/**
 * The API docs page (/api/schema/swagger-ui/): Swagger UI served from this server, no CDN,
 * under the site's CSP without a violation, showing every API's operations, on a desktop and
 * a phone.
 */
import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe, screenshot } from '../helpers/browser';
import { desktop, expectCleanRunThenClose, mobile, nextFrames, openPage } from './browser-context';
import { withServerAndBrowser } from './suite-setup';

const swaggerUiMarkup = new Set(['nested-interactive', 'heading-order', 'region']);

const suite = withServerAndBrowser();

describe('the API docs page', () => {
  // One load on a desktop (axe there; Swagger UI's markup is the same at any width), then the
  // same page narrowed to a phone: the operations still show.
  it('shows the operations of every API from this server alone, on a desktop and a phone', async () => {
    const opened = await openPage(suite.browser, { viewport: desktop });
    const elsewhere: string[] = [];
    opened.page.on('request', (request) => {
      if (!request.url().startsWith(suite.server.baseUrl)) elsewhere.push(request.url());
    });
    await opened.page.goto(`${suite.server.baseUrl}/swagger`);
    expect(opened.page.url()).toBe(`${suite.server.baseUrl}/api/schema/swagger-ui/`);
    await opened.page.getByText('Kerro APIs').first().waitFor();
    const paths = ['/open311/v1/discovery.{format}', '/open311/v1/requests.{format}', '/api/counters/', '/api/observations/'];
    for (const path of paths) {
      await expect(opened.page.locator(`[data-path="${path}"]`).first().isVisible()).resolves.toBe(true);
    }
    await screenshot(opened.page, 'api-docs-desktop');
    // What is left is Swagger UI's own markup (an operation's summary is a button holding
    // others, headings skip a level, the info block is outside a landmark): not fixable by
    // styling. Anything else fails.
    const violations = (await runAxe(opened.page)).filter((violation) => !swaggerUiMarkup.has(violation.id));
    expect(violations, describeViolations(violations)).toEqual([]);

    await opened.page.setViewportSize(mobile);
    await nextFrames(opened.page);
    for (const path of paths) {
      await expect(opened.page.locator(`[data-path="${path}"]`).first().isVisible()).resolves.toBe(true);
    }
    await screenshot(opened.page, 'api-docs-phone');
    expect(elsewhere).toEqual([]);
    await expectCleanRunThenClose(opened);
  });
});
