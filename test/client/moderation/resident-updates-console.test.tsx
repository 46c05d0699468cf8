import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModerationUpdate } from '../../../src/shared/moderation/resident-updates';
import { jsonResponse, renderApp } from '../render-app';
import { CSRF_TOKEN, fakeModerationApi } from './fake-moderation-api';

const pending: ModerationUpdate = {
  update_id: 'u1',
  service_request_id: 'abc',
  report_title: 'Pothole on Mannerheimintie',
  moderation: 'pending',
  text: 'Still there, and deeper.',
  photo_url: '/media/a.jpg',
  name: 'Liisa',
  show_name: false,
  state: 'still_there',
  created_at: '2026-03-02T10:00:00+02:00',
};

describe("the console's residents' updates", () => {
  it('lists pending updates with their report, text and photo, and publishes one with the CSRF token', async () => {
    let items = [pending];
    const api = fakeModerationApi({
      override: (call) => {
        if (call.path === '/moderation/api/updates') return jsonResponse({ items });
        if (call.path === '/moderation/api/updates/u1/publish' && call.method === 'POST') {
          items = [];
          return jsonResponse({ ...pending, moderation: 'published' });
        }
        return undefined;
      },
    });
    renderApp({ path: '/moderation/updates', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: "Residents' updates to check" })).toBeTruthy();
    const card = (await screen.findByRole('heading', { level: 2, name: 'Pothole on Mannerheimintie' })).closest('article')!;
    expect(within(card).getByRole('link', { name: 'Pothole on Mannerheimintie' }).getAttribute('href')).toBe('/moderation/requests/abc');
    expect(card.textContent).toContain('Liisa (name not shown)');
    expect(card.textContent).toContain('The reporter says it is still there: publishing reopens a closed report.');
    expect(within(card).getByRole('img', { name: 'Photo sent with the update' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Residents' updates" }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('No updates are waiting.')).toBeTruthy();
    await waitFor(() => expect(api.calls.some((call) => call.path === '/moderation/api/updates/u1/publish')).toBe(true));
    const publish = api.calls.find((call) => call.path === '/moderation/api/updates/u1/publish')!;
    expect(publish.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
  });
});
