import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../helpers/images';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import {
  chooseServiceType,
  confirmedRequestId,
  fetchStoredRequest,
  openReportPage,
  placeSummary,
  previewSizes,
  storedDraftPhotos,
} from './report-flow-helpers';
import { expectCleanRunThenClose, openPage, type OpenedPage } from './browser-context';
import { emptyOriginStorage } from './empty-origin-storage';
import { mapZoom } from './map-controls';
import { withServerAndBrowser } from './suite-setup';

// Many reports from one address in a few minutes: lift the proxy's per-minute limit.
const suite = withServerAndBrowser({ env: { PROXY_POSTS_PER_MINUTE: '1000' } });
let photoA: Buffer;
let photoB: Buffer;

beforeAll(async () => {
  [photoA, photoB] = await Promise.all([makeJpeg(3000, 2000), makeJpeg(1200, 1600)]);
});

/** The report form's checks, a chunk of their own the page downloads after its first paint. */
const reportChecks = /\/assets\/report-checks-[^/]+\.js$/;

const photoFiles = () => [
  { name: 'pothole-wide.jpg', mimeType: 'image/jpeg', buffer: photoA },
  { name: 'pothole-close.jpg', mimeType: 'image/jpeg', buffer: photoB },
];

async function serviceCodeOf(name: string): Promise<string> {
  const list = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as { service_code: string; service_name: string }[];
  const found = list.find((serviceType) => serviceType.service_name === name);
  if (!found) throw new Error(`no service type ${name}`);
  return found.service_code;
}

async function clickMap(page: Page, dx: number, dy: number): Promise<void> {
  const map = page.locator('.location-map .leaflet-container');
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
}

/**
 * The tests on a laptop in English share one context: each starts on /report with the origin's
 * storage emptied, as in a fresh context, for a later navigation's cost instead of a first load's.
 * Its page must have thrown nothing and the CSP refused nothing when the file ends.
 */
let laptop: OpenedPage;
beforeAll(async () => {
  laptop = await openPage(suite.browser);
});
afterAll(async () => {
  if (laptop) await expectCleanRunThenClose(laptop);
});

