import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../render-app';
import { renderReport, serviceTypesByLocale } from './report-test-utils';
import { afterRetries } from '../retry-waits';

// Leaflet needs a real layout; the location step's map is covered in Chromium (test/e2e/report.test.ts).
vi.mock('../../../src/client/features/report/components/location-map', async () => {
  const { createElement } = await import('react');
  return { default: () => createElement('p', null, 'Stub map') };
});

/** The group names as shown (legends) and the type names in each, in page order. */
function shownGroups(): [string, string[]][] {
  return [...document.querySelectorAll('fieldset.type-group')].map((fieldset) => [
    fieldset.querySelector('legend')?.textContent ?? '',
    [...fieldset.querySelectorAll('.type-option__name')].map((name) => name.textContent ?? ''),
  ]);
}

describe('service types in the report flow', { timeout: 20_000 }, () => {
  it('shows the types in English when the UI is in English, grouped in API order, ungrouped ones last', async () => {
    const fetchMock = mockFetch((url) => jsonResponse(serviceTypesByLocale[url.searchParams.get('locale') ?? ''] ?? []));
    await renderReport({ language: 'en' });
    await screen.findByRole('radio', { name: /^Potholes/ });
    expect(shownGroups()).toEqual([
      ['Traffic and street condition', ['Potholes', 'Traffic signs']],
      ['Sanitation', ['Vandalism']],
      ['Other', ['Other issue']],
    ]);
    expect(screen.queryByText('Katujen kunto')).toBeNull();
    const asked = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(asked.pathname).toBe('/proxy/open311/v1/services.json');
    expect(asked.searchParams.get('locale')).toBe('en');
  });

  it('shows a loading status, then an error with a retry button that loads the list', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let proxyReady = false;
    const fetchMock = mockFetch(async (url) => {
      if (url.pathname !== '/proxy/open311/v1/services.json') return jsonResponse([]);
      await held;
      return proxyReady
        ? jsonResponse(serviceTypesByLocale.en)
        : jsonResponse([{ code: 404, description: `no such resource: GET ${url.pathname}` }], { status: 404 });
    });
    const typeListAsked = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/services.json')).length;
    await renderReport({ language: 'en' });

    expect((await screen.findByText('Loading problem types…')).closest('[role="status"]')).toBeTruthy();
    answer();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list of problem types could not be loaded.');
    expect(typeListAsked()).toBe(1); // a 404 will not change on its own: no automatic retries

    proxyReady = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /^Vandalism/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(typeListAsked()).toBe(2);
  });

  it('says so when the service cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const alert = await afterRetries(
      () => renderReport({ language: 'en' }),
      () => screen.getByRole('alert'),
    );
    expect(alert.textContent).toContain('The service could not be reached.');
  });

  it('copes with untidy entries from a real city (numeric code, null description, missing group)', async () => {
    mockFetch(() =>
      jsonResponse([{ service_code: 5, service_name: 'Potholes', description: null, metadata: false, type: 'realtime', keywords: null }]),
    );
    await renderReport({ language: 'en' });
    const radio = await screen.findByRole('radio', { name: 'Potholes' });
    expect((radio as HTMLInputElement).value).toBe('5');
    expect(radio.getAttribute('aria-describedby')).toBeNull();
    expect(shownGroups()).toEqual([['Other', ['Potholes']]]);
  });

  it('refuses a list with an entry that has no code or name, as it cannot offer every type', async () => {
    mockFetch(() => jsonResponse([{ service_code: '1', service_name: 'Potholes' }, { service_name: 'No code' }]));
    await renderReport({ language: 'en' });
    expect((await screen.findByRole('alert')).textContent).toContain('The list of problem types could not be loaded.');
    expect(screen.queryByRole('radio', { name: 'Potholes' })).toBeNull();
  });
});
