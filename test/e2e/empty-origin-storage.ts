import type { Page } from 'playwright-core';

/**
 * Empties what the app keeps in the browser for the server's origin (localStorage: a draft, the
 * chosen language; IndexedDB: a draft's photos), so a test in a context an earlier test used
 * starts as it would in a fresh one: a later navigation costs Chromium a third of a fresh
 * context's first load. It is done on /healthz, a page of the origin without the app, so no page
 * of the app writes a draft meanwhile or holds the databases open. The page is left there, for a
 * test that puts something of its own in the storage before loading the app.
 */
export async function emptyOriginStorage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/healthz`);
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    const databases = await indexedDB.databases();
    await Promise.all(
      databases.map(
        ({ name }) =>
          new Promise<void>((resolve, reject) => {
            const deletion = indexedDB.deleteDatabase(name!);
            deletion.onsuccess = () => resolve();
            deletion.onerror = () => reject(deletion.error);
          }),
      ),
    );
  });
}