/** /report as a first visit shows it (no draft, no language chosen), in the laptop's page. */
async function reportPageAfresh(prepare?: (page: Page) => Promise<void>): Promise<Page> {
  const { page } = laptop;
  await emptyOriginStorage(page, suite.server.baseUrl);
  await prepare?.(page);
  await page.goto(`${suite.server.baseUrl}/report`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('.type-option').first().waitFor();
  await page.locator('.location-map .leaflet-container').waitFor();
  return page;
}

describe('reporting flow in Chromium', () => {
  // The empty form's axe pass is shell.test.ts's (/report in English on a laptop).
  it('sends a full report with a pin and two photos, with upload progress, and shows the confirmation', async () => {
    const page = await reportPageAfresh();
    const { context } = laptop;
    expect(await page.title()).toBe('Report a problem – Kerro');

    await chooseServiceType(page, 'pothole', 'Potholes');
    expect(await page.locator('.type-option').count()).toBe(1); // the search narrowed the list

    await clickMap(page, 80, -40);
    // Helsinki's centre has demo addresses: the pin reads as the nearest one.
    await expect.poll(() => placeSummary(page)).toMatch(/^Chosen place: pin on the map near .+ \d+, \d{5} Helsinki\.$/);
    // Leaflet's marker image, bundled by Vite, actually loads in the production build.
    // The pin: Leaflet's image marker (the reports already made around it are div markers).
    const marker = page.locator('img.leaflet-marker-icon');
    await marker.waitFor();
    await expect.poll(() => marker.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth)).toBe(25);
    await expect.poll(() => page.locator('.leaflet-marker-shadow').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(41);
    // The pin can be dragged to adjust it.
    const before = await placeSummary(page);
    const pin = (await marker.boundingBox())!;
    await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height - 5);
    await page.mouse.down();
    await page.mouse.move(pin.x + pin.width / 2 + 60, pin.y + pin.height + 30, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => placeSummary(page)).not.toBe(before);
    // Tiles cannot load on this machine: the map says so and stays usable.
    await page.getByText('The map background could not be loaded.').waitFor();

    // "Already reported?" has run for this type and place.
    await page.locator('.nearby__none, .nearby').first().waitFor();

    await page.getByLabel('Title (optional)').fill('Deep pothole at the crossing');
    const description = page.getByLabel('Description');
    await description.fill('A deep pothole');
    expect(await page.locator('#report-description-count').textContent()).toBe('4,986 characters left.');
    await description.fill('A deep pothole in the cycle lane; bikes swerve into traffic to avoid it.');

    await page.getByTestId('photo-input').setInputFiles(photoFiles());
    const sizes = await previewSizes(page, 2);
    // Resized in the browser: at most 2048 px on the long side, proportions kept.
    expect(sizes).toEqual([
      { width: 2048, height: 1365 },
      { width: 1200, height: 1600 },
    ]);
    expect(await page.getByRole('status').filter({ hasText: '2 of 5 photos added.' }).count()).toBe(1);

    await page.getByLabel('Email (optional)').fill('resident@example.org');
    await page.getByLabel('First name (optional)').fill('Maija');
    await expectNoAxeViolations(page);

    // A slow upload link, so the progress bar has something to show.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    const sentBody = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/proxy/open311/v1/requests.json'));
    await page.getByRole('button', { name: 'Send report' }).click();
    const progress = page.locator('progress.upload-progress__bar');
    await progress.waitFor();
    expect(await page.getByRole('button', { name: 'Sending…' }).isDisabled()).toBe(true);
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 15_000 }).toBeGreaterThan(0);
    const partway = { value: Number(await progress.getAttribute('value')), max: Number(await progress.getAttribute('max')) };
    expect(partway.max).toBeGreaterThan(100_000); // bytes: two photos and the fields
    expect(await page.locator('.upload-progress__text').textContent()).toMatch(/ of .* sent \(\d+%\)/);
    const request = await sentBody;
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data/);

    const id = await confirmedRequestId(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
    await expectNoAxeViolations(page);

    const stored = await fetchStoredRequest(suite.server.baseUrl, id);
    expect(stored.service_code).toBe(await serviceCodeOf('Potholes'));
    expect(stored.description).toBe('A deep pothole in the cycle lane; bikes swerve into traffic to avoid it.');
    expect(stored.extended_attributes?.title).toBe('Deep pothole at the crossing');
    expect(Number(stored.lat)).toBeCloseTo(60.17, 1);
    expect(stored.extended_attributes?.media_urls).toHaveLength(2);
    for (const url of stored.extended_attributes!.media_urls) {
      const media = await fetch(url.replace(/^https?:\/\/[^/]+/, suite.server.baseUrl));
      expect(media.status).toBe(200);
      const metadata = await sharp(Buffer.from(await media.arrayBuffer())).metadata();
      expect(Math.max(metadata.width!, metadata.height!)).toBeLessThanOrEqual(2048);
      expect(metadata.exif).toBeUndefined();
    }

    // Sent means done: the draft is gone, and "report another" starts empty.
    expect(await page.evaluate(() => localStorage.getItem('kerro.report.draft'))).toBeNull();
    await page.getByRole('link', { name: 'Report another problem' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Report a problem');
    expect(await page.getByLabel('Description').inputValue()).toBe('');
    expect(await page.locator('.photo-list__image').count()).toBe(0);
  });
});

