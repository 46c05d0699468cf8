/** "My reports" (/account) in the browser's terms: signed out, the link form; signed in, the lists; in each language. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ResidentMe } from '../../../src/shared/residents/wire';
import { jsonResponse, mockFetch, renderApp } from '../render-app';
import { markResidentSignedIn } from '../signed-in-markers';

const me: ResidentMe = {
  email: 'aino@example.org',
  firstName: 'Aino',
  lastName: '',
  reportUpdates: true,
  reports: [
    { id: 'r1', type: '171', typeName: 'Gatornas skick', title: 'Grop vid skolan', status: 'open', detailedStatus: ['RECEIVED'], requestedAt: '2026-11-20T14:00:00+02:00', updatedAt: '2026-11-21T09:30:00+02:00', link: '/requests/r1', moderation: 'published', updates: true, duplicateOf: null },
    { id: 'r2', type: '198', typeName: 'Trafikmärken', title: '', status: 'open', detailedStatus: ['RECEIVED'], requestedAt: '2026-11-22T14:00:00+02:00', updatedAt: '2026-11-22T14:00:00+02:00', link: null, moderation: 'pending', updates: true, duplicateOf: null },
  ],
  alerts: [{ id: 7, area: { kind: 'point', lat: 60.1699, long: 24.9384, radius_m: 500 }, frequency: 'daily', confirmed: true, created_at: '2026-11-20T12:00:00+02:00' }],
  follows: [{ id: 'f1', type: '171', typeName: 'Gatornas skick', title: 'Trasig lampa', status: 'closed', detailedStatus: ['RESOLVED'], requestedAt: '2026-11-19T10:00:00+02:00', updatedAt: '2026-11-23T10:00:00+02:00', link: '/requests/f1' }],
};

describe('/account', () => {
  it('signed out: asks for the address and sends the link in the UI language, the same words for any address', async () => {
    const calls = mockFetch((url) => {
      if (url.pathname === '/residents/api/session') return jsonResponse({ signedIn: false });
      if (url.pathname === '/residents/api/sign-in') return jsonResponse({ message: 'on its way' }, { status: 202 });
      return jsonResponse({}, { status: 404 });
    });
    renderApp({ path: '/account', language: 'fi' });
    await screen.findByRole('heading', { level: 1, name: 'Omat ilmoitukset' });
    await userEvent.click(await screen.findByRole('button', { name: 'Lähetä minulle kirjautumislinkki' }));
    expect(screen.getByRole('textbox', { name: 'Sähköpostiosoite', description: /Kirjoita sähköpostiosoitteesi\./ })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Sähköpostiosoite' }), 'aino@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Lähetä minulle kirjautumislinkki' }));
    expect(await screen.findByText(/kirjautumislinkki on matkalla osoitteeseen aino@example.org/)).toBeTruthy();
    const sent = calls.mock.calls.find(([input]) => String(input).includes('/residents/api/sign-in'));
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ email: 'aino@example.org', locale: 'fi' });
    // Nobody ever signed in in this browser: the page did not ask who is.
    expect(calls.mock.calls.some(([input]) => /\/residents\/api\/(session|me)/.test(String(input)))).toBe(false);
  });

  it('signed in: their reports with status or moderation state, what they follow, settings; in Swedish', async () => {
    markResidentSignedIn();
    let updates = true;
    mockFetch((url, init) => {
      if (url.pathname === '/residents/api/session') return jsonResponse({ signedIn: true, email: me.email, firstName: 'Aino', lastName: '' });
      if (url.pathname === '/residents/api/me') return jsonResponse({ ...me, reportUpdates: updates });
      if (url.pathname === '/residents/api/me/settings') {
        updates = JSON.parse(String(init!.body)).reportUpdates;
        return jsonResponse({ ...me, reportUpdates: updates });
      }
      return jsonResponse({}, { status: 404 });
    });
    renderApp({ path: '/account', language: 'sv' });
    expect(await screen.findByText('Inloggad som aino@example.org')).toBeTruthy();
    const reports = await screen.findByRole('region', { name: 'Anmälningar du har gjort' });
    expect(within(reports).getByRole('link', { name: 'Grop vid skolan' }).getAttribute('href')).toBe('/requests/r1');
    expect(within(reports).getByText('Väntar på granskning')).toBeTruthy();
    expect(within(reports).getByText('Trafikmärken')).toBeTruthy();
    const follows = screen.getByRole('region', { name: 'Du följer' });
    expect(within(follows).getByRole('button', { name: 'Sluta följa: Trasig lampa' })).toBeTruthy();
    const alerts = screen.getByRole('region', { name: 'Bevakningar' });
    expect(within(alerts).getByText('En sammanfattning om dagen')).toBeTruthy();
    expect(within(alerts).getByRole('button', { name: /^Ta bort bevakning: Inom 500 m från / })).toBeTruthy();
    const setting = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Skicka e-post till mig när mina anmälningar uppdateras' });
    expect(setting.checked).toBe(true);
    await userEvent.click(setting);
    expect(await screen.findByText('Sparat.')).toBeTruthy();
    expect(setting.checked).toBe(false);
  });

  it('a report merged as a duplicate says so and links its original, not "Not published" (issue 42, item 5)', async () => {
    markResidentSignedIn();
    const merged = { ...me.reports[1]!, id: 'r3', title: 'Pothole again', moderation: 'rejected' as const, detailedStatus: ['REJECTED'], updates: false, duplicateOf: 'r0' };
    const rejected = { ...me.reports[1]!, id: 'r4', title: 'Rude words', moderation: 'rejected' as const, detailedStatus: ['REJECTED'] };
    mockFetch((url) => {
      if (url.pathname === '/residents/api/session') return jsonResponse({ signedIn: true, email: me.email, firstName: 'Aino', lastName: '' });
      if (url.pathname === '/residents/api/me') return jsonResponse({ ...me, reports: [merged, rejected] });
      return jsonResponse({}, { status: 404 });
    });
    renderApp({ path: '/account', language: 'en' });
    const reports = await screen.findByRole('region', { name: 'Reports you made' });
    const [mergedRow, rejectedRow] = within(reports).getAllByRole('listitem');
    expect(within(mergedRow!).getByRole('link', { name: 'Duplicate of #r0' }).getAttribute('href')).toBe('/requests/r0');
    expect(within(mergedRow!).queryByText('Not published')).toBeNull();
    expect(within(rejectedRow!).getByText('Not published')).toBeTruthy();
  });

  it('the emailed link signs in only when its button is pressed, then shows My reports', async () => {
    let signedIn = false;
    const calls = mockFetch((url) => {
      if (url.pathname === '/residents/api/session') return jsonResponse(signedIn ? { signedIn: true, email: me.email, firstName: '', lastName: '' } : { signedIn: false });
      if (url.pathname === '/residents/api/sign-in/confirm') {
        signedIn = true;
        markResidentSignedIn();
        return jsonResponse({ email: me.email });
      }
      if (url.pathname === '/residents/api/me') return jsonResponse(me);
      return jsonResponse({}, { status: 404 });
    });
    const { router } = renderApp({ path: '/account/sign-in?token=abcdefghijklmnopqrstuvwxyz', language: 'en' });
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(calls.mock.calls.some(([input]) => String(input).includes('/confirm'))).toBe(false);
    await userEvent.click(button);
    expect(await screen.findByText('Signed in as aino@example.org')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('a used or expired link says so and offers a new one', async () => {
    mockFetch((url) =>
      url.pathname === '/residents/api/sign-in/confirm'
        ? jsonResponse({ error: { code: 'sign_in_link_invalid', message: 'used' } }, { status: 400 })
        : jsonResponse({ signedIn: false }),
    );
    renderApp({ path: '/account/sign-in?token=abcdefghijklmnopqrstuvwxyz', language: 'sv' });
    await userEvent.click(await screen.findByRole('button', { name: 'Logga in' }));
    expect(await screen.findByText('Den här inloggningslänken har redan använts eller har gått ut. Begär en ny nedan.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Skicka mig en inloggningslänk' })).toBeTruthy();
  });
});
