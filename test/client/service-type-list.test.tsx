import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ServiceType } from '../../src/shared/georeport/types';
import { jsonResponse, mockFetch, renderApp } from './render-app';

function serviceType(code: string, name: string, group: string, description = `${name} description`): ServiceType {
  return { service_code: code, service_name: name, description, metadata: false, type: 'realtime', keywords: '', group };
}

const servicesByLocale: Record<string, ServiceType[]> = {
  fi: [
    serviceType('171', 'Katujen kunto', 'Katujen kunto ja liikenne', 'Onko tiessä kuoppa?'),
    serviceType('172', 'Ilkivalta', 'Puhtaanapito'),
    serviceType('198', 'Liikennemerkit', 'Katujen kunto ja liikenne'),
    serviceType('180', 'Muu palaute', ''),
  ],
  en: [
    serviceType('171', 'Street condition', 'Traffic and street condition', 'Is there a pothole?'),
    serviceType('172', 'Vandalism', 'Sanitation'),
  ],
};

function serveServiceTypes() {
  return mockFetch((url) => {
    if (url.pathname !== '/proxy/open311/v1/services.json') return jsonResponse([{ code: 404, description: 'no' }], { status: 404 });
    return jsonResponse(servicesByLocale[url.searchParams.get('locale') ?? ''] ?? []);
  });
}

function groupHeadings(): string[] {
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent ?? '');
}

function namesInGroup(groupName: string): string[] {
  const section = screen.getByRole('region', { name: groupName });
  return within(section)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.service-type__name')?.textContent ?? '');
}

describe('service type list on the home page', () => {
  it('asks the proxy for the UI language and shows the types grouped, in API order', async () => {
    const fetchMock = serveServiceTypes();
    renderApp({ language: 'fi' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ilmoita ongelmasta kaupungissasi' })).toBeTruthy();
    expect(await screen.findByText('Katujen kunto')).toBeTruthy();

    const requested = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(requested.pathname).toBe('/proxy/open311/v1/services.json');
    expect(requested.searchParams.get('locale')).toBe('fi');

    // Groups in first-seen order; the ungrouped type under the localized "other" heading, last.
    expect(groupHeadings()).toEqual(['Katujen kunto ja liikenne', 'Puhtaanapito', 'Muut']);
    expect(namesInGroup('Katujen kunto ja liikenne')).toEqual(['Katujen kunto', 'Liikennemerkit']);
    expect(namesInGroup('Puhtaanapito')).toEqual(['Ilkivalta']);
    expect(namesInGroup('Muut')).toEqual(['Muu palaute']);
    expect(screen.getByText('Onko tiessä kuoppa?')).toBeTruthy();
  });

  it('shows English names when the UI is in English', async () => {
    serveServiceTypes();
    renderApp({ language: 'en' });
    expect(await screen.findByText('Street condition')).toBeTruthy();
    expect(groupHeadings()).toEqual(['Traffic and street condition', 'Sanitation']);
    expect(screen.queryByText('Katujen kunto')).toBeNull();
  });

  it('shows a loading status, then an error with a retry button that loads the list', async () => {
    let proxyReady = false;
    const fetchMock = mockFetch((url) =>
      proxyReady
        ? jsonResponse(servicesByLocale.en)
        : jsonResponse([{ code: 404, description: `no such resource: GET ${url.pathname}` }], { status: 404 }),
    );
    renderApp({ language: 'en' });

    // First the page's code loads, then the list: both announce themselves politely.
    expect((await screen.findByText('Loading problem types…')).closest('[role="status"]')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list of problem types could not be loaded.');
    expect(fetchMock).toHaveBeenCalledTimes(1); // a 404 will not change on its own: no automatic retries

    proxyReady = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Vandalism')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('copes with untidy entries from a real city (null description, missing group)', async () => {
    mockFetch(() =>
      jsonResponse([{ service_code: 5, service_name: 'Potholes', description: null, metadata: false, type: 'realtime', keywords: null }]),
    );
    renderApp({ language: 'en' });
    expect(await screen.findByText('Potholes')).toBeTruthy();
    expect(groupHeadings()).toEqual(['Other']);
  });
});