describe('reporting flow: other ways through', () => {
  it('reports on a phone, in Swedish, at a service object found by name (skipping the map)', async () => {
    const { page, finish } = await openReportPage(suite.browser, suite.server.baseUrl, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    // On a phone the languages are behind the header's menu.
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Svenska' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anmäl ett problem' }).waitFor();
    await page.getByRole('radio', { name: /^Parker/ }).check();
    // The crosshair marks the map centre on a small screen, with its "report here" button.
    expect(await page.locator('.location-map__crosshair').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Ta ett foto' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Hoppa över kartan: välj en plats i en lista' }).click();
    const search = page.getByLabel('Eller välj en plats: sök med namn');
    await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
    await search.fill('Brunns');
    await page.getByRole('button', { name: /^Brunnsparken/ }).click();
    await expect.poll(() => placeSummary(page)).toBe('Vald plats: Brunnsparken.');
    expect(await page.getByRole('button', { name: /^Brunnsparken/ }).getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Adress eller närmare plats (frivilligt)').fill('Vid lekplatsens grind');
    await page.getByLabel('Beskrivning').fill('En trasig parkbänk, sitsen har lossnat helt.');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/requests.json'));
    await page.getByRole('button', { name: 'Skicka anmälan' }).click();
    const body = (await sent).postData() ?? '';
    expect(body).toMatch(/name="locale"\r\n\r\nsv\r\n/);
    await page.getByRole('heading', { level: 1, name: 'Tack! Din anmälan har tagits emot.' }).waitFor();
    const id = (await page.getByTestId('report-id').textContent())!.trim();
    await expectNoAxeViolations(page);

    const stored = await fetchStoredRequest(suite.server.baseUrl, id);
    expect(stored.extended_attributes?.service_object_id).toBe('demo-park-1');
    expect(stored.extended_attributes?.service_object_type).toBe('urn:kerro:service-objects');
    expect(stored.address).toContain('Vid lekplatsens grind');
    expect(Number(stored.lat)).toBeCloseTo(60.1574, 3); // the park's own position
    await finish();
  });

  it('can be done with the keyboard alone, the pin dropped with Enter on the map', async () => {
    const page = await reportPageAfresh();
    const focusedIs = (test: string) => page.evaluate((source) => new Function('element', `return ${source}`)(document.activeElement) as boolean, test);
    /** Presses Tab until the focused element passes the test (a real keyboard path, no clicks). */
    async function tabTo(test: string, limit = 60): Promise<void> {
      for (let presses = 0; presses < limit; presses += 1) {
        await page.keyboard.press('Tab');
        if (await focusedIs(test)) return;
      }
      throw new Error(`Tab never reached ${test}`);
    }

    await tabTo("element.id === 'report-type-search'");
    await page.keyboard.type('graffiti');
    await tabTo("element.type === 'radio'");
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: /^Graffiti removal/ }).isChecked()).toBe(true);

    await tabTo("element.classList.contains('leaflet-container')");
    expect(await page.locator('.leaflet-container').getAttribute('role')).toBe('application');
    // Reaching the map by keyboard announces its keys in the live region.
    const announcement = page.locator('.location-step > [role="status"]').first();
    await expect.poll(() => announcement.textContent()).toBe('Map. Arrow keys move it, + and − zoom, and Enter or Space places the pin at the centre.');
    // The focused map shows the crosshair where Enter drops the pin.
    expect(await page.locator('.location-map__crosshair').isVisible()).toBe(true);
    const mapZoomNow = () => mapZoom(page, '.location-map .leaflet-container');
    await expect.poll(mapZoomNow).toBeGreaterThan(0);
    const zoom = await mapZoomNow();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('+');
    // The map shows the next zoom level: the keys moved it.
    await expect.poll(mapZoomNow).toBeGreaterThan(zoom);
    await page.keyboard.press('Enter');
    await expect.poll(() => placeSummary(page)).toMatch(/^Chosen place: pin on the map (at|near) /);
    await expect.poll(() => announcement.textContent()).toMatch(/^Pin placed (at 60\.\d+, 24\.\d+|near .+)\.$/);

    await tabTo("element.name === 'description'");
    await page.keyboard.type('Graffiti sprayed over the whole bus shelter wall.');
    await tabTo("element.type === 'submit'");
    await page.keyboard.press('Enter');
    const id = await confirmedRequestId(page);
    const stored = await fetchStoredRequest(suite.server.baseUrl, id);
    expect(stored.description).toBe('Graffiti sprayed over the whole bus shelter wall.');
    expect(Number(stored.lat)).toBeGreaterThan(60.1699); // moved north with ArrowUp before dropping
  });

  it('says clearly when location is refused; allowed, shows "already reported" for published open requests of the same type near it', async () => {
    const published = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests.json?status=open&locale=en`)).json()) as {
      service_request_id: string;
      service_code: string;
      service_name: string;
      lat?: string;
      long?: string;
    }[];
    const target = published.find((request) => request.lat && request.long)!;
    const page = await reportPageAfresh();
    const { context } = laptop;
    // Not allowed (the context grants nothing).
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText('You did not allow this site to use your location.').waitFor();

    await context.setGeolocation({ latitude: Number(target.lat), longitude: Number(target.long), accuracy: 12 });
    await context.grantPermissions(['geolocation'], { origin: suite.server.baseUrl });
    try {
      await page.getByRole('radio', { name: new RegExp(`^${target.service_name}`) }).check();
      await page.getByRole('button', { name: 'Use my location' }).click();
      await page.getByText('Pin placed at your location (accurate to about 12 m).').waitFor();
      const link = page.locator(`.nearby a[href="/requests/${target.service_request_id}"]`);
      await link.waitFor();
      expect(await page.locator('.nearby [role="status"]').textContent()).toMatch(/open reports? of this kind (is|are) already within 300 m/);
      await expectNoAxeViolations(page);
      // The resident can stop here and follow the existing report instead.
      await link.click();
      await page.waitForURL(`**/requests/${target.service_request_id}`);
    } finally {
      await context.clearPermissions();
    }
  });
});

describe('reporting flow: drafts and errors', () => {
  it('restores the whole draft after a reload, photos included, until it is discarded', async () => {
    const page = await reportPageAfresh();
    await chooseServiceType(page, 'sign', 'Traffic signs');
    await clickMap(page, -60, 30);
    // The pin's nearest address is part of the draft too.
    await expect.poll(() => placeSummary(page)).toMatch(/^Chosen place: pin on the map near .+, \d{5} Helsinki\.$/);
    const place = await placeSummary(page);
    await page.getByLabel('Title (optional)').fill('Bent stop sign');
    await page.getByLabel('Description').fill('The stop sign is bent flat after a collision.');
    await page.getByLabel('Phone (optional)').fill('+358 40 123 4567');
    await page.getByTestId('photo-input').setInputFiles(photoFiles());
    await previewSizes(page, 2);

    await page.reload();
    await page.getByText(/^We kept your unfinished report from /).waitFor();
    expect(await page.getByRole('radio', { name: /^Traffic signs/ }).isChecked()).toBe(true);
    expect(await placeSummary(page)).toBe(place);
    expect(await page.getByLabel('Title (optional)').inputValue()).toBe('Bent stop sign');
    expect(await page.getByLabel('Description').inputValue()).toBe('The stop sign is bent flat after a collision.');
    expect(await page.getByLabel('Phone (optional)').inputValue()).toBe('+358 40 123 4567');
    // The photos come back from IndexedDB, already resized.
    expect(await previewSizes(page, 2)).toEqual([
      { width: 2048, height: 1365 },
      { width: 1200, height: 1600 },
    ]);
    await page.locator('img.leaflet-marker-icon').waitFor(); // the map opens at the restored pin

    // Removing one photo is kept too.
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('report-photos-choose');
    await page.reload();
    await previewSizes(page, 1);

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('button', { name: 'No, keep it' }).waitFor();
    // One axe pass for the restored draft (its notice, photo and pin are still shown) and the question.
    expect(await page.getByText(/^We kept your unfinished report from /).count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Yes, discard' }).click();
    await page.getByText('The draft was discarded.').waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe('');
    expect(await page.locator('.photo-list__image').count()).toBe(0);
    await page.reload();
    await page.locator('.type-option').first().waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe('');
    expect(await page.locator('.photo-list__image').count()).toBe(0);
    expect(await page.getByText(/^We kept your unfinished report/).count()).toBe(0);
    expect(await storedDraftPhotos(page)).toEqual([]);
  });

  it('brings back a draft whose photos were saved before device storage (the old IndexedDB store), and drops that store', async () => {
    const jpeg = (await makeJpeg(300, 200)).toString('base64');
    // What the app before idb-keyval wrote: the fields in localStorage, the photos in 'kerro-report-draft'.
    const page = await reportPageAfresh((origin) => origin.evaluate(
      ({ jpeg, fields }) =>
        new Promise<void>((resolve, reject) => {
          localStorage.setItem('kerro.report.draft', JSON.stringify(fields));
          const open = indexedDB.open('kerro-report-draft', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('photos', { keyPath: 'id' });
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const blob = new Blob([Uint8Array.from(atob(jpeg), (char) => char.charCodeAt(0))], { type: 'image/jpeg' });
            const transaction = open.result.transaction('photos', 'readwrite');
            transaction.objectStore('photos').put({ id: 'saved-before', blob, name: 'saved-before.jpg', addedAt: 1 });
            transaction.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
        }),
      { jpeg, fields: { values: { description: 'Saved before the update.' }, savedAt: new Date().toISOString() } },
    ));

    await page.getByText(/^We kept your unfinished report from /).waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe('Saved before the update.');
    expect(await previewSizes(page, 1)).toEqual([{ width: 300, height: 200 }]);
    expect((await storedDraftPhotos(page)).map((photo) => photo.name)).toEqual(['saved-before.jpg']);
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name)))
      .not.toContain('kerro-report-draft');
  });

  it('checks the form with the shared schema before sending and moves the focus to the first problem', async () => {
    // Finnish as a person who chose it before: the app reads the choice before the browser's language.
    const page = await reportPageAfresh((origin) => origin.evaluate(() => localStorage.setItem('kerro.language', 'fi')));
    await page.getByRole('heading', { level: 1, name: 'Ilmoita ongelmasta' }).waitFor();
    let posted = 0;
    const countPosts = (request: Request) => {
      if (request.method() === 'POST') posted += 1;
    };
    page.on('request', countPosts);
    await page.getByLabel('Kuvaus').fill('<b>rikki</b>');
    await page.getByLabel('Sähköposti (vapaaehtoinen)').fill('not-an-address');
    await page.getByRole('button', { name: 'Lähetä ilmoitus' }).click();

    // Focus on the first problem (the type), every problem next to its field, nothing sent.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('service_code');
    expect(await page.getByText('Valitse ongelman tyyppi.').count()).toBe(2); // by the field and in the summary
    expect(await page.locator('.place-summary .form-field__error').textContent()).toContain('Valitse paikka');
    expect(await page.locator('#report-description-error').textContent()).toContain('Kirjoita pelkkää tekstiä ilman HTML-tageja');
    expect(await page.locator('#report-email-error').textContent()).toContain('Anna sähköpostiosoite muodossa');
    expect(await page.getByLabel('Kuvaus').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(0);
    await expectNoAxeViolations(page);

    // The summary's links take the focus to each field.
    await page.locator('.error-summary').getByRole('button', { name: /Anna sähköpostiosoite/ }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('report-email');
    page.off('request', countPosts);
  });

  it('checks a report sent before its checks have downloaded: it waits for them and never goes unchecked', async () => {
    // The checks (zod and the shared schema) come after the first paint; here they are held back.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    const holdChecks = async (route: Route) => {
      asked = true;
      await held;
      await route.continue();
    };
    let posted = 0;
    const countPosts = (request: Request) => {
      if (request.method() === 'POST') posted += 1;
    };
    const page = await reportPageAfresh(async (origin) => {
      await origin.route(reportChecks, holdChecks);
      origin.on('request', countPosts);
    });
    try {
      await expect.poll(() => asked).toBe(true);
      await page.getByLabel('Description').fill('<b>broken</b>');
      await page.getByRole('button', { name: 'Send report' }).click();
      // A request the page makes after the click is reported after any the click made.
      const after = page.waitForRequest((request) => request.url().endsWith('/healthz?after-send'));
      await page.evaluate(() => fetch('/healthz?after-send'));
      await after;
      expect(posted).toBe(0);

      release();
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('service_code');
      expect(await page.locator('#report-description-error').textContent()).toContain('Write plain text');
      expect(posted).toBe(0);
    } finally {
      release();
      await page.unroute(reportChecks, holdChecks);
      page.off('request', countPosts);
    }
  });

  it('says so, and sends nothing, when the checks cannot be downloaded', async () => {
    const cutOff = (route: Route) => route.abort('internetdisconnected');
    let posted = 0;
    const countPosts = (request: Request) => {
      if (request.method() === 'POST') posted += 1;
    };
    const page = await reportPageAfresh(async (origin) => {
      await origin.route(reportChecks, cutOff);
      origin.on('request', countPosts);
    });
    try {
      await page.getByLabel('Description').fill('A loose paving stone by the door');
      await page.getByRole('button', { name: 'Send report' }).click();
      await expect.poll(() => page.locator('#report-problems').textContent()).toContain('connection');
      expect(posted).toBe(0);
      // The form's alert of what went wrong in sending, the one axe pass of that state.
      await expectNoAxeViolations(page);
    } finally {
      await page.unroute(reportChecks, cutOff);
      page.off('request', countPosts);
    }
  });
});

describe('reporting flow: photo handling', () => {
  it('refuses files that are not images or are too large, naming them; keeps a photo upright (EXIF orientation applied) and drops its metadata', async () => {
    const page = await reportPageAfresh();
    // Files on disk, chosen by path (their types by extension): Chromium reads them itself, where
    // 21 MB sent as a buffer crossed the DevTools protocol in base64 and took over 30 s under load.
    const folder = mkdtempSync(join(tmpdir(), 'kerro-files-'));
    try {
      const files = { 'notes.pdf': Buffer.from('%PDF-1.4 not a photo'), 'fake.jpg': Buffer.from('this is not really a JPEG'), 'huge.jpg': Buffer.alloc(21 * 1024 * 1024) };
      for (const [name, bytes] of Object.entries(files)) writeFileSync(join(folder, name), bytes);
      await page.getByTestId('photo-input').setInputFiles(Object.keys(files).map((name) => join(folder, name)));
      const alert = page.locator('.photo-step__rejections');
      await expect.poll(async () => (await alert.locator('li').count())).toBe(3);
      const texts = await alert.locator('li').allTextContents();
      expect(texts).toEqual([
        'notes.pdf is not an image. Choose a photo (JPEG, PNG, WebP…).',
        'huge.jpg is too large (more than 20 MB). Choose a smaller photo.',
        'fake.jpg could not be opened as a photo. Try saving it as JPEG first.',
      ]);
      expect(await page.locator('.photo-list__image').count()).toBe(0);
      await expectNoAxeViolations(page);
    } finally {
      // Only now: the page reads a chosen file from disk when it checks it.
      rmSync(folder, { recursive: true, force: true });
    }

    // Stored 400×200 with "rotate 90°" in EXIF: a portrait photo as phones write it.
    const rotated = await makeJpeg(400, 200, { orientation: 6 });
    await page.getByTestId('photo-input').setInputFiles([{ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: rotated }]);
    expect(await previewSizes(page, 1)).toEqual([{ width: 200, height: 400 }]);
    // The blob kept for upload (read back from the draft store) is a fresh JPEG: no EXIF (APP1 "Exif") left.
    const kept = (await storedDraftPhotos(page))[0]!;
    const hasExif = { exif: String.fromCharCode(...kept.head).includes('Exif'), jpeg: kept.head[0] === 0xff && kept.head[1] === 0xd8 };
    expect(hasExif).toEqual({ exif: false, jpeg: true });
  });
});
