/**
 * Saved responses in the console (issue 41, item 4): the page that keeps them, and the status
 * form's picker that fills the notes from one, in the report's language, to edit before saving.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { CSRF_TOKEN, fakeItem, fakeModerationApi, fakeResponse } from './fake-moderation-api';

const espoo = { id: 'espoo', names: { fi: 'Espoo', sv: 'Esbo', en: 'Espoo' } };

afterEach(() => vi.restoreAllMocks());

describe('the status form’s saved responses', { timeout: 60_000 }, () => {
  async function openStatusForm() {
    const item = fakeItem({ id: 'r9', title: 'Broken bench', moderation: 'published' });
    item.private.locale = 'sv';
    const api = fakeModerationApi({
      items: [item],
      bodies: [espoo],
      responses: [
        fakeResponse({ title: 'Fixed bench', service_code: '172', status: 'PROCESSED' }),
        fakeResponse({ title: 'Thanks', text_sv: '' }),
        fakeResponse({ title: 'Other type', service_code: '999' }),
        fakeResponse({ title: 'Received', status: 'RECEIVED' }),
      ],
    });
    renderApp({ path: '/moderation/requests/r9', language: 'en' });
    await screen.findByRole('heading', { level: 1, name: /Broken bench/ });
    const panel = screen.getByRole('region', { name: 'Handling status' });
    return { api, panel, picker: await within(panel).findByRole('combobox', { name: 'Use a saved response' }) };
  }
  const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

  it('offers those of the report’s type or any, for the status chosen or any, the most specific first', async () => {
    const { panel, picker } = await openStatusForm();
    expect(optionsOf(picker)).toEqual(['Choose a response…', 'Received', 'Thanks']);
    await userEvent.click(within(panel).getByRole('radio', { name: /^Resolved/ }));
    expect(optionsOf(within(panel).getByRole('combobox', { name: 'Use a saved response' }))).toEqual(['Choose a response…', 'Fixed bench', 'Thanks']);
  });

  it('fills the notes in the report’s language (falling back to Finnish), says so, and sends the notes as edited', async () => {
    const { api, panel, picker } = await openStatusForm();
    const notes = within(panel).getByRole('textbox', { name: /Notes from the city/ });
    await userEvent.selectOptions(picker, 'Thanks');
    // The report is in Swedish; this response has no Swedish text.
    expect((notes as HTMLTextAreaElement).value).toBe('Thanks (fi)');

    await userEvent.click(within(panel).getByRole('radio', { name: /^Resolved/ }));
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Use a saved response' }), 'Fixed bench');
    expect((notes as HTMLTextAreaElement).value).toBe('Fixed bench (sv)');
    expect(document.activeElement).toBe(notes);
    expect(within(panel).getByText('The notes now hold “Fixed bench”. Edit them before saving if needed.').closest('[role="status"]')).not.toBeNull();
    // Nothing is sent until the moderator saves.
    expect(api.writes()).toEqual([]);

    await userEvent.type(notes, ' Tack');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save status' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ detailed_status: ['PROCESSED'], status_notes: 'Fixed bench (sv) Tack' });
  });

  it('is not shown when no saved response fits the report', async () => {
    fakeModerationApi({ items: [fakeItem({ id: 'r9', title: 'Broken bench' })], responses: [fakeResponse({ title: 'Other type', service_code: '999' })] });
    renderApp({ path: '/moderation/requests/r9', language: 'en' });
    await screen.findByRole('heading', { level: 1, name: /Broken bench/ });
    const panel = screen.getByRole('region', { name: 'Handling status' });
    await within(panel).findByRole('textbox', { name: /Notes from the city/ });
    expect(within(panel).queryByRole('combobox', { name: 'Use a saved response' })).toBeNull();
  });
});

describe('the saved responses page', { timeout: 60_000 }, () => {
  it('lists the body’s responses and saves a new one in three languages, with feedback in a live region', async () => {
    const api = fakeModerationApi({ bodies: [espoo], responses: [fakeResponse({ title: 'Fixed', status: 'PROCESSED' })] });
    renderApp({ path: '/moderation/responses', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved responses' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Saved responses' }).getAttribute('aria-current')).toBe('page');
    const existing = (await screen.findByRole('heading', { level: 3, name: 'Fixed' })).closest('article')!;
    expect(existing.textContent).toContain('Any type · Resolved');
    expect(existing.textContent).toContain('Fixed (sv)');

    // Nothing sent while a field is missing: the first one is named and focused.
    await userEvent.click(screen.getByRole('button', { name: 'Save the response' }));
    expect(screen.getByText('Give the response a title.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' }));
    expect(api.writes()).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'To crew');
    await userEvent.type(screen.getByRole('textbox', { name: 'Text in Finnish' }), 'Välitetty.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Text in Swedish' }), 'Skickat.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Text in English' }), 'Passed on.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'IN_PROCESS');
    await userEvent.click(screen.getByRole('button', { name: 'Save the response' }));

    const feedback = await screen.findByText('Saved “To crew”.');
    expect(feedback.getAttribute('role')).toBe('status');
    const [write] = api.writes();
    expect(write!.method).toBe('POST');
    expect(write!.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
    expect(write!.body).toEqual({
      body_id: 'espoo',
      title: 'To crew',
      text_fi: 'Välitetty.',
      text_sv: 'Skickat.',
      text_en: 'Passed on.',
      service_code: null,
      status: 'IN_PROCESS',
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'To crew' })).toBeTruthy();
    // The form is empty again for the next one.
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('');
  });

  it('offers an administrator every body, which arrive after the form, the first meant until another is chosen', async () => {
    const bodyWire = (id: string, name: string) => ({ id, jurisdiction_id: `${id}.fi`, name: { fi: name, sv: name, en: name }, services: [] });
    const api = fakeModerationApi({
      override: (call) => (call.path === '/proxy/bodies/v1/bodies.json' ? jsonResponse([bodyWire('espoo', 'Espoo'), bodyWire('vantaa', 'Vantaa')]) : undefined),
    });
    renderApp({ path: '/moderation/responses', language: 'en' });
    const body = await screen.findByRole('combobox', { name: 'Body' });
    expect(within(body).getAllByRole('option').map((option) => option.textContent)).toEqual(['Espoo', 'Vantaa']);
    for (const [name, text] of [['Title', 'Hi'], ['Text in Finnish', 'Moi'], ['Text in Swedish', 'Hej'], ['Text in English', 'Hi']] as const) {
      await userEvent.type(screen.getByRole('textbox', { name }), text);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save the response' }));
    expect(await screen.findByText('Saved “Hi”.')).toBeTruthy();
    expect(api.writes()[0]!.body).toMatchObject({ body_id: 'espoo', title: 'Hi' });
  });

  it('edits a response in place and deletes one after asking', async () => {
    const fixed = fakeResponse({ title: 'Fixed' });
    const api = fakeModerationApi({ bodies: [espoo], responses: [fixed] });
    renderApp({ path: '/moderation/responses', language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit “Fixed”' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Edit “Fixed”' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect((title as HTMLInputElement).value).toBe('Fixed');
    await userEvent.clear(title);
    await userEvent.type(title, 'Done');
    await userEvent.click(screen.getByRole('button', { name: 'Save the response' }));
    expect(await screen.findByText('Changes to “Done” saved.')).toBeTruthy();
    expect(api.writes()[0]).toMatchObject({ method: 'PATCH', path: `/moderation/api/responses/${fixed.id}` });
    expect((api.writes()[0]!.body as { title: string }).title).toBe('Done');

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete “Done”' }));
    expect(api.writes()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Delete “Done”' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete “Done”? This cannot be undone.');
    expect(await screen.findByText('Deleted “Done”.')).toBeTruthy();
    expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: `/moderation/api/responses/${fixed.id}` });
    expect(await screen.findByText('No responses have been saved yet.')).toBeTruthy();
  });
});
