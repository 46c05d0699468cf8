import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { CSRF_TOKEN, fakeItem, fakeModerationApi } from './fake-moderation-api';
import { enterText } from '../enter-text';

configure({ asyncUtilTimeout: 8000 });

const photos = [
  { position: 0, url: 'http://localhost/media/a.jpg' },
  { position: 1, url: 'http://localhost/media/b.jpg' },
];

async function openReview(item = fakeItem({ id: 'r1', title: 'Broken bench', media: photos }), language: 'en' | 'fi' | 'sv' = 'en') {
  const api = fakeModerationApi({ items: [item] });
  const view = renderApp({ path: `/moderation/requests/${item.service_request_id}`, language });
  await screen.findByRole('heading', { level: 1, name: /Broken bench|Tarkastus|Granskning/ });
  return { api, ...view };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('review page', { timeout: 30_000 }, () => {
  it('shows the public view beside the private details, and personal data only in the private part', async () => {
    const { api } = await openReview();
    await waitFor(() => expect(document.title).toBe('Review: Broken bench – Kerro'));
    const preview = section('Public view');
    expect(within(preview).getByRole('heading', { level: 3, name: 'Broken bench' })).toBeTruthy();
    // Both public views: the track page's details and the map's summary.
    expect(within(preview).getAllByText('The bench by the fountain is broken.')).toHaveLength(2);
    expect(within(preview).queryByText('resident@example.org')).toBeNull();
    expect(within(preview).queryByText(/Maija/)).toBeNull();

    const reporter = section('Reporter (private)');
    expect(within(reporter).getByText('resident@example.org')).toBeTruthy();
    expect(within(reporter).getByText('Maija Meikäläinen')).toBeTruthy();
    expect(within(reporter).getByText('Finnish')).toBeTruthy();
    expect(within(reporter).getAllByText('Not given')).toHaveLength(3);

    expect(screen.getByText('Waiting for moderation', { selector: '.moderation-state' })).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/moderation/api/requests/r1')!.search.get('locale')).toBe('en');
  });

  it('publishes with the CSRF header, confirms in a focused live region, and offers only rejecting afterwards', async () => {
    const { api } = await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const confirmation = await screen.findByText('Published. The report is now in the public lists and on the map.');
    expect(confirmation.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(confirmation));

    const publish = api.writes().at(-1)!;
    expect(publish.method).toBe('POST');
    expect(publish.path).toBe('/moderation/api/requests/r1/publish');
    expect(publish.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
    expect(publish.headers.get('Content-Type')).toBe('application/json');

    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reject…' })).toBeTruthy();
    expect(screen.getByText('Published', { selector: '.moderation-review__meta .moderation-state' })).toBeTruthy();
    // The request's own history shows the action.
    expect(within(section('History')).getByText('Published the report.')).toBeTruthy();
  });

  it('rejects with a reason from the list and where to report instead, telling first that the reporter will get the note by email', async () => {
    const { api } = await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    const reasons = screen.getByRole('group', { name: 'Reason' });
    // At once, not a frame later: focus never rests on <body> in between.
    expect(document.activeElement).toBe(within(reasons).getByRole('radio', { name: 'Personal data' }));
    // Each reason says what the public will see.
    expect(within(reasons).getAllByText('Its text, photos and exact place are hidden from the public.')).toHaveLength(2);

    // Nothing chosen: said on the group, focus on its first choice, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Reject the report' }));
    expect(within(reasons).getByText('Choose a reason.')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await userEvent.click(within(reasons).getByRole('radio', { name: 'Not our responsibility' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject the report' }));
    const where = screen.getByLabelText('Where to report it instead');
    expect(screen.getByText('Say where to report it instead.')).toBeTruthy();
    expect(document.activeElement).toBe(where);
    await enterText(userEvent, where, 'HSY, hsy.fi');
    expect(screen.getByText("Shown after the reason on the report's public page, and emailed to the reporter.")).toBeTruthy();
    await enterText(userEvent, screen.getByLabelText('Public note (optional)'), 'The yard belongs to the housing company.');
    await userEvent.click(screen.getByRole('button', { name: 'Reject the report' }));
    expect(await screen.findByText('Rejected. The report will not be listed publicly.')).toBeTruthy();

    const reject = api.writes().at(-1)!;
    expect(reject.path).toBe('/moderation/api/requests/r1/reject');
    expect(reject.body).toEqual({ reason: 'not_responsible', where: 'HSY, hsy.fi', note: 'The yard belongs to the housing company.' });
    expect(reject.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
    // The preview now shows what the public sees: closed, rejected for its reason, with the note.
    const preview = section('Public view');
    expect(within(preview).getAllByText('The yard belongs to the housing company.').length).toBeGreaterThan(0);
    expect(within(preview).getAllByText('Status:', { exact: false })[0]!.parentElement!.textContent).toBe('Status: Closed');
    expect(within(preview).getAllByText('Rejected · Not our responsibility').length).toBeGreaterThan(0);
  });

  it('asks for a note when the reason is "other", in Finnish', async () => {
    const { api } = await openReview(undefined, 'fi');
    await userEvent.click(screen.getByRole('button', { name: 'Hylkää…' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Muu syy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hylkää ilmoitus' }));
    expect(screen.getByText('Kirjoita julkinen huomautus, jossa kerrot syyn.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Julkinen huomautus'));
    expect(api.writes()).toEqual([]);
  });

  it('cancelling a rejection sends nothing and gives focus back to the button', async () => {
    const { api } = await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reject…' }));
    expect(api.writes()).toEqual([]);
  });

  it('checks edited texts with the shared rules before sending, and sends only what changed', async () => {
    const { api } = await openReview();
    const description = within(section('Edit texts')).getByLabelText('Description');
    await userEvent.clear(description);
    await userEvent.type(description, 'Too short');
    await userEvent.click(screen.getByRole('button', { name: 'Save texts' }));
    expect(screen.getByText('Write at least 10 characters.')).toBeTruthy();
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(description);

    await userEvent.clear(description);
    await enterText(userEvent, description, 'A <b>bold</b> claim about the bench');
    await userEvent.click(screen.getByRole('button', { name: 'Save texts' }));
    expect(screen.getByText('Write plain text: HTML tags and code are not allowed.')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await userEvent.clear(description);
    await enterText(userEvent, description, 'The bench by the fountain has two broken slats.');
    await userEvent.click(screen.getByRole('button', { name: 'Save texts' }));
    expect(await screen.findByText('Texts saved. The public view shows them now.')).toBeTruthy();
    const edit = api.writes().at(-1)!;
    expect(edit.method).toBe('PATCH');
    expect(edit.path).toBe('/moderation/api/requests/r1');
    expect(edit.body).toEqual({ description: 'The bench by the fountain has two broken slats.' });
    expect(edit.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
    expect(within(section('Public view')).getByText('The bench by the fountain has two broken slats.', { selector: '.request-details p' })).toBeTruthy();
  });

  it('shows the server’s field errors at the field, in the UI language, by their code', async () => {
    // The server has the last word (e.g. a stricter rule deployed before the web app): its
    // field problem must land at the field, not in a general message, worded from its code.
    const api = fakeModerationApi({
      items: [fakeItem({ id: 'r5', title: 'Broken bench' })],
      override: (call) =>
        call.method === 'PATCH'
          ? new Response(
              JSON.stringify({
                error: {
                  code: 'invalid_input',
                  message: 'title: title must be at most 40 characters',
                  fields: [{ field: 'title', message: 'title must be at most 40 characters', code: 'too_long', limit: 40 }],
                },
              }),
              { status: 400 },
            )
          : undefined,
    });
    renderApp({ path: '/moderation/requests/r5', language: 'fi' });
    const title = within(await screen.findByRole('region', { name: 'Muokkaa tekstejä' })).getByLabelText('Otsikko');
    await userEvent.clear(title);
    await enterText(userEvent, title, 'A rather long title for a broken bench in the park');
    await userEvent.click(screen.getByRole('button', { name: 'Tallenna tekstit' }));
    const error = await screen.findByText('Kirjoita enintään 40 merkkiä.');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toContain(error.closest('p')!.id);
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(api.writes().at(-1)!.body).toEqual({ title: 'A rather long title for a broken bench in the park' });
    // No general alert repeats it.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('removes a photo only after a confirmation, sending DELETE with the CSRF header', async () => {
    const { api } = await openReview();
    const photosPanel = section('Manage photos');
    await userEvent.click(within(photosPanel).getByRole('button', { name: 'Remove Photo 1' }));
    const question = within(photosPanel).getByText('Remove Photo 1 for good? The file is deleted and cannot be restored.');
    await waitFor(() => expect(document.activeElement).toBe(question));
    await userEvent.click(within(photosPanel).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(document.activeElement).toBe(within(photosPanel).getByRole('button', { name: 'Remove Photo 1' })));
    expect(api.writes()).toEqual([]);

    await userEvent.click(within(photosPanel).getByRole('button', { name: 'Remove Photo 1' }));
    await userEvent.click(within(photosPanel).getByRole('button', { name: 'Yes, remove Photo 1' }));
    const done = await within(photosPanel).findByText('Photo 1 removed.');
    await waitFor(() => expect(document.activeElement).toBe(done));
    const removal = api.writes().at(-1)!;
    expect(removal.method).toBe('DELETE');
    expect(removal.path).toBe('/moderation/api/requests/r1/media/0');
    expect(removal.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
    expect(within(photosPanel).queryByRole('button', { name: 'Remove Photo 1' })).toBeNull();
    expect(within(photosPanel).getByRole('button', { name: 'Remove Photo 2' })).toBeTruthy();
    // The public view has one photo left.
    expect(within(section('Public view')).getAllByRole('img', { name: 'Photo 1 of 1 attached to the report' }).length).toBeGreaterThan(0);
  });

  it('moves the detailed status with notes, showing that it closes and emails the reporter', async () => {
    const { api } = await openReview();
    const panel = section('Handling status');
    expect(within(panel).getByText('After saving, the report is:').textContent).toContain('Open');
    await userEvent.click(within(panel).getByRole('radio', { name: /Resolved/ }));
    expect(within(panel).getByText('After saving, the report is:').textContent).toContain('Closed');
    expect(within(panel).getByText(/the reporter gets an email with these notes/)).toBeTruthy();
    await userEvent.selectOptions(within(panel).getByLabelText('Public works stage (optional)'), 'PUBLIC_WORKS_COMPLETED');
    await enterText(userEvent, within(panel).getByLabelText('Notes from the city (public)'), 'The bench was repaired on Monday.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save status' }));

    expect(await within(panel).findByText('Status saved. The report is closed.')).toBeTruthy();
    const status = api.writes().at(-1)!;
    expect(status.path).toBe('/moderation/api/requests/r1/status');
    expect(status.body).toEqual({ detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], status_notes: 'The bench was repaired on Monday.' });
    expect(status.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
    const preview = section('Public view');
    expect(within(preview).getAllByText('Resolved · Public works done').length).toBeGreaterThan(0);
    expect(within(preview).getAllByText('The bench was repaired on Monday.').length).toBeGreaterThan(0);
    expect(within(section('History')).getByText('Changed the status from Received to Resolved · Public works done, and the public notes. Email queued to the reporter and followers.')).toBeTruthy();
  });

  it('explains a conflict (someone else was first) instead of failing silently', async () => {
    const item = fakeItem({ id: 'r2', title: 'Broken bench' });
    fakeModerationApi({
      items: [item],
      override: (call) =>
        call.path.endsWith('/publish')
          ? new Response(JSON.stringify({ error: { code: 'conflict', message: 'this request is published; only pending requests can be published' } }), {
              status: 409,
            })
          : undefined,
    });
    renderApp({ path: '/moderation/requests/r2', language: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toContain('someone may have handled it already');
  });

  it('says when the server refuses a write for security (CSRF)', async () => {
    fakeModerationApi({
      items: [fakeItem({ id: 'r3', title: 'Broken bench' })],
      override: (call) =>
        call.method === 'POST' && call.path.endsWith('/status')
          ? new Response(JSON.stringify({ error: { code: 'csrf_token_invalid', message: 'send the csrfToken' } }), { status: 403 })
          : undefined,
    });
    renderApp({ path: '/moderation/requests/r3', language: 'en' });
    const panel = await screen.findByRole('region', { name: 'Handling status' });
    await userEvent.click(within(panel).getByRole('radio', { name: /Being handled/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save status' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'The service refused this change for security reasons. Reload the page and try again.',
    );
  });

  it('renders markup-like user text as text: nothing runs, no element is made from it', async () => {
    const attack = '<img src=x onerror="window.__xss=1">';
    await openReview(fakeItem({ id: 'r4', title: 'Broken bench', serviceObjectId: attack, statusNotes: attack, description: `Look: ${attack}` }));
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    // The only images: the photos and the map's own (tiles, the pin).
    const made = [...document.querySelectorAll('img')].filter((image) => !image.closest('.leaflet-container') && !image.matches('.photo-gallery__image, .moderation-photos__image'));
    expect(made).toHaveLength(0);
    expect(screen.getAllByText(`Service point ${attack}`).length).toBeGreaterThan(0);
    expect(screen.getAllByText(attack, { selector: '.user-text' }).length).toBeGreaterThan(0);
  });

  it('moves the pin and says so in a focused live region, with the fields showing the new place', async () => {
    const { api } = await openReview();
    const place = section('Place and type');
    for (const [label, value] of [['Latitude', '60.2'], ['Longitude', '24.9']] as const) {
      await userEvent.clear(within(place).getByLabelText(label));
      await enterText(userEvent, within(place).getByLabelText(label), value);
    }
    await userEvent.click(within(place).getByRole('button', { name: 'Move the pin' }));
    const confirmation = await screen.findByText('Pin moved.');
    expect(confirmation.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(api.writes().at(-1)!.body).toEqual({ lat: 60.2, long: 24.9 });
    expect((within(section('Place and type')).getByLabelText('Latitude') as HTMLInputElement).value).toBe('60.2');
  });

  it('names the body at a typed place and asks before a move gives the report to another body', async () => {
    const espoo = { id: 'espoo', jurisdiction_id: 'espoo.fi', name: { fi: 'Espoo', sv: 'Esbo', en: 'Espoo' }, services: ['172'] };
    const vantaa = { id: 'vantaa', jurisdiction_id: 'vantaa.fi', name: { fi: 'Vantaa', sv: 'Vanda', en: 'Vantaa' }, services: ['172'] };
    const api = fakeModerationApi({
      items: [fakeItem({ id: 'r1', title: 'Broken bench' })],
      override: (call) => {
        if (call.path !== '/proxy/bodies/v1/bodies.json') return undefined;
        if (!call.search.has('lat')) return jsonResponse([espoo, vantaa]);
        return jsonResponse(Number(call.search.get('lat')) > 60.25 ? [vantaa] : [espoo]);
      },
    });
    renderApp({ path: '/moderation/requests/r1', language: 'en' });
    const place = await screen.findByRole('region', { name: 'Place and type' });
    for (const [label, value] of [['Latitude', '60.3'], ['Longitude', '25.1']] as const) {
      await userEvent.clear(within(place).getByLabelText(label));
      await enterText(userEvent, within(place).getByLabelText(label), value);
    }
    expect(await within(place).findByText('At this place it goes to Vantaa.')).toBeTruthy();
    await userEvent.click(within(place).getByRole('button', { name: 'Move the pin' }));
    const question = await within(place).findByText(/^This place belongs to Vantaa: the report goes to its moderators/);
    await waitFor(() => expect(document.activeElement).toBe(question));
    expect(api.writes()).toEqual([]);

    await userEvent.click(within(place).getByRole('button', { name: 'Keep it where it is' }));
    expect(api.writes()).toEqual([]);
    await userEvent.click(within(place).getByRole('button', { name: 'Move the pin' }));
    await userEvent.click(await within(place).findByRole('button', { name: 'Move it to Vantaa' }));
    expect(await screen.findByText('Pin moved.')).toBeTruthy();
    expect(api.writes().map((call) => call.body)).toEqual([{ lat: 60.3, long: 25.1 }]);
  });

  it('moves the pin on the map with the arrow keys, naming the address there before anything is saved', async () => {
    const api = fakeModerationApi({
      items: [fakeItem({ id: 'r1', title: 'Broken bench' })],
      override: (call) =>
        call.path === '/proxy/geocoding/v1/reverse'
          ? jsonResponse({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [24.94, 60.17] }, properties: { layer: 'address', name: 'Kaivokatu 12' } }] })
          : undefined,
    });
    renderApp({ path: '/moderation/requests/r1', language: 'en' });
    const place = await screen.findByRole('region', { name: 'Place and type' });
    const map = await within(place).findByRole('application', { name: /^Map of the report's place/ });
    const latitude = within(place).getByLabelText('Latitude') as HTMLInputElement;
    expect(latitude.value).toBe('60.17');
    map.focus();
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(Number(latitude.value)).toBeGreaterThan(60.17));
    expect(latitude.value).toMatch(/^60\.17\d{4}$/);
    expect(Number((within(place).getByLabelText('Longitude') as HTMLInputElement).value)).toBeCloseTo(24.94, 4);
    expect(await within(place).findByText('Near Kaivokatu 12.')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('says where a report went when a move took it out of the moderator’s bodies', async () => {
    fakeModerationApi({
      items: [],
      override: (call) =>
        call.path === '/moderation/api/requests/r9'
          ? jsonResponse({ error: { code: 'moved', message: 'service request r9 was moved to Vantaa, whose moderators handle it now', moved_to: 'Vantaa' } }, { status: 404 })
          : undefined,
    });
    renderApp({ path: '/moderation/requests/r9', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moved to Vantaa' })).toBeTruthy();
    expect(screen.getByText('Report r9 was moved to Vantaa. Its moderators handle it now; it is no longer in your lists.')).toBeTruthy();
    expect(screen.queryByText(/There is no report/)).toBeNull();
  });

  it('says clearly when there is no such request', async () => {
    fakeModerationApi({ items: [] });
    renderApp({ path: '/moderation/requests/nothere', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Report not found' })).toBeTruthy();
    expect(screen.getByText('There is no report with the ID nothere.')).toBeTruthy();
  });
});

describe('review page: a report at a service object', { timeout: 30_000 }, () => {
  it('names the object in the public view, looked up in the registry, not "Service point demo-park-9"', async () => {
    fakeModerationApi({
      items: [fakeItem({ id: 'r9', title: 'Broken bench', serviceObjectId: 'demo-park-9', lat: '60.1574', long: '24.956' })],
      override: (call) =>
        call.path === '/proxy/service-objects'
          ? jsonResponse({
              type: 'FeatureCollection',
              features: [
                {
                  type: 'Feature',
                  geometry: { type: 'Point', coordinates: [24.956, 60.1574] },
                  properties: { service_object_id: 'demo-park-9', service_object_type: 'urn:x', name: 'Sinebrychoffin puisto', kind: 'park', address: '' },
                },
              ],
            })
          : undefined,
    });
    renderApp({ path: '/moderation/requests/r9', language: 'fi' });
    const preview = await screen.findByTestId('public-preview-track');
    await waitFor(() => expect(within(preview).getByText('Sinebrychoffin puisto')).toBeTruthy());
    expect(within(preview).queryByText(/demo-park-9/)).toBeNull();
  });
});
