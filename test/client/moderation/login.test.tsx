import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render-app';
import { fakeItem, fakeModerationApi, PASSWORD } from './fake-moderation-api';

async function signInWith(name: string, password: string) {
  const nameField = await screen.findByLabelText('Name');
  await userEvent.clear(nameField);
  if (name) await userEvent.type(nameField, name);
  const passwordField = screen.getByLabelText('Password');
  await userEvent.clear(passwordField);
  if (password) await userEvent.type(passwordField, password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('moderator sign-in', () => {
  it('sends a logged-out visit to /moderation to the login page, and back to the queue after signing in', async () => {
    const api = fakeModerationApi({ signedIn: false, items: [fakeItem({ title: 'Broken bench' })] });
    const { router } = renderApp({ path: '/moderation', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderator sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/moderation/login');
    await waitFor(() => expect(document.title).toBe('Moderator sign-in – Kerro'));
    // Nobody signed in in this browser: no session check, whose 401 a browser logs as an error.
    expect(api.calls).toEqual([]);

    await signInWith('mod', PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation queue' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/moderation');
    const login = api.calls.find((call) => call.method === 'POST' && call.path === '/moderation/api/session')!;
    expect(login.body).toEqual({ name: 'mod', password: PASSWORD });
    expect(login.headers.get('Content-Type')).toBe('application/json');
  });

  it('keeps the page a moderator asked for across the login', async () => {
    fakeModerationApi({ signedIn: false, items: [fakeItem({ id: 'abc123', title: 'Graffiti on the wall' })] });
    const { router } = renderApp({ path: '/moderation/requests/abc123', language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Moderator sign-in' });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/moderation/requests/abc123')}`);
    await signInWith('mod', PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Review: Graffiti on the wall' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/moderation/requests/abc123');
  });

  it('asks for both fields before sending anything', async () => {
    const api = fakeModerationApi({ signedIn: false });
    renderApp({ path: '/moderation/login', language: 'en' });
    await signInWith('', '');
    expect(screen.getByText('Enter your name.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says the name or password is wrong, clears the password and puts the cursor there', async () => {
    fakeModerationApi({ signedIn: false });
    renderApp({ path: '/moderation/login', language: 'en' });
    await signInWith('mod', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe('The name or the password is wrong. Check them and try again.');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(document.activeElement).toBe(password);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('mod');
  });

  it('turns the rate limit into "try again in N minutes" from Retry-After, in Finnish too', async () => {
    const api = fakeModerationApi({ signedIn: false });
    api.state.failedLogins = 5;
    const { i18n } = renderApp({ path: '/moderation/login', language: 'en' });
    await signInWith('mod', PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed sign-ins. Try again in 15 minutes.');
    await i18n.changeLanguage('fi');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Liian monta epäonnistunutta kirjautumista. Yritä uudelleen 15 minuutin kuluttua.',
    );
  });

  it('tells a lost connection apart from a wrong password', async () => {
    fakeModerationApi({
      signedIn: false,
      override: (call) => (call.method === 'POST' ? (Promise.reject(new TypeError('Failed to fetch')) as never) : undefined),
    });
    renderApp({ path: '/moderation/login', language: 'en' });
    await signInWith('mod', PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe('The service could not be reached. Check your connection and try again.');
  });

  it('signs out with the CSRF header and lands on the login page saying so', async () => {
    const api = fakeModerationApi({ items: [] });
    const { router } = renderApp({ path: '/moderation', language: 'en' });
    await screen.findByText('Signed in as mod');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/moderation/login');
    const signOut = api.writes().find((call) => call.method === 'DELETE')!;
    expect(signOut.path).toBe('/moderation/api/session');
    expect(signOut.headers.get('X-CSRF-Token')).toBe('csrf-token-for-tests');
  });

  it('goes back to the login when the session ends mid-work, saying why and keeping the page', async () => {
    const item = fakeItem({ id: 'xyz789', title: 'Litter in the park' });
    const api = fakeModerationApi({ items: [item] });
    const { router, queryClient } = renderApp({ path: '/moderation/requests/xyz789', language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Review: Litter in the park' });

    api.state.signedIn = false; // the session expired on the server
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Your session has ended. Sign in again to continue where you were.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/moderation/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/moderation/requests/xyz789');
    // Personal data does not linger in the cache behind the login page.
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['moderation', 'request'] })).toEqual([]));

    await signInWith('mod', PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Review: Litter in the park' })).toBeTruthy();
  });

  it('never sends a moderator off the console after login, whatever ?next says', async () => {
    fakeModerationApi({ signedIn: false });
    const { router } = renderApp({ path: `/moderation/login?next=${encodeURIComponent('//evil.example/moderation')}`, language: 'en' });
    await signInWith('mod', PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/moderation'));
  });
});
