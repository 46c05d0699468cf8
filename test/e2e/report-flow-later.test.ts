import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { readClientBuild } from '../helpers/built-chunks';
import { projectRoot } from '../helpers/project-root';
import { expectCleanRunThenClose, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';

/**
 * /report paints its heading and intro (the page's largest paint) without the reporting flow's
 * code, which comes in a chunk of its own: while that chunk is held back, the page shows them with
 * the first step's room kept and a loading notice; once it arrives, the flow takes that place.
 */
const suite = withServerAndBrowser();

describe('/report before its flow has loaded', () => {
  it("shows the heading and intro while the flow's chunk is held back, then the flow in the same place", async () => {
    const flowChunk = readClientBuild(join(projectRoot, 'dist/client')).chunkOf('src/client/features/report/components/report-flow.tsx');
    const opened = await openPage(suite.browser, { viewport: mobile, isMobile: true, deviceScaleFactor: 2 });
    const { page } = opened;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(`**/assets/${flowChunk}`, async (route) => {
      asked = true;
      await released;
      await route.continue();
    });

    await page.goto(`${suite.server.baseUrl}/report`);
    await page.getByRole('heading', { level: 1, name: 'Report a problem' }).waitFor();
    expect(await page.locator('.intro__text').textContent()).toMatch(/^Tell the city what is wrong and where\./);
    const notice = page.getByRole('status').filter({ hasText: 'Loading the report form…' });
    await notice.waitFor();
    expect(asked).toBe(true);
    expect(await page.locator('form.report-form, .type-option').count()).toBe(0);
    // The first step's frame holds the place, reaching past the bottom of the screen.
    const firstStep = page.getByRole('region', { name: '1. What kind of problem?' });
    const heldBox = (await firstStep.boundingBox())!;
    expect(heldBox.y + heldBox.height).toBeGreaterThan(mobile.height);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'report-flow-held-back-390');

    release();
    await page.locator('.type-option').first().waitFor();
    expect(await notice.count()).toBe(0);
    expect(await page.locator('form.report-form').count()).toBe(1);
    // The flow's first step starts where its placeholder stood: nothing moved.
    expect((await firstStep.boundingBox())!.y).toBe(heldBox.y);
    await expectCleanRunThenClose(opened);
  });
});
