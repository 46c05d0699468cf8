import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { draftPhotoStore } from '../../../src/client/features/report/draft/draft-photo-store';
import { formFields, renderReport, serveReportApi, stubXhr } from './report-test-utils';
import { enterText } from '../enter-text';

// Leaflet needs a real layout (covered in Chromium, test/e2e/report-address.test.ts). This map
// drops the pin a few metres from Hämeentie 30 (the fake geocoder's address), or far from any.
vi.mock('../../../src/client/features/report/components/location-map', async () => {
  const { createElement, Fragment } = await import('react');
  type Props = { onPin: (point: { lat: number; long: number }, how: string) => void; pin?: { lat: number; long: number } };
  return {
    default: (props: Props) =>
      createElement(
        Fragment,
        null,
        createElement('button', { type: 'button', onClick: () => props.onPin({ lat: 60.18735, long: 24.96045 }, 'click') }, 'Stub map: drop pin on Hämeentie'),
        createElement('button', { type: 'button', onClick: () => props.onPin({ lat: 60.2, long: 25.1 }, 'drag') }, 'Stub map: drag pin far away'),
        createElement('output', { 'data-testid': 'stub-pin' }, props.pin ? `${props.pin.lat},${props.pin.long}` : 'none'),
      ),
  };
});

beforeEach(async () => {
  await draftPhotoStore().clear();
});

const summary = () => document.querySelector('.place-summary__text')?.textContent;
const addressField = (label = 'Address, or where exactly (optional)') => screen.getByLabelText(label) as HTMLInputElement;

