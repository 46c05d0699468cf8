/**
 * Recording a caller's report in the console (issue 41, item 8): the form sends the residents'
 * fields and the caller's with the CSRF header, says where the report went, and shows the
 * server's problems at their fields.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { enterText } from '../enter-text';
import { jsonResponse, renderApp } from '../render-app';
import { CSRF_TOKEN, fakeModerationApi, type RecordedCall } from './fake-moderation-api';

const services = [
  { service_code: '171', service_name: 'Pothole', description: '', metadata: false, type: 'realtime', keywords: '', group: 'Streets' },
  { service_code: '174', service_name: 'Graffiti', description: '', metadata: false, type: 'realtime', keywords: '', group: 'Streets' },
  { service_code: '211', service_name: 'Broken sign', description: '', metadata: true, type: 'realtime', keywords: '', group: 'Streets' },
];
/** Broken sign's questions: one required choice, one optional number. */
const signDefinition = {
  service_code: '211',
  attributes: [
    { variable: true, code: 'sign_kind', datatype: 'singlevaluelist', required: true, datatype_description: '', order: 1, description: 'Which sign?', values: [{ key: 'stop', name: 'Stop sign' }, { key: 'speed', name: 'Speed limit' }] },
    { variable: true, code: 'height_cm', datatype: 'number', required: false, datatype_description: '', order: 2, description: 'Height from the ground', values: [] },
  ],
};

function openForm(answer: (call: RecordedCall) => Response) {
  const api = fakeModerationApi({
    override: (call) => {
      if (call.path.endsWith('/services.json')) return jsonResponse(services);
      if (call.path.endsWith('/services/211.json')) return jsonResponse(signDefinition);
      if (call.path === '/moderation/api/requests' && call.method === 'POST') return answer(call);
      return undefined;
    },
  });
  renderApp({ path: '/moderation/record', language: 'en' });
  return api;
}

async function fillIn() {
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Type' }), await screen.findByRole('option', { name: 'Pothole' }));
  await enterText(userEvent, screen.getByRole('textbox', { name: /^Address/ }), 'Hämeentie 30, Helsinki');
  await enterText(userEvent, screen.getByRole('textbox', { name: 'Description' }), 'A deep pothole by the bus stop.');
  await enterText(userEvent, screen.getByRole('textbox', { name: 'First name' }), 'Aino');
  await enterText(userEvent, screen.getByRole('textbox', { name: /^Email/ }), 'aino@example.org');
}

describe('recording a report for a caller', () => {
  it('is a page of the console nav', async () => {
    openForm(() => jsonResponse({ service_request_id: 'never', moderation: 'pending' }, { status: 201 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Record a report for a caller' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Moderation console' });
    expect(within(nav).getByRole('link', { name: 'Record a report' }).getAttribute('aria-current')).toBe('page');
  });

  it('sends the report with the caller, the CSRF header and "publish now", and links the recorded report', async () => {
    const api = openForm(() => jsonResponse({ service_request_id: 'new1', moderation: 'published' }, { status: 201 }));
    await fillIn();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: "Caller's language" }), 'Finnish');
    await userEvent.click(screen.getByRole('checkbox', { name: /Publish now/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Record the report' }));

    expect(await screen.findByText('The report was recorded and published.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open report new1' }).getAttribute('href')).toBe('/moderation/requests/new1');
    const write = api.writes().find((call) => call.path === '/moderation/api/requests')!;
    expect(write.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
    expect(write.body).toEqual({
      service_code: '171',
      description: 'A deep pothole by the bus stop.',
      address_string: 'Hämeentie 30, Helsinki',
      first_name: 'Aino',
      email: 'aino@example.org',
      locale: 'fi',
      publish_now: true,
    });
     // A whole form filled in: on the shared two-core machine it took near the default 5 s.
  }, 15_000);

  it('says what is missing before sending anything', async () => {
    const api = openForm(() => jsonResponse({ service_request_id: 'never', moderation: 'pending' }, { status: 201 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Record the report' }));
    expect(await screen.findByText('Choose the type of the problem.')).toBeTruthy();
    expect(screen.getByText('Write what the caller reported.')).toBeTruthy();
    expect(screen.getByText('Give the address, or both latitude and longitude.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Type' }));
    expect(api.writes().filter((call) => call.path === '/moderation/api/requests')).toHaveLength(0);
  });

  it("shows the server's problem at its field", async () => {
    openForm(() =>
      jsonResponse(
        { error: { code: 'invalid_input', message: 'email: email must be a valid address such as name@example.org', fields: [{ field: 'email', message: 'email must be a valid address such as name@example.org', code: 'invalid_email' }] } },
        { status: 400 },
      ),
    );
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Record the report' }));
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('The report was recorded and is in the queue.')).toBeNull();
  });

  it("asks the type's own questions as the residents' form does, checks them before sending, and sends the answers", async () => {
    const api = openForm(() => jsonResponse({ service_request_id: 'new2', moderation: 'pending' }, { status: 201 }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Type' }), await screen.findByRole('option', { name: 'Broken sign' }));
    await enterText(userEvent, screen.getByRole('textbox', { name: 'Latitude' }), '60.17');
    await enterText(userEvent, screen.getByRole('textbox', { name: 'Longitude' }), '24.94');
    await enterText(userEvent, screen.getByRole('textbox', { name: 'Description' }), 'The sign is bent over.');
    const stop = await screen.findByRole('radio', { name: 'Stop sign' });

    // The required question unanswered: said at it, focus there, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Record the report' }));
    await expect.poll(() => document.activeElement?.closest('fieldset')?.textContent ?? '').toContain('Which sign?');
    expect(api.writes().filter((call) => call.path === '/moderation/api/requests')).toHaveLength(0);

    await userEvent.click(stop);
    await enterText(userEvent, screen.getByRole('textbox', { name: /^Height from the ground/ }), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Record the report' }));
    expect(await screen.findByText('The report was recorded and is in the queue.')).toBeTruthy();
    const write = api.writes().find((call) => call.path === '/moderation/api/requests')!;
    expect((write.body as { attributes?: unknown }).attributes).toEqual({ sign_kind: 'stop', height_cm: '150' });
  }, 15_000);

  it("sends the caller's photos with the report as a form, after one chosen by mistake is taken off", async () => {
    const api = openForm(() => jsonResponse({ service_request_id: 'new3', moderation: 'pending' }, { status: 201 }));
    await fillIn();
    const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText(/^Photos \(optional\)/), [photo('gate.jpg'), photo('wrong.jpg')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove wrong.jpg' }));
    expect(screen.queryByText('wrong.jpg')).toBeNull();
    expect(screen.getByText('gate.jpg')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Record the report' }));

    expect(await screen.findByText('The report was recorded and is in the queue.')).toBeTruthy();
    // The form is empty again for the next call.
    expect(screen.queryByText('gate.jpg')).toBeNull();
    const write = api.writes().find((call) => call.path === '/moderation/api/requests')!;
    expect(write.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
    const form = write.body as FormData;
    expect(JSON.parse(form.get('report') as string)).toMatchObject({ service_code: '171', description: 'A deep pothole by the bus stop.', email: 'aino@example.org' });
    expect(form.getAll('media').map((file) => (file as File).name)).toEqual(['gate.jpg']);
  }, 15_000);
});
