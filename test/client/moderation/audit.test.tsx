import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../render-app';
import { renderApp } from '../render-app';
import { fakeModerationApi } from './fake-moderation-api';

const entries = [
  { id: 7, at: '2026-03-02T12:00:00+02:00', moderator: 'maija', action: 'status', service_request_id: 'abc', details: { from: ['RECEIVED'], to: ['PROCESSED'], status_notes_changed: true, notified: true } },
  { id: 6, at: '2026-03-02T11:00:00+02:00', moderator: 'maija', action: 'remove_media', service_request_id: 'abc', details: { media: 0 } },
  { id: 5, at: '2026-03-02T10:30:00+02:00', moderator: 'ville', action: 'edit', service_request_id: 'abc', details: { fields: ['title', 'description'] } },
  { id: 4, at: '2026-03-02T10:00:00+02:00', moderator: 'ville', action: 'reject', service_request_id: 'def', details: { from: 'pending', reason_given: true } },
  { id: 3, at: '2026-03-02T09:30:00+02:00', moderator: 'ville', action: 'publish', service_request_id: 'abc', details: {} },
  { id: 2, at: '2026-03-02T09:00:00+02:00', moderator: 'ville', action: 'sign_in', service_request_id: null, details: {} },
];

describe('audit log page', () => {
  it('shows who did what and when, in words, linking each request to its review page', async () => {
    fakeModerationApi({
      override: (call) => (call.path === '/moderation/api/audit' ? jsonResponse({ items: entries, next_before: null }) : undefined),
    });
    renderApp({ path: '/moderation/audit', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Moderator actions, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells.map((row) => row.slice(1))).toEqual([
      ['maija', 'Status Received → Resolved; notes changed; email queued to the reporter and followers', 'abc'],
      ['maija', 'Removed photo 1', 'abc'],
      ['ville', 'Edited: title, description', 'abc'],
      ['ville', 'Rejected, with a reason', 'def'],
      ['ville', 'Published', 'abc'],
      ['ville', 'Signed in', '–'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'abc' }).getAttribute('href')).toBe('/moderation/requests/abc');
    expect(rows[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-03-02T12:00:00+02:00');
  });

  it('pages back with "Show older entries" using the last id', async () => {
    const api = fakeModerationApi({
      override: (call) => {
        if (call.path !== '/moderation/api/audit') return undefined;
        const before = call.search.get('before');
        return before === null
          ? jsonResponse({ items: entries.slice(0, 3), next_before: 5 })
          : jsonResponse({ items: entries.slice(3), next_before: null });
      },
    });
    renderApp({ path: '/moderation/audit', language: 'en' });
    const more = await screen.findByRole('button', { name: 'Show older entries' });
    more.click();
    expect(await screen.findByText('Signed in')).toBeTruthy();
    expect(api.calls.filter((call) => call.path === '/moderation/api/audit').map((call) => call.search.get('before'))).toEqual([null, '5']);
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });
});
