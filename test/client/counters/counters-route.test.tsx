import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp } from '../render-app';
import { fakeProxy } from '../map/fixtures';
import { enterText } from '../enter-text';

const LOAD_TIMEOUT = 10_000;
// Re-rendering a 100-row table after each click is slow in jsdom on a busy machine.
const TEST_TIMEOUT = 30_000;

/** Catches the files the page hands to the browser to save (jsdom makes no downloads). */
function catchDownloads() {
  const blobs = new Map<string, Blob>();
  const files: { name: string; blob: Blob }[] = [];
  // Spied, not assigned: restoring puts back the environment's own (its jsdom-aware one; deleting
  // it left Node's, which refuses jsdom's files, for every later file in the worker).
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:http://localhost/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) files.push({ name: this.download, blob });
  });
  return files;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The file's bytes, read as a browser reads them (jsdom's Blob is not Node's). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** The CSV's lines (after the byte order mark), split into fields; the fixtures quote nothing. */
async function csvLines(blob: Blob): Promise<string[][]> {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytesOf(blob));
  return text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((line) => line.split(','));
}

/**
 * The names in the table body, top to bottom: one row-header query for the table, each header
 * checked to be its own row's (a role query per row was seconds of CPU on a 100-row table).
 */
function rowNames(): string[] {
  const table = screen.getByRole('table');
  const bodyRows = within(table).getAllByRole('row').slice(1);
  const headers = within(table).getAllByRole('rowheader');
  expect(headers.map((header) => header.closest('tr'))).toEqual(bodyRows);
  return headers.map((header) => header.textContent ?? '');
}

