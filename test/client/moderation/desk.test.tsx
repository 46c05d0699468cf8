/**
 * The review page's desk (issue 41, item 5): "Assigned to" lists the body's moderators with "Me"
 * first, and the internal notes panel says who alone sees them; each change is confirmed in the
 * focused live region and shows in the report's audit. The lists mark and filter "assigned to me".
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { enterText } from '../enter-text';
import { renderApp } from '../render-app';
import { CSRF_TOKEN, fakeItem, fakeModerationApi } from './fake-moderation-api';

async function openReview(language: 'en' | 'fi' | 'sv' = 'en', extra: Partial<ReturnType<typeof fakeItem>> = {}) {
  const item = { ...fakeItem({ id: 'r1', title: 'Broken bench', moderation: 'published', agency: 'City of Espoo' }), ...extra };
  const api = fakeModerationApi({ items: [item] });
  renderApp({ path: '/moderation/requests/r1', language });
  await screen.findByRole('heading', { level: 1, name: /Broken bench/ });
  return api;
}

describe('assigning a report on the review page', () => {
  it('offers Me first, then nobody and the body’s other moderators; saving sends the choice with the CSRF header and confirms it', { timeout: 20_000 }, async () => {
    const api = await openReview();
    const select = screen.getByRole('combobox', { name: 'Assigned to' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['Me (mod)', 'Nobody', 'liisa']);
    expect(select.value).toBe('');
    expect(screen.getByText('The moderator of City of Espoo who handles this report.')).toBeTruthy();

    await userEvent.selectOptions(select, 'liisa');
    await userEvent.click(screen.getByRole('button', { name: 'Save assignment' }));
    const confirmation = await screen.findByText('The report is assigned to liisa.');
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    const write = api.writes().at(-1)!;
    expect(write.path).toBe('/moderation/api/requests/r1/assignee');
    expect(write.body).toEqual({ moderator: 'liisa' });
    expect(write.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
    expect(await screen.findByText('Assigned the report to liisa.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Assigned to' }) as HTMLSelectElement).value).toBe('liisa');
  });

  it('re-assigns to me and unassigns, in Finnish, each with its own message and audit sentence', { timeout: 20_000 }, async () => {
    const api = await openReview('fi', { assignee: { name: 'liisa', assigned_by: 'liisa', assigned_at: '2026-03-01T10:00:00+02:00' } });
    const select = () => screen.getByRole('combobox', { name: 'Käsittelijä' });
    await userEvent.selectOptions(select(), 'Minä (mod)');
    await userEvent.click(screen.getByRole('button', { name: 'Tallenna käsittelijä' }));
    expect(await screen.findByText('Ilmoitus on osoitettu sinulle.')).toBeTruthy();
    expect(await screen.findByText('Siirsi ilmoituksen käsittelijältä liisa käsittelijälle mod.')).toBeTruthy();

    await userEvent.selectOptions(select(), 'Ei kukaan');
    await userEvent.click(screen.getByRole('button', { name: 'Tallenna käsittelijä' }));
    expect(await screen.findByText('Ilmoituksella ei ole enää käsittelijää.')).toBeTruthy();
    expect(api.writes().map((call) => call.body)).toEqual([{ moderator: 'mod' }, { moderator: null }]);
  });
});

describe('internal notes on the review page', () => {
  it('says only the body’s moderators see them, lists them, and adds one with a confirmation in the live region', { timeout: 20_000 }, async () => {
    const api = await openReview('en', { internal_notes: [{ id: 1, author: 'liisa', text: 'Called the contractor.', created_at: '2026-03-01T10:00:00+02:00' }] });
    const panel = screen.getByRole('region', { name: 'Internal notes' });
    expect(within(panel).getByText(/^Only moderators of City of Espoo see these\./)).toBeTruthy();
    expect(within(panel).getByText('Called the contractor.')).toBeTruthy();
    expect(within(panel).getByText('liisa')).toBeTruthy();

    await enterText(userEvent.setup(), within(panel).getByRole('textbox', { name: 'New internal note' }), 'Contractor comes on Friday.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    const confirmation = await within(panel).findByText('Internal note added.');
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(within(panel).getByText('Contractor comes on Friday.')).toBeTruthy();
    expect((within(panel).getByRole('textbox', { name: 'New internal note' }) as HTMLTextAreaElement).value).toBe('');
    expect(api.writes().at(-1)).toMatchObject({ path: '/moderation/api/requests/r1/internal-notes', body: { text: 'Contractor comes on Friday.' } });
    expect(await screen.findByText('Added an internal note.')).toBeTruthy();
  });

  it('refuses a blank note at the field, sending nothing, and keeps focus there', async () => {
    const api = await openReview('sv');
    const panel = screen.getByRole('region', { name: 'Interna anteckningar' });
    expect(within(panel).getByText('Inga interna anteckningar ännu.')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Lägg till anteckning' }));
    expect(await within(panel).findByText('Skriv anteckningen först.')).toBeTruthy();
    expect(document.activeElement).toBe(within(panel).getByRole('textbox', { name: 'Ny intern anteckning' }));
    expect(api.writes()).toEqual([]);
  });
});

describe('"assigned to me" in the lists', () => {
  it('marks the moderator’s own reports and filters them by a shareable address', async () => {
    fakeModerationApi({
      items: [
        fakeItem({ id: 'mine', title: 'Mine', moderation: 'pending', flags: ['assigned_to_me'] }),
        fakeItem({ id: 'other', title: 'Not mine', moderation: 'pending' }),
      ],
    });
    renderApp({ path: '/moderation?flag=assigned_to_me', language: 'en' });
    expect(await screen.findByRole('link', { name: /Mine/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Not mine/ })).toBeNull();
    expect(within(screen.getByTestId('flag-markers')).getByText('Assigned to me')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Assigned to me' }).getAttribute('aria-current')).toBe('page');
  });
});
