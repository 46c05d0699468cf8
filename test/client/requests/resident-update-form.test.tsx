/** "Add an update" on a report's page: checks before sending, posts to the proxy, thanks, and says so when offline. */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestHistory } from '../../../src/client/components/request';
import { ResidentUpdateForm } from '../../../src/client/features/requests/components/resident-update-form';
import { parseServiceRequest } from '../../../src/client/lib/parse-service-request';
import { formFields, stubXhr } from '../report/report-test-utils';
import { renderWithI18n } from './render-with-i18n';
import { jsonResponse, mockFetch } from '../render-app';
import { markResidentSignedIn } from '../signed-in-markers';
import en from '../../../src/client/locales/en/resident-updates.json';
import fi from '../../../src/client/locales/fi/resident-updates.json';
import sv from '../../../src/client/locales/sv/resident-updates.json';

afterEach(() => vi.unstubAllGlobals());

describe('the resident update form', () => {
  it('starts folded behind its heading\'s button, which opens it and takes focus into it', () => {
    renderWithI18n(<ResidentUpdateForm id="req123abc" />);
    const toggle = screen.getByRole('button', { name: 'Add an update' });
    expect(screen.getByRole('heading', { name: 'Add an update' }).contains(toggle)).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Your update')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const text = screen.getByLabelText('Your update');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)!.contains(text)).toBe(true);
    expect(document.activeElement).toBe(text);
    fireEvent.click(toggle);
    expect(screen.queryByLabelText('Your update')).toBeNull();
  });

  it('arrives open, the cursor in its text, when reached as #add-update (the report form\'s "Still there?")', () => {
    window.history.replaceState(null, '', '/requests/req123abc#add-update');
    try {
      renderWithI18n(<ResidentUpdateForm id="req123abc" />);
      expect(screen.getByRole('button', { name: 'Add an update' }).getAttribute('aria-expanded')).toBe('true');
      expect(document.activeElement).toBe(screen.getByLabelText('Your update'));
      expect(screen.getByLabelText('Photo (optional)')).toBeTruthy();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('asks for a longer text before sending anything', async () => {
    const calls = stubXhr(() => ({ status: 200, body: [{ update_id: 'u1', status: 'pending' }] }));
    renderWithI18n(<ResidentUpdateForm id="req123abc" />);
    fireEvent.click(screen.getByRole('button', { name: 'Add an update' }));
    fireEvent.change(screen.getByLabelText('Your update'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the update' }));
    expect(await screen.findByText('Write at least 10 characters: say what has changed.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Your update'));
    expect(calls).toHaveLength(0);
  });

  it('posts the text, photo, name choice and address to the proxy, then thanks; asks nobody who is signed in where nobody signed in', async () => {
    // Nobody ever signed in in this browser: the residents' API would answer 401, a console error in a browser.
    const fetches = mockFetch(() => jsonResponse({ error: { code: 'unauthenticated', message: 'sign in' } }, { status: 401 }));
    const calls = stubXhr(() => ({ status: 200, body: [{ update_id: 'u1', status: 'pending' }] }));
    renderWithI18n(<ResidentUpdateForm id="req123abc" />, 'fi');
    fireEvent.click(screen.getByRole('button', { name: 'Lisää päivitys' }));
    fireEvent.change(screen.getByLabelText('Päivityksesi'), { target: { value: 'Yhä olemassa, nyt isompi.' } });
    fireEvent.change(screen.getByLabelText('Kuva (vapaaehtoinen)'), { target: { files: [new File(['jpeg'], 'nyt.jpg', { type: 'image/jpeg' })] } });
    fireEvent.change(screen.getByLabelText('Nimesi (vapaaehtoinen)'), { target: { value: 'Liisa' } });
    fireEvent.click(screen.getByLabelText('Näytä nimeni päivityksen yhteydessä'));
    fireEvent.change(screen.getByLabelText('Sähköpostiosoitteesi (vapaaehtoinen)'), { target: { value: 'liisa@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lähetä päivitys' }));
    expect(await screen.findByText('Kiitos — päivityksesi näkyy, kun moderaattori on tarkistanut sen.')).toBeTruthy();
    expect(calls.map((call) => [call.method, call.url])).toEqual([['POST', '/proxy/open311/v1/requests/req123abc/updates.json']]);
    expect(formFields(calls[0]!.body)).toEqual([
      ['description', 'Yhä olemassa, nyt isompi.'],
      ['name', 'Liisa'],
      ['show_name', 'true'],
      ['email', 'liisa@example.org'],
      ['locale', 'fi'],
      ['media', 'file:nyt.jpg'],
    ]);
    // Only the reporter, signed in, may say fixed / still there; nobody is signed in here.
    expect(screen.queryByRole('radio')).toBeNull();
    expect(fetches.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/residents/api'))).toEqual([]);
  });

  it('names the chosen photo, and takes it off again so that none is sent', async () => {
    const calls = stubXhr(() => ({ status: 200, body: [{ update_id: 'u1', status: 'pending' }] }));
    renderWithI18n(<ResidentUpdateForm id="req123abc" />);
    fireEvent.click(screen.getByRole('button', { name: 'Add an update' }));
    fireEvent.change(screen.getByLabelText('Your update'), { target: { value: 'Still there, bigger now.' } });
    fireEvent.change(screen.getByLabelText('Photo (optional)'), { target: { files: [new File(['jpeg'], 'hole.jpg', { type: 'image/jpeg' })] } });
    expect(screen.getByText('Chosen: hole.jpg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the photo' }));
    expect(screen.queryByText('Chosen: hole.jpg')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Photo (optional)'));
    fireEvent.click(screen.getByRole('button', { name: 'Send the update' }));
    await screen.findByRole('status');
    expect(formFields(calls[0]!.body).map(([field]) => field)).not.toContain('media');
  });

  it('offers the signed-in reporter "fixed" / "still there", and sends the choice', async () => {
    markResidentSignedIn();
    mockFetch((url) => (url.pathname === '/residents/api/me' ? jsonResponse({ email: 'me@example.org', reports: [{ id: 'req123abc' }], follows: [] }) : jsonResponse({}, { status: 404 })));
    const calls = stubXhr(() => ({ status: 200, body: [{ update_id: 'u1', status: 'pending' }] }));
    renderWithI18n(<ResidentUpdateForm id="req123abc" />);
    fireEvent.click(screen.getByRole('button', { name: 'Add an update' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'It is fixed' }));
    fireEvent.change(screen.getByLabelText('Your update'), { target: { value: 'Patched this morning.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the update' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(formFields(calls[0]!.body)).toContainEqual(['state', 'fixed']);
  });

  it('offline, says the update cannot be sent now and sends nothing', async () => {
    const calls = stubXhr(() => ({ status: 200, body: [] }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithI18n(<ResidentUpdateForm id="req123abc" />, 'sv');
    fireEvent.click(screen.getByRole('button', { name: 'Lägg till en uppdatering' }));
    fireEvent.change(screen.getByLabelText('Din uppdatering'), { target: { value: 'Finns kvar fortfarande.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skicka uppdateringen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Du är offline: uppdateringen kan inte skickas nu. Försök igen när du har anslutning.');
    expect(calls).toHaveLength(0);
    vi.restoreAllMocks();
  });

  it('has every text in Finnish, Swedish and English', () => {
    const keys = (texts: object, prefix = ''): string[] =>
      Object.entries(texts).flatMap(([key, value]) => (typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`])).sort();
    expect(keys(fi)).toEqual(keys(en));
    expect(keys(sv)).toEqual(keys(en));
  });

  it('the history shows a published update: the reporter\'s word, the text, the name when shown, the photo', () => {
    const request = parseServiceRequest({
      service_request_id: 'req123abc',
      extended_attributes: {
        detailed_status: 'PROCESSED',
        media_urls: [],
        history: [
          { kind: 'resident_update', datetime: '2026-11-21T09:30:00+02:00', detailed_status: 'PROCESSED', update: { text: 'Patched today.', name: 'Liisa', marked: 'fixed', photo_url: 'http://kerro.test/media/a.jpg' } },
          { kind: 'resident_update', datetime: '2026-11-22T09:30:00+02:00', detailed_status: 'PROCESSED', update: {} },
        ],
      },
    });
    renderWithI18n(<RequestHistory entries={request!.extended_attributes!.history} />);
    const entries = screen.getByRole('heading', { name: 'History' }).parentElement!.querySelectorAll('li');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.textContent).toMatch(/An update from Liisa.*The reporter marked it fixed.*Patched today\./);
    expect(screen.getByRole('img', { name: 'Photo with the update' }).getAttribute('src')).toBe('http://kerro.test/media/a.jpg');
  });
});
