import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render-app';
import { fakeItem, fakeModerationApi, fakeResponse, type RecordedCall } from './fake-moderation-api';

configure({ asyncUtilTimeout: 8000 });

const bulkCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/moderation/api/bulk');

describe('bulk actions in the moderation lists (issue 41, item 7)', { timeout: 30_000 }, () => {
  it('selects reports by their labelled checkboxes, shows the toolbar only then, and "select all" takes the whole page', async () => {
    fakeModerationApi({ items: [fakeItem({ id: 'a', title: 'Broken bench' }), fakeItem({ id: 'b', title: 'Graffiti' }), fakeItem({ id: 'c', title: 'Pothole' })] });
    renderApp({ path: '/moderation', language: 'en' });
    const bench = await screen.findByRole('checkbox', { name: 'Select Broken bench' });
    expect(screen.queryByRole('form', { name: /selected/ })).toBeNull();

    await userEvent.click(bench);
    const toolbar = await screen.findByRole('form', { name: '1 report selected' });
    expect(within(toolbar).getByRole('button', { name: 'Apply to 1 report' })).toBeTruthy();
    const selectAll = screen.getByRole('checkbox', { name: 'Select all on this page' });
    expect((selectAll as HTMLInputElement).indeterminate).toBe(true);

    await userEvent.click(selectAll);
    expect(await screen.findByRole('form', { name: '3 reports selected' })).toBeTruthy();
    expect(['Select Broken bench', 'Select Graffiti', 'Select Pothole'].every((name) => (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked)).toBe(true);

    await userEvent.click(selectAll);
    await waitFor(() => expect(screen.queryByRole('form', { name: /selected/ })).toBeNull());
  });

  it('publishes the selection, says in the live region how many were and which failed and why, and refreshes the list', async () => {
    const api = fakeModerationApi({
      items: [fakeItem({ id: 'a', title: 'Broken bench' }), fakeItem({ id: 'b', title: 'Graffiti' })],
      // Published meanwhile by another moderator: the bulk answer says so for it alone.
      override: (call) => {
        if (call.path !== '/moderation/api/bulk') return undefined;
        return new Response(
          JSON.stringify({ results: [{ id: 'a', ok: true }, { id: 'b', ok: false, code: 'conflict', message: 'this request is published; only pending requests can be published' }] }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    renderApp({ path: '/moderation', language: 'en' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    const toolbar = await screen.findByRole('form', { name: '2 reports selected' });
    expect((within(toolbar).getByRole('combobox', { name: 'Action' }) as HTMLSelectElement).value).toBe('publish');
    const queueCallsBefore = api.calls.filter((call) => call.path === '/moderation/api/queue').length;
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Apply to 2 reports' }));

    const summary = document.querySelector<HTMLElement>('.bulk-summary')!;
    expect(summary.getAttribute('role')).toBe('status');
    await waitFor(() => expect(summary.textContent).toContain('1 published, 1 failed:'));
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Graffiti: its state does not allow this (changed meanwhile?)']);
    expect(bulkCalls(api.calls).map((call) => call.body)).toEqual([{ ids: ['a', 'b'], action: 'publish' }]);
    expect(bulkCalls(api.calls)[0]!.headers.get('x-csrf-token')).toBeTruthy();
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/moderation/api/queue').length).toBeGreaterThan(queueCallsBefore));
    // The failed one stays selected for another try; the published one is no longer.
    expect(await screen.findByRole('form', { name: '1 report selected' })).toBeTruthy();
  });

  it("sets a status on the published list with a saved response, sent by its id for each report's own language, in Finnish", async () => {
    const api = fakeModerationApi({
      items: [fakeItem({ id: 'a', title: 'Penkki rikki', moderation: 'published' }), fakeItem({ id: 'b', title: 'Töhryjä', moderation: 'published' })],
      responses: [fakeResponse({ id: 41, title: 'Työ aloitettu', status: 'IN_PROCESS' }), fakeResponse({ id: 42, title: 'Korjattu', status: 'PROCESSED' })],
    });
    renderApp({ path: '/moderation?state=published', language: 'fi' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Valitse Penkki rikki' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Valitse Töhryjä' }));
    const toolbar = await screen.findByRole('form', { name: '2 ilmoitusta valittu' });
    await userEvent.selectOptions(within(toolbar).getByRole('combobox', { name: 'Toiminto' }), 'status');
    await userEvent.selectOptions(within(toolbar).getByRole('combobox', { name: 'Uusi tila' }), 'IN_PROCESS');
    const picker = await within(toolbar).findByRole('combobox', { name: 'Käytä vakiovastausta' });
    // Only the responses for the chosen status (or any) are offered.
    expect(within(picker).queryByRole('option', { name: 'Korjattu' })).toBeNull();
    expect(within(toolbar).getByRole('textbox', { name: /Julkinen viesti/ })).toBeTruthy();
    await userEvent.selectOptions(picker, 'Työ aloitettu');
    // The response's text goes to each report in its own language, so there is no single note to write.
    expect(within(toolbar).queryByRole('textbox', { name: /Julkinen viesti/ })).toBeNull();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Tee 2 ilmoitukselle' }));

    await waitFor(() => expect(document.querySelector('.bulk-summary')!.textContent).toBe('2 tilaa asetettu'));
    expect(bulkCalls(api.calls).map((call) => call.body)).toEqual([{ ids: ['a', 'b'], action: 'status', detailed_status: ['IN_PROCESS'], response: 41 }]);
  });

  it('sets a status with a note written by hand when no saved response is chosen', async () => {
    const api = fakeModerationApi({ items: [fakeItem({ id: 'a', title: 'Pothole', moderation: 'published' })] });
    renderApp({ path: '/moderation?state=published', language: 'en' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Pothole' }));
    const toolbar = await screen.findByRole('form', { name: '1 report selected' });
    await userEvent.selectOptions(within(toolbar).getByRole('combobox', { name: 'Action' }), 'status');
    await userEvent.selectOptions(within(toolbar).getByRole('combobox', { name: 'New status' }), 'PROCESSED');
    await userEvent.type(within(toolbar).getByRole('textbox', { name: 'Public note (the same on each report)' }), 'Fixed.');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Apply to 1 report' }));
    await waitFor(() => expect(document.querySelector('.bulk-summary')!.textContent).toBe('1 status set'));
    expect(bulkCalls(api.calls).map((call) => call.body)).toEqual([{ ids: ['a'], action: 'status', detailed_status: ['PROCESSED'], status_notes: 'Fixed.' }]);
  });

  it('assigns the selection to a colleague from the moderators one may assign to, asked only when assigning', async () => {
    const colleagues = { items: [{ name: 'aino', bodies: [] }, { name: 'eeva', bodies: ['espoo'] }, { name: 'mod', bodies: ['espoo'] }] };
    const api = fakeModerationApi({
      items: [fakeItem({ id: 'a', title: 'Pothole' }), fakeItem({ id: 'b', title: 'Graffiti' })],
      override: (call) =>
        call.path === '/moderation/api/moderators' ? new Response(JSON.stringify(colleagues), { status: 200, headers: { 'content-type': 'application/json' } }) : undefined,
    });
    renderApp({ path: '/moderation', language: 'en' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    const toolbar = await screen.findByRole('form', { name: '2 reports selected' });
    expect(api.calls.some((call) => call.path === '/moderation/api/moderators')).toBe(false);

    await userEvent.selectOptions(within(toolbar).getByRole('combobox', { name: 'Action' }), 'assign');
    const assignee = within(toolbar).getByRole('combobox', { name: 'Assign to' });
    // Me first, then nobody, then the others by name (the signed-in one not twice).
    await waitFor(() => expect(within(assignee).getAllByRole('option').map((option) => option.textContent)).toEqual(['Me (mod)', 'Nobody (unassign)', 'aino', 'eeva']));
    expect(assignee.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(assignee.getAttribute('aria-describedby')!)!.textContent).toContain("Only a moderator of a report's own body");
    await userEvent.selectOptions(assignee, 'eeva');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Apply to 2 reports' }));
    await waitFor(() => expect(bulkCalls(api.calls).map((call) => call.body)).toEqual([{ ids: ['a', 'b'], action: 'assign', moderator: 'eeva' }]));
  });

  it('offers no selection on the rejected list', async () => {
    fakeModerationApi({ items: [fakeItem({ title: 'Refused one', moderation: 'rejected' })] });
    renderApp({ path: '/moderation?state=rejected', language: 'en' });
    await screen.findByText('Refused one');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
