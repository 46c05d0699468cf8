import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../render-app';
import { streetOf } from '../../../src/client/features/alerts/lib/street-of';

const nearest = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [24.9522, 60.1841] }, properties: { layer: 'address', name: 'Hämeentie 30', street: 'Hämeentie', housenumber: '30', locality: 'Helsinki' } }],
};
const helsinki = { id: 'helsinki', jurisdiction_id: 'helsinki', name: { fi: 'Helsinki', sv: 'Helsingfors', en: 'Helsinki' }, services: ['171'] };

/** A fake server: the nearest address, the body covering the point, and the alerts API answering `answer`. */
function serve(answer: () => Response = () => jsonResponse({ status: 'confirmation_sent' }, { status: 202 })) {
  return mockFetch((url) => {
    if (url.pathname === '/proxy/geocoding/v1/reverse') return jsonResponse(nearest);
    if (url.pathname === '/proxy/bodies/v1/bodies.json') return jsonResponse([helsinki]);
    if (url.pathname === '/residents/api/alerts') return answer();
    return jsonResponse([]);
  });
}

describe('"Get alerts"', () => {
  it('in Finnish: the street comes from the nearest address, and the form sends JSON then says to check the email', async () => {
    const fetchMock = serve();
    renderApp({ path: '/alerts/new?lat=60.1841&long=24.9522', language: 'fi' });
    expect(await screen.findByRole('heading', { name: 'Tilaa ilmoitukset' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Kadulta'));
    await waitFor(() => expect((screen.getByLabelText('Kadun nimi') as HTMLInputElement).value).toBe('Hämeentie'));
    fireEvent.click(screen.getByLabelText('Enintään yksi sähköposti päivässä'));
    fireEvent.change(screen.getByLabelText('Sähköpostiosoitteesi'), { target: { value: 'aino@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tilaa' }));
    expect(await screen.findByRole('heading', { name: 'Tarkista sähköpostisi' })).toBeTruthy();
    const post = fetchMock.mock.calls.find(([input, init]) => String(input).includes('/residents/api/alerts') && init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ kind: 'street', street: 'Hämeentie', email: 'aino@example.org', frequency: 'daily', locale: 'fi' });
  });

  it('in Swedish: the radius choices, the body named, a bad address refused before sending, the limit explained', async () => {
    const fetchMock = serve(() => jsonResponse({ error: { code: 'too_many_attempts', message: 'too many alert requests: at most 5 an hour' } }, { status: 429, headers: { 'Retry-After': '3600' } }));
    renderApp({ path: '/alerts/new?lat=60.1841&long=24.9522', language: 'sv' });
    expect(await screen.findByRole('heading', { name: 'Bevaka anmälningar' })).toBeTruthy();
    const radius = screen.getByLabelText('Avstånd') as HTMLSelectElement;
    expect([...radius.options].map((option) => option.textContent)).toEqual(['250 m', '500 m', '1 km', '2 km']);
    expect(await screen.findByLabelText('I hela området: Helsingfors')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Din e-postadress'), { target: { value: 'inte en adress' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bevaka' }));
    expect(await screen.findByText('Skriv en e-postadress, till exempel namn@example.org.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/residents/api/alerts'))).toBe(false);
    fireEvent.change(screen.getByLabelText(/Din e-postadress/), { target: { value: 'anna@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bevaka' }));
    expect(await screen.findByText('För många förfrågningar från den här adressen just nu. Försök igen om en timme.')).toBeTruthy();
  });

  it('draws the point’s area on a map and names it in words; a tap on the map moves the point, in the address too', async () => {
    serve();
    const { router } = renderApp({ path: '/alerts/new?lat=60.1841&long=24.9522', language: 'en' });
    expect(await screen.findByText('Within 500 m of Hämeentie 30.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Distance'), { target: { value: '1000' } });
    expect(screen.getByText('Within 1 km of Hämeentie 30.')).toBeTruthy();
    const map = await waitFor(() => {
      const container = document.querySelector<HTMLElement>('.area-map__leaflet');
      expect(container?.querySelector('path.leaflet-interactive, path')).toBeTruthy();
      return container!;
    });
    fireEvent.click(map, { clientX: 10, clientY: 10 });
    await waitFor(() => expect(router.state.location.search).not.toBe('?lat=60.1841&long=24.9522'));
    expect(router.state.location.search).toMatch(/^\?lat=-?\d+\.\d{6}&long=-?\d+\.\d{6}$/);
  });

  it('takes the street of an address, not its number', () => {
    expect(streetOf('Hämeentie 30')).toBe('Hämeentie');
    expect(streetOf('Kaivopuisto')).toBeUndefined();
  });
});
