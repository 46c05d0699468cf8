import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceType } from '../../src/shared/georeport/types';
import { expectCleanRunThenClose, helsinki, openPage } from './browser-context';
import { addModeratorWithCli } from './admin-cli';
import { withServerAndBrowser } from './suite-setup';

/**
 * Every user-written field is rendered as text. The GeoReport service and the moderation API
 * refuse HTML tags in the texts they take (that refusal is the first protection); what they
 * accept, and what another system may have stored, carries markup to the public map, the track
 * page and the moderator console, where nothing of it may run or become an element.
 */
const suite = withServerAndBrowser();

const MODERATOR = 'mod';
const PASSWORD = 'correct horse battery staple';
const imgAttack = '<img src=x onerror="window.__xss=1">';
const scriptAttack = '"><script>window.__xss=2</script>';
const urlAttack = 'javascript:window.__xss=3';

let serviceCode = '';
const published = { id: '' };
const pending = { id: '' };

async function post(url: string, body: URLSearchParams | string, headers: Record<string, string> = {}) {
  const response = await fetch(`${suite.server.baseUrl}${url}`, { method: 'POST', body, headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** A report through the proxy, as the browser sends it, in plain text (the service refuses markup in every resident text). */
async function submitAccepted(): Promise<string> {
  const response = await post(
    '/proxy/open311/v1/requests.json',
    new URLSearchParams({
      service_code: serviceCode,
      lat: '60.16952',
      long: '24.93545',
      description: 'A sign at the service point is broken.',
      service_object_type: 'urn:x',
      service_object_id: 'sp-1',
      address_id: 'a-1',
      device_id: 'd-1',
      account_id: 'u-1',
    }),
  );
  expect(response.status, response.text).toBe(200);
  return (JSON.parse(response.text) as { service_request_id: string }[])[0]!.service_request_id;
}

/** Texts that arrived some other way (an import, another system): straight into the store. */
function storeMarkup(id: string, moderation: 'published' | 'pending'): void {
  const db = new Database(join(suite.server.dataDir, 'kerro.sqlite'));
  try {
    const changed = db
      .prepare(
        `UPDATE service_requests SET title = ?, description = ?, address_string = ?, status_notes = ?, agency_responsible = ?,
           service_notice = ?, external_media_url = ?, first_name = ?, last_name = ?, service_object_type = ?, service_object_id = ?,
           address_id = ?, device_id = ?, account_id = ?, moderation = ? WHERE service_request_id = ?`,
      )
      .run(imgAttack, `Broken sign ${scriptAttack} ${imgAttack} by the gate`, imgAttack, scriptAttack, imgAttack, scriptAttack, urlAttack, imgAttack, scriptAttack,
        scriptAttack, imgAttack, imgAttack, imgAttack, imgAttack, moderation, id);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  addModeratorWithCli(suite.server.dataDir, MODERATOR, PASSWORD);
  const services = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as ServiceType[];
  serviceCode = services[0]!.service_code;
}, 60_000);

/** A page offline (tile requests fail at once), in Helsinki time. */
const openContext = () => openPage(suite.browser, { timezoneId: helsinki });

/** Nothing ran, nothing became an element or a live link, and the markup reads as text. */
async function expectInert(page: Page, where: string, { showsDescription = true } = {}): Promise<void> {
  // Every image has loaded or failed, so an onerror (src=x) would have run, had one become an element.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  // A message event queued now is dispatched after the image error events already queued.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
  const found = await page.evaluate(() => {
    const elements = [...document.querySelectorAll('*')];
    return {
      xss: (window as { __xss?: unknown }).__xss,
      text: document.body.innerText,
      imagesOfX: document.querySelectorAll('img[src="x"]').length,
      injectedScripts: [...document.scripts].filter((script) => script.textContent?.includes('__xss')).length,
      handlerAttributes: elements.flatMap((element) =>
        [...element.attributes].filter((attribute) => attribute.name.startsWith('on')).map((attribute) => `${element.tagName} ${attribute.name}`),
      ),
      javascriptUrls: elements.flatMap((element) =>
        [...element.attributes]
          .filter((attribute) => /^\s*javascript:/i.test(attribute.value) && ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name))
          .map((attribute) => `${element.tagName} ${attribute.name}=${attribute.value}`),
      ),
    };
  });
  expect(found.xss, where).toBeUndefined();
  expect(found.imagesOfX, where).toBe(0);
  expect(found.injectedScripts, where).toBe(0);
  expect(found.handlerAttributes, where).toEqual([]);
  expect(found.javascriptUrls, where).toEqual([]);
  expect(found.text, where).toContain('<img src=x');
  if (showsDescription) expect(found.text, where).toContain('<script>window.__xss=2</script>');
}

// That the GeoReport service (through the proxy) and the moderation API refuse HTML tags is
// proved without a browser: test/server/proxy/georeport-proxy.test.ts and
// test/server/moderation/requests.test.ts. Here: what got stored anyway stays inert on the pages.
describe('user-written text stays text', () => {
  it('stored markup in every field is inert on the public map, its list, the track page and the console', async () => {
    published.id = await submitAccepted();
    pending.id = await submitAccepted();
    storeMarkup(published.id, 'published');
    storeMarkup(pending.id, 'pending');

    // The public map with the request's details open.
    const visitor = await openContext();
    await visitor.page.goto(`${suite.server.baseUrl}/?request=${published.id}`);
    const panel = visitor.page.locator('.map-panel');
    await panel.getByRole('heading', { level: 2, name: imgAttack }).waitFor({ timeout: 30_000 });
    await expectInert(visitor.page, 'map panel');

    // The list alternative: ours is the newest, so first.
    await visitor.page.getByRole('tab', { name: 'List' }).click();
    const list = visitor.page.getByRole('tabpanel', { name: 'List' });
    await list.locator('.map-list--requests > li').first().getByRole('heading', { name: imgAttack }).waitFor();
    // List items show the title only.
    await expectInert(visitor.page, 'map list', { showsDescription: false });
    await expectCleanRunThenClose(visitor);

    // The track page.
    const resident = await openContext();
    await resident.page.goto(`${suite.server.baseUrl}/requests/${published.id}`);
    await resident.page.getByRole('heading', { level: 1, name: imgAttack }).waitFor();
    await resident.page.getByText(scriptAttack, { exact: true }).first().waitFor();
    await expectInert(resident.page, 'track page');
    await expectCleanRunThenClose(resident);

    // The console: the queue, and the review of both (private details included).
    const moderator = await openContext();
    const { page } = moderator;
    await page.goto(`${suite.server.baseUrl}/moderation`);
    await page.getByLabel('Name').fill(MODERATOR);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Moderation queue' }).waitFor();
    await page.locator('.moderation-card').filter({ hasText: '<img src=x' }).first().waitFor();
    await expectInert(page, 'moderation queue');
    for (const id of [pending.id, published.id]) {
      await page.goto(`${suite.server.baseUrl}/moderation/requests/${id}`);
      await page.getByRole('heading', { level: 1, name: `Review: ${imgAttack}` }).waitFor();
      await page.getByRole('region', { name: 'Reporter (private)' }).getByText(imgAttack).first().waitFor();
      await expectInert(page, `moderation review ${id}`);
    }
    await expectCleanRunThenClose(moderator);
  }, 120_000);
});