describe('report flow: the place in words', { timeout: 20_000 }, () => {
  it('a dropped pin shows its nearest address and sends it as address_string; the draft keeps it', async () => {
    const user = userEvent.setup();
    serveReportApi();
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'abcd1234efgh5678ijkl', service_notice: '' }] }));
    const first = await renderReport();
    await user.click(await screen.findByRole('radio', { name: /^Potholes/ }));
    await user.click(await screen.findByRole('button', { name: 'Stub map: drop pin on Hämeentie' }));

    await waitFor(() => expect(summary()).toBe('Chosen place: pin on the map near Hämeentie 30, 00530 Helsinki.'));
    expect(addressField().value).toBe('Hämeentie 30, 00530 Helsinki');
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Pin placed near Hämeentie 30, 00530 Helsinki.')).toBe(true);

    // Reloaded, the draft has the address: no geocoding needed to show it.
    first.unmount();
    await renderReport();
    await screen.findByText(/^We kept your unfinished report/);
    expect(summary()).toBe('Chosen place: pin on the map near Hämeentie 30, 00530 Helsinki.');
    expect(addressField().value).toBe('Hämeentie 30, 00530 Helsinki');

    await enterText(user, screen.getByLabelText('Description'), 'A deep hole in the cycle lane.');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you! Your report has been received.' });
    expect(Object.fromEntries(formFields(calls[0]!.body))).toMatchObject({
      lat: '60.187350',
      long: '24.960450',
      address_string: 'Hämeentie 30, 00530 Helsinki',
    });
    // The reference in groups of four to read aloud; the text itself is the id, as copied.
    const reference = screen.getByTestId('report-id');
    expect([...reference.querySelectorAll('.report-reference__group')].map((group) => group.textContent)).toEqual(['abcd', '1234', 'efgh', '5678', 'ijkl']);
    expect(reference.textContent).toBe('abcd1234efgh5678ijkl');
  });

  it('a moved pin brings its own address, or its coordinates where no address is near; words the person wrote stay', async () => {
    const user = userEvent.setup();
    serveReportApi();
    await renderReport({ language: 'fi' });
    await user.click(await screen.findByRole('button', { name: 'Stub map: drop pin on Hämeentie' }));
    await waitFor(() => expect(summary()).toBe('Valittu paikka: nasta kartalla lähellä osoitetta Hämeentie 30, 00530 Helsinki.'));

    await user.click(screen.getByRole('button', { name: 'Stub map: drag pin far away' }));
    await waitFor(() => expect(screen.getByText('Katuosoitetta ei ole 200 metrin säteellä: koordinaatit lähetetään.')).toBeTruthy());
    expect(summary()).toBe('Valittu paikka: nasta kartalla kohdassa 60,20000, 25,10000.');
    expect(addressField('Osoite tai tarkempi paikka (vapaaehtoinen)').value).toBe('');

    await enterText(user, addressField('Osoite tai tarkempi paikka (vapaaehtoinen)'), 'Kioskin takana');
    await user.click(screen.getByRole('button', { name: 'Stub map: drop pin on Hämeentie' }));
    await waitFor(() => expect(summary()).toBe('Valittu paikka: nasta kartalla lähellä osoitetta Hämeentie 30, 00530 Helsinki.'));
    expect(addressField('Osoite tai tarkempi paikka (vapaaehtoinen)').value).toBe('Kioskin takana');
  });

  it('the search box places the pin at an address, or points the report at a place, in Swedish too', async () => {
    const user = userEvent.setup();
    serveReportApi();
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'r-9', service_notice: '' }] }));
    await renderReport({ language: 'sv' });
    const box = screen.getByRole('combobox', { name: 'Gatuadress eller plats' });
    await user.type(box, 'tav');
    await user.click(await screen.findByRole('option', { name: /^Tavastvägen 30/ }));
    await waitFor(() => expect(summary()).toBe('Vald plats: nål på kartan nära Tavastvägen 30, 00530 Helsinki.'));
    expect(screen.getByTestId('stub-pin').textContent).toBe('60.1873,24.9604');
    expect((box as HTMLInputElement).value).toBe('Tavastvägen 30, 00530 Helsinki');
    // A pin dropped elsewhere empties the box: its text would name another place.
    await user.click(screen.getByRole('button', { name: 'Stub map: drag pin far away' }));
    expect((screen.getByRole('combobox', { name: 'Gatuadress eller plats' }) as HTMLInputElement).value).toBe('');

    const freshBox = screen.getByRole('combobox', { name: 'Gatuadress eller plats' });
    await user.type(freshBox, 'kaivo');
    await screen.findByRole('option', { name: /^Kaivopuisto/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(summary()).toBe('Vald plats: Kaivopuisto.');
    expect(document.activeElement).toBe(freshBox);
    expect(addressField('Adress eller närmare plats (frivilligt)').value).toBe('Kaivopuisto, Itäinen Puistotie 1, Helsinki');

    await user.click(screen.getByRole('radio', { name: /^Vandalism/ }));
    await enterText(user, screen.getByLabelText('Beskrivning'), 'The bench is broken.');
    await user.click(screen.getByRole('button', { name: 'Skicka anmälan' }));
    await screen.findByTestId('report-id');
    expect(Object.fromEntries(formFields(calls[0]!.body))).toMatchObject({
      service_object_id: 'demo-park-1',
      service_object_type: 'urn:kerro:service-objects',
      address_string: 'Kaivopuisto, Itäinen Puistotie 1, Helsinki',
    });
  });

  it('/report?lat=&lon= starts with that pin and its address, and takes the numbers out of the address bar', async () => {
    serveReportApi();
    const view = await renderReport({ path: '/report?type=171&lat=60.18735&lon=24.96045' });
    await waitFor(() => expect(summary()).toBe('Chosen place: pin on the map near Hämeentie 30, 00530 Helsinki.'));
    expect((await screen.findByTestId('stub-pin')).textContent).toBe('60.18735,24.96045');
    expect(view.router.state.location.search).toBe('?type=171');
  });

  it.each([
    ['a comma decimal', 'lat=60,18735&lon=24,96045'],
    ['a latitude out of range', 'lat=91&lon=24.9'],
    ['a missing longitude', 'lat=60.18735'],
    ['words', 'lat=north&lon=east'],
  ])('ignores %s', async (_case, query) => {
    serveReportApi();
    await renderReport({ path: `/report?${query}` });
    await screen.findByRole('combobox', { name: 'Street address or place' });
    expect(summary()).toBe('No place chosen yet.');
    expect((await screen.findByTestId('stub-pin')).textContent).toBe('none');
  });
});
