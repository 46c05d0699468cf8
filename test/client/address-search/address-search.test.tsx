import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../src/client/app/providers';
import { AddressSearch, type AddressChoice } from '../../../src/client/components/address-search';
import { createTestI18n } from '../test-i18n';
import { createQueryClient } from '../../../src/client/lib/query-client';
import type { SupportedLocale } from '../../../src/shared/locales';
import { jsonResponse, mockFetch } from '../render-app';
import { geocoderAnswer } from './fake-geocoder';

function renderSearch(language: SupportedLocale = 'en') {
  const fetchMock = mockFetch((url) => geocoderAnswer(url) ?? jsonResponse({}, { status: 404 }));
  const chosen: AddressChoice[] = [];
  const submitted = vi.fn((submitEvent: SubmitEvent) => submitEvent.preventDefault());
  render(
    <AppProvider queryClient={createQueryClient()} i18n={createTestI18n(language)}>
      {/* Inside a form, as in the report flow: Enter in the box must not send it. */}
      <form onSubmit={(formEvent) => submitted(formEvent.nativeEvent as SubmitEvent)}>
        <AddressSearch focus={{ lat: 60.1699, lon: 24.9384 }} onChoose={(choice) => chosen.push(choice)} />
      </form>
    </AppProvider>,
  );
  const searchUrls = () =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname.endsWith('/search'));
  return { chosen, submitted, searchUrls };
}

describe('AddressSearch: the "Street address or place" combobox', () => {
  it('searches as one types (in the UI language, near the focus), moves with the arrows and chooses with Enter', async () => {
    const user = userEvent.setup();
    const { chosen, submitted, searchUrls } = renderSearch('en');
    const box = screen.getByRole('combobox', { name: 'Street address or place' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.type(box, 'häm');

    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Hämeentie 30, 00530 HelsinkiAddress', 'Hämeentie 32, 00530 HelsinkiAddress']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    // Debounced: one request for the three letters, not one per letter.
    expect(searchUrls().map((url) => url.searchParams.get('text'))).toEqual(['häm']);
    const asked = searchUrls()[0]!;
    expect(asked.searchParams.get('lang')).toBe('en');
    expect(asked.searchParams.get('focus.point.lat')).toBe('60.1699');
    expect(asked.searchParams.get('focus.point.lon')).toBe('24.9384');
    expect(screen.getByRole('status').textContent).toBe('2 results. Use the up and down arrows to move, Enter to choose.');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{ArrowUp}{Enter}');

    expect(chosen).toEqual([
      expect.objectContaining({ id: 'demo:address:2', lat: 60.1876, lon: 24.9606, label: 'Hämeentie 32, 00530 Helsinki', layer: 'address' }),
    ]);
    expect(submitted).not.toHaveBeenCalled();
    expect((box as HTMLInputElement).value).toBe('Hämeentie 32, 00530 Helsinki');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('Chosen: Hämeentie 32, 00530 Helsinki.');
  });

  it('says when the street lacks the number typed and the answer is the street, in the list and after choosing it', async () => {
    const user = userEvent.setup();
    const { chosen } = renderSearch('en');
    const box = screen.getByRole('combobox', { name: 'Street address or place' });
    await user.type(box, 'hämeentie 300');
    const [option] = await screen.findAllByRole('option');
    expect(option!.textContent).toBe('Hämeentie, HelsinkiStreet · no such number, the street');
    const message = 'Hämeentie: no such house number, showing the street.';
    expect(screen.getByText(message, { selector: '.address-search__message' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(message);
    await user.keyboard('{Enter}');
    expect(chosen).toEqual([expect.objectContaining({ layer: 'street', numberMissing: true })]);
    expect(screen.getByText(message, { selector: '.address-search__message' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(`Chosen: Hämeentie, Helsinki. ${message}`);
  });

  it('says when nothing is found, and Escape closes the list, then clears the text', async () => {
    const user = userEvent.setup();
    renderSearch('en');
    const box = screen.getByRole('combobox', { name: 'Street address or place' });
    await user.type(box, 'zzzz');
    // Shown under the box and said by the status region.
    expect(await screen.findAllByText('No address or place found for “zzzz”. Check the spelling, or place the pin on the map.')).toHaveLength(2);
    expect(box.getAttribute('aria-expanded')).toBe('false');

    await user.clear(box);
    await user.type(box, 'häm');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('häm');
    await user.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('tells a place from an address, gives its service object, and takes a click', async () => {
    const user = userEvent.setup();
    const { chosen } = renderSearch('en');
    await user.type(screen.getByRole('combobox', { name: 'Street address or place' }), 'kaivo');
    const option = await screen.findByRole('option', { name: /Kaivopuisto/ });
    expect(option.textContent).toBe('Kaivopuisto, Itäinen Puistotie 1, HelsinkiPlace');
    await user.click(option);
    expect(chosen).toEqual([
      expect.objectContaining({ layer: 'venue', name: 'Kaivopuisto', serviceObject: { type: 'urn:kerro:service-objects', id: 'demo-park-1' } }),
    ]);
  });

  it('speaks Swedish and Finnish, and asks for answers in that language', async () => {
    const user = userEvent.setup();
    const { searchUrls } = renderSearch('sv');
    const box = screen.getByRole('combobox', { name: 'Gatuadress eller plats' });
    await user.type(box, 'tav');
    expect((await screen.findAllByRole('option'))[0]!.textContent).toBe('Tavastvägen 30, 00530 HelsinkiAdress');
    await waitFor(() => expect(searchUrls().at(-1)?.searchParams.get('lang')).toBe('sv'));
  });

  it('is labelled in Finnish', () => {
    renderSearch('fi');
    expect(screen.getByRole('combobox', { name: 'Katuosoite tai paikka' })).toBeTruthy();
  });
});