describe('counters page', () => {
  it('loads every page and shows a sortable table of all counters', async () => {
    const proxy = fakeProxy({ counters: 260 });
    mockFetch(proxy.handler);
    const { router } = renderApp({ path: '/counters', language: 'en' });
    expect(await screen.findByText('Loaded all 260 counters.', {}, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    expect(screen.getByText('260 of 260 counters match.')).toBeTruthy();
    // 100 rows a page, sorted by name.
    const firstPage = rowNames();
    expect(firstPage).toHaveLength(100);
    expect(firstPage.slice(0, 2)).toEqual(['Counter 001', 'Counter 002']);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(rowNames().slice(0, 2)).toEqual(['Counter 260', 'Counter 259']);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    expect(new URLSearchParams(router.state.location.search).get('dir')).toBe('desc');

    await userEvent.click(screen.getByRole('button', { name: /^Latest observation/ }));
    const firstRow = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    // The fixtures' latest observations go up to the 20th; ascending starts with the 1st.
    expect(within(firstRow).getByText(/^1 Nov 2026/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
  }, TEST_TIMEOUT);

  it('filters by text, source and receiving data; the 0,0 counters have no map link', async () => {
    mockFetch(fakeProxy({ counters: 120 }).handler);
    const { router } = renderApp({ path: '/counters', language: 'en' });
    await screen.findByText('Loaded all 120 counters.', {}, { timeout: LOAD_TIMEOUT });

    await userEvent.selectOptions(screen.getByLabelText('Data source'), 'Fintraffic');
    expect(screen.getByText('40 of 120 counters match.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Receiving data'), 'yes');
    // Multiples of 3 that are not multiples of 5.
    expect(screen.getByText('32 of 120 counters match.')).toBeTruthy();
    await enterText(userEvent, screen.getByRole('searchbox', { name: /Search/ }), 'Counter 03');
    expect(rowNames()).toEqual(['Counter 033', 'Counter 036', 'Counter 039']);
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('source'), params.get('receiving'), params.get('q')]).toEqual(['Fintraffic', 'yes', 'Counter 03']);

    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: /Show on the map/ }).getAttribute('href')).toBe(
      '/?counters=1&lat=60.15&long=24.965&zoom=16&counter=33',
    );

    await userEvent.clear(screen.getByRole('searchbox', { name: /Search/ }));
    await userEvent.selectOptions(screen.getByLabelText('Receiving data'), 'no');
    await enterText(userEvent, screen.getByRole('searchbox', { name: /Search/ }), 'Counter 030');
    const unlocated = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(within(unlocated).getByText('Location unknown')).toBeTruthy();
    expect(within(unlocated).queryByRole('link')).toBeNull();
  }, TEST_TIMEOUT);

  it('opens a shared table link with the same filters and order', async () => {
    mockFetch(fakeProxy({ counters: 120 }).handler);
    renderApp({ path: '/counters?source=EcoCounter&sort=id&dir=desc', language: 'en' });
    await screen.findByText('Loaded all 120 counters.', {}, { timeout: LOAD_TIMEOUT });
    await waitFor(() => expect(rowNames()[0]).toBe('Counter 119'));
    expect((screen.getByLabelText('Data source') as HTMLSelectElement).value).toBe('EcoCounter');
  }, TEST_TIMEOUT);

  it('offers the CSV as one file and as the service pages', async () => {
    mockFetch(fakeProxy({ counters: 2500 }).handler);
    renderApp({ path: '/counters', language: 'en' });
    expect(await screen.findByRole('button', { name: 'Download all 2,500 counters as CSV' }, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    const pageLinks = screen.getAllByRole('link', { name: /CSV page/ });
    expect(pageLinks.map((link) => link.getAttribute('href'))).toEqual([
      '/proxy/counters/?format=csv&page=1&page_size=1000',
      '/proxy/counters/?format=csv&page=2&page_size=1000',
      '/proxy/counters/?format=csv&page=3&page_size=1000',
    ]);
  }, TEST_TIMEOUT);

  it('downloads the rows shown, in the table’s order, and all counters with a separate button', async () => {
    mockFetch(fakeProxy({ counters: 120 }).handler);
    const files = catchDownloads();
    renderApp({ path: '/counters?source=Fintraffic&receiving=yes&q=Counter%2003&sort=id&dir=desc', language: 'en' });
    await screen.findByText('Loaded all 120 counters.', {}, { timeout: LOAD_TIMEOUT });
    expect(rowNames()).toEqual(['Counter 039', 'Counter 036', 'Counter 033']);

    await userEvent.click(screen.getByRole('button', { name: 'Download the 3 counters shown as CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const shown = await csvLines(files[0]!.blob);
    expect(shown[0]).toEqual([
      'id', 'name', 'source', 'sourceId', 'classifying', 'crsEpsg', 'municipalityCode', 'municipalityName',
      'dataReceived', 'firstStoredObservation', 'lastStoredObservation', 'longitude', 'latitude',
    ]);
    expect(shown.slice(1).map((fields) => fields[0])).toEqual(['39', '36', '33']);
    expect(shown.slice(1).map((fields) => fields.slice(6, 8))).toEqual([
      ['091', 'Helsinki'],
      ['049', 'Espoo'],
      ['091', 'Helsinki'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Download all 120 counters as CSV' }));
    await waitFor(() => expect(files).toHaveLength(2));
    const all = await csvLines(files[1]!.blob);
    expect(all).toHaveLength(121);
    expect(new Set(all.slice(1).map((fields) => fields[0])).size).toBe(120);
    expect(files.map((file) => file.name)).toEqual(['counters-shown.csv', 'counters.csv']);
  }, TEST_TIMEOUT);

  it('starts the CSV with a UTF-8 byte order mark, so a spreadsheet in Finnish reads “ä” right', async () => {
    mockFetch(fakeProxy({ counters: 30 }).handler);
    const files = catchDownloads();
    renderApp({ path: '/counters', language: 'fi' });
    await screen.findByText('Kaikki 30 laskuria ladattu.', {}, { timeout: LOAD_TIMEOUT });
    // Nothing filtered: one button, for all of them.
    expect(screen.queryByRole('button', { name: /näkyv/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Lataa kaikki 30 laskuria CSV-tiedostona' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect([...(await bytesOf(files[0]!.blob)).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(files[0]!.blob.type).toBe('text/csv;charset=utf-8');
  }, TEST_TIMEOUT);

  it('names the municipality instead of its code, in the UI language, and finds counters by that name', async () => {
    mockFetch(fakeProxy({ counters: 30 }).handler);
    renderApp({ path: '/counters', language: 'sv' });
    await screen.findByText('Alla 30 räknare laddade.', {}, { timeout: LOAD_TIMEOUT });
    const cellOf = (name: string) => {
      const row = within(screen.getByRole('table')).getByRole('rowheader', { name }).closest('tr')!;
      return within(row).getAllByRole('cell')[7]!.textContent;
    };
    expect(cellOf('Counter 001')).toBe('Helsingfors');
    expect(cellOf('Counter 004')).toBe('Esbo');
    await enterText(userEvent, screen.getByRole('searchbox'), 'esbo');
    expect(rowNames()).toEqual(['Counter 004', 'Counter 008', 'Counter 012', 'Counter 016', 'Counter 020', 'Counter 024', 'Counter 028']);
  }, TEST_TIMEOUT);
});
