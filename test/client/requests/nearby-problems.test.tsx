import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { followSpecification } from '../../../src/shared/georeport/follow';
import { jsonResponse, mockFetch, renderApp } from '../render-app';
import { serviceRequest } from './fixtures';
import en from '../../../src/client/locales/en/nearby.json';
import fi from '../../../src/client/locales/fi/nearby.json';
import sv from '../../../src/client/locales/sv/nearby.json';

// Metres north of the page's report (60.1699, 24.9384) as latitude text.
const north = (metres: number) => (60.1699 + (metres * 180) / Math.PI / 6_371_008.8).toFixed(7);
const other = (id: string, metres: number, overrides: Parameters<typeof serviceRequest>[0] = {}) =>
  serviceRequest({ service_request_id: id, lat: north(metres), ...overrides, extended_attributes: { title: `Title ${id}`, ...overrides.extended_attributes } });

/** A fake proxy: the page's own published report, and what the listing finds around a point. */
function serve(nearby: ReturnType<typeof serviceRequest>[]) {
  const self = serviceRequest();
  return mockFetch((url) => {
    if (url.pathname === '/proxy/open311/v1/discovery.json') return jsonResponse({ endpoints: [{ specification: followSpecification }] });
    if (url.pathname.endsWith('/followers.json')) return jsonResponse({ service_request_id: self.service_request_id, follower_count: 0 });
    if (url.pathname === '/proxy/open311/v1/requests.json' && url.searchParams.has('radius')) return jsonResponse([self, ...nearby]);
    return jsonResponse([self]);
  });
}

describe('Problems nearby on a report page', () => {
  it('lists the other reports within 500 m nearest first, with type, title, distance, status and link; asks the listing around the point', async () => {
    const fetchMock = serve([
      other('far', 430),
      other('closed-one', 120, { status: 'closed', extended_attributes: { detailed_status: 'PROCESSED' } }),
      other('untitled', 260, { service_name: 'Traffic signs', extended_attributes: { title: '' } }),
      other('beyond', 520),
      other('no-point', 10, { lat: undefined, long: undefined }),
    ]);
    renderApp({ path: '/requests/req123abc', language: 'en' });
    const section = (await screen.findByRole('heading', { name: 'Problems nearby' })).closest('section')!;
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Title closed-one.*Street condition.*120 m away.*Closed/),
      expect.stringMatching(/^Traffic signs.*260 m away.*Open/),
      expect.stringMatching(/^Title far.*430 m away.*Open/),
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Title closed-one' }).getAttribute('href')).toBe('/requests/closed-one');
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((url) => url.searchParams.has('radius'))!;
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ lat: '60.1699', long: '24.9384', radius: '500', extensions: 'true', locale: 'en' });
    // The report's own feed, by its words.
    expect(screen.getByRole('link', { name: "Feed of this report's updates (Atom)" }).getAttribute('href')).toBe('/feeds/requests/req123abc.atom');
  });

  it('shows at most ten, and says so in Finnish when there are none', async () => {
    serve(Array.from({ length: 12 }, (_, index) => other(`n${index}`, 10 + index * 30)));
    const { unmount } = renderApp({ path: '/requests/req123abc', language: 'en' });
    const section = (await screen.findByRole('heading', { name: 'Problems nearby' })).closest('section')!;
    expect(await within(section).findAllByRole('listitem')).toHaveLength(10);
    unmount();

    serve([]);
    renderApp({ path: '/requests/req123abc', language: 'fi' });
    expect(await screen.findByRole('heading', { name: 'Ongelmia lähellä' })).toBeTruthy();
    // The number and its unit never part at the end of a line (a no-break space between them).
    const none = await screen.findByText('Muita julkaistuja ilmoituksia ei ole 500 metrin säteellä.');
    expect(none.textContent).toContain('500\u00a0metrin');
    expect(screen.getByRole('link', { name: 'Tämän ilmoituksen päivitykset syötteenä (Atom)' })).toBeTruthy();
  });

  it('keeps the radius and its unit together in every language', () => {
    for (const texts of [en, fi, sv]) {
      for (const text of [texts.lead, texts.none]) expect(text).toMatch(/\{\{radius\}\}\u00a0\p{L}/u);
    }
  });
});
