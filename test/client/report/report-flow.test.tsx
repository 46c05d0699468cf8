import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { draftPhotoStore } from '../../../src/client/features/report/draft/draft-photo-store';
import { formFields, renderReport, serveReportApi, stubXhr } from './report-test-utils';
import { enterText } from '../enter-text';
import { serviceRequest } from '../requests/fixtures';

// Leaflet needs a real layout; the map's own behaviour is covered in Chromium (test/e2e/report.test.ts).
vi.mock('../../../src/client/features/report/components/location-map', async () => {
  const { createElement } = await import('react');
  return {
    default: (props: { onPin: (point: { lat: number; long: number }, how: string) => void }) =>
      createElement('button', { type: 'button', onClick: () => props.onPin({ lat: 60.17012, long: 24.94021 }, 'click') }, 'Stub map: drop pin'),
  };
});
// jsdom cannot decode images; resizing is measured in Chromium (test/e2e/report-bench.test.ts).
vi.mock('../../../src/client/features/report/photos/resize-image', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/client/features/report/photos/resize-image')>();
  return {
    ...original,
    resizeImage: async (file: Blob) => {
      if ((await file.text()).startsWith('broken')) throw new original.UnreadableImageError('cannot decode');
      return new Blob([await file.arrayBuffer()], { type: 'image/jpeg' });
    },
  };
});

beforeEach(async () => {
  await draftPhotoStore().clear();
});

const jpeg = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' });

async function fillValidReport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: /^Potholes/ }));
  await user.click(screen.getByRole('button', { name: 'Stub map: drop pin' }));
  await enterText(user, screen.getByLabelText('Description'), 'A deep hole in the cycle lane.');
}

describe('report page /report', () => {
  it('lists service types in the UI language, grouped, with descriptions, searchable by name and keywords', async () => {
    const user = userEvent.setup();
    const fetchMock = serveReportApi();
    await renderReport({ language: 'fi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ilmoita ongelmasta' })).toBeTruthy();
    await screen.findByRole('radio', { name: /^Katujen kunto/ });
    const requested = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(requested.find((url) => url.pathname.endsWith('/services.json'))?.searchParams.get('locale')).toBe('fi');
    const groups = [...document.querySelectorAll('fieldset.type-group > legend')].map((legend) => legend.textContent);
    expect(groups).toEqual(['Katujen kunto ja liikenne', 'Puhtaanapito', 'Muut']);
    expect(screen.getByRole('radio', { name: /^Katujen kunto/ }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Katujen kunto description')).toBeTruthy();

    // "kuoppa" is only a keyword of Katujen kunto.
    await user.type(screen.getByLabelText('Hae nimellä tai hakusanalla'), 'kuoppa');
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.querySelector('.type-option__name')?.textContent)).toEqual(['Katujen kunto']);
    expect(screen.getByText('1 ongelmatyyppi vastaa hakua.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Hae nimellä tai hakusanalla'));
    await user.type(screen.getByLabelText('Hae nimellä tai hakusanalla'), 'zzz');
    expect(screen.getByText('Haulla ”zzz” ei löytynyt ongelmatyyppiä. Kokeile toista sanaa.')).toBeTruthy();
  });

  it('preselects the type given in ?type=', async () => {
    serveReportApi();
    await renderReport({ path: '/report?type=198' });
    expect(((await screen.findByRole('radio', { name: /^Traffic signs/ })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Chosen:').textContent).toContain('Traffic signs');
  });

  it('checks every field with the shared schema on sending, shows each problem by its field and focuses the first', async () => {
    const user = userEvent.setup();
    serveReportApi();
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'x', service_notice: '' }] }));
    await renderReport();
    await screen.findByRole('radio', { name: /^Potholes/ });
    await user.type(screen.getByLabelText('Description'), 'short');
    await user.type(screen.getByLabelText('Phone (optional)'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(calls).toHaveLength(0);
    await waitFor(() => expect((document.activeElement as HTMLInputElement).name).toBe('service_code'));
    // The place is asked for together with the rest, not only after they are fixed.
    expect(within(document.getElementById('report-location')!).getByText(/Choose the place/)).toBeTruthy();
    const description = screen.getByLabelText('Description');
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(description.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-error'))!)?.textContent).toContain(
      'Write at least 10 characters: say what is wrong.',
    );
    expect(screen.getAllByText(/Enter a phone number like/)).toHaveLength(2); // by the field and in the summary
    expect(screen.getByText('Please fix 4 things before sending:')).toBeTruthy();

    // Fixing a field clears its message as the person types.
    await user.type(description, ' The asphalt is broken.');
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBeNull());
  });

  it('translates the schema messages into the UI language by field and rule', async () => {
    const user = userEvent.setup();
    serveReportApi();
    await renderReport({ language: 'sv' });
    await screen.findByRole('radio', { name: /^Potholes/ });
    await enterText(user, screen.getByLabelText('Beskrivning'), 'Hål i <script>vägen</script>');
    await user.click(screen.getByRole('button', { name: 'Skicka anmälan' }));
    expect(await screen.findAllByText('Skriv vanlig text, utan HTML-taggar eller kod.')).toHaveLength(2);
    expect(screen.getAllByText('Välj typ av problem.')).toHaveLength(2);
  });

  it('counts characters as the schema does, live', async () => {
    const user = userEvent.setup();
    serveReportApi();
    await renderReport();
    const count = await screen.findByText('Write at least 10 more characters.');
    await user.type(screen.getByLabelText('Description'), '   abc');
    expect(count.textContent).toBe('Write at least 7 more characters.'); // leading spaces do not count
    await user.type(screen.getByLabelText('Description'), 'defghij');
    expect(count.textContent).toBe('4,987 characters left.');
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(5002) } });
    expect(count.textContent).toBe('2 characters too many.');
  });

  it('sends the form with the locale and photos, shows upload progress, then the confirmation with focus', async () => {
    const user = userEvent.setup();
    serveReportApi({ sent: serviceRequest({ service_request_id: 'r-123', agency_responsible: 'City of Helsinki' }) });
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'r-123', service_notice: 'Thanks from the city' }] }));
    const view = await renderReport({ language: 'en' });
    await fillValidReport(user);
    await enterText(user, screen.getByLabelText('Email (optional)'), 'me@example.org');
    // What the address brings, as it happens: a receipt at once, then each public change.
    expect(screen.getByText('You get a receipt at once, then an email when the report is published and every time its status changes or the city replies.')).toBeTruthy();
    await user.upload(screen.getByTestId('photo-input'), [jpeg('a.jpg'), jpeg('b.jpg')]);
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Photo \d: / })).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Send report' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Thank you! Your report has been received.' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // The confirmation has its own address, with nothing but the id in it.
    expect(view.router.state.location.pathname).toBe('/report/sent/r-123');
    expect(view.router.state.location.search).toBe('');
    expect(screen.getByTestId('report-id').textContent).toBe('r-123');
    expect(screen.getByText('Thanks from the city')).toBeTruthy();
    // Whom it goes to, as the service names the body at its place (issue 40, item 9).
    await screen.findByText('It goes to City of Helsinki.');
    expect(screen.getByText('We email you a receipt now, and again when the report is published and every time its status changes or the city replies.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Follow your report' }).getAttribute('href')).toBe('/requests/r-123');

    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/proxy/open311/v1/requests.json');
    expect(formFields(calls[0]!.body)).toEqual([
      ['service_code', '171'],
      ['lat', '60.170120'],
      ['long', '24.940210'],
      ['description', 'A deep hole in the cycle lane.'],
      ['email', 'me@example.org'],
      ['locale', 'en'],
      ['media[]', 'file:photo-1.jpg'],
      ['media[]', 'file:photo-2.jpg'],
    ]);
    // Sent: the draft is gone.
    expect(localStorage.getItem('kerro.report.draft')).toBeNull();
    expect(await draftPhotoStore().list()).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Report another problem' }));
    expect((await screen.findByLabelText('Description')) as HTMLTextAreaElement).toHaveProperty('value', '');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Report a problem' })));
  });

  it('shows the progress bar and disables the button while sending', async () => {
    const user = userEvent.setup();
    serveReportApi();
    let answer: (() => void) | undefined;
    const pending = new Promise<void>((resolve) => (answer = resolve));
    stubXhr(() => ({ status: 201, body: [{ service_request_id: 'r-9', service_notice: '' }] }));
    const Fake = globalThis.XMLHttpRequest;
    // Hold the answer back until the test has looked at the sending state.
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends (Fake as unknown as { new (): { send(body: unknown): void } }) {
        override send(body: unknown) {
          void pending.then(() => super.send(body));
        }
      },
    );
    await renderReport();
    await fillValidReport(user);
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    await act(async () => answer!());
    expect(await screen.findByTestId('report-id')).toBeTruthy();
  });

  it('puts an API error next to its field, keeps what was typed and focuses the field', async () => {
    const user = userEvent.setup();
    serveReportApi();
    stubXhr(() => ({
      status: 400,
      body: [
        { code: 400, description: 'description must not contain HTML tags or code; write plain text' },
        { code: 400, description: 'something the form has no field for' },
      ],
    }));
    await renderReport();
    await fillValidReport(user);
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findAllByText('Write plain text, without HTML tags or code.')).toHaveLength(2);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('something the form has no field for');
    expect(alert.textContent).toContain('Nothing you entered is lost');
    expect(document.activeElement?.id).toBe('report-problems');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('A deep hole in the cycle lane.');
    expect((screen.getByRole('radio', { name: /^Potholes/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('focuses the one field a refusal names, says when a busy service can be tried again, and sends the kept photo on the next try', async () => {
    const user = userEvent.setup();
    serveReportApi();
    const answers = [
      { status: 400, body: [{ code: 400, description: 'description must be at least 10 characters: say what is wrong' }] },
      { status: 429, body: [{ code: 429, description: 'too many reports from this address: at most 5 a minute; try again in 42 seconds' }] },
      { status: 201, body: [{ service_request_id: 'r-3', service_notice: '' }] },
    ];
    const calls = stubXhr(() => answers[calls.length - 1]!);
    await renderReport();
    await fillValidReport(user);
    await user.upload(screen.getByTestId('photo-input'), [jpeg('a.jpg')]);
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Photo 1: / })).toHaveLength(1));

    // A refusal of one field only: the focus goes to that field, everything typed stays.
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findAllByText('Write at least 10 characters: say what is wrong.')).not.toHaveLength(0);
    await waitFor(() => expect(document.activeElement?.id).toBe('report-description'));
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('A deep hole in the cycle lane.');
    expect((screen.getByRole('radio', { name: /^Potholes/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('img', { name: /^Photo 1: / })).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Send report' }) as HTMLButtonElement).disabled).toBe(false);

    // Rate limited: a summary, not tied to a field, takes the focus and says when to try again.
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Try again in 42 seconds.'));
    expect(alert.textContent).toContain('Nothing you entered is lost');
    await waitFor(() => expect(document.activeElement?.id).toBe('report-problems'));

    // Let through, the same form goes with its photo.
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByTestId('report-id')).textContent).toBe('r-3');
    expect(formFields(calls[2]!.body).filter(([name]) => name === 'media[]')).toHaveLength(1);
  });

  it('says when the service cannot be reached, and lets the person try again', async () => {
    const user = userEvent.setup();
    const fetchMock = serveReportApi();
    let online = false;
    const calls = stubXhr(() => (online ? { status: 201, body: [{ service_request_id: 'r-2', service_notice: '' }] } : 'network-error'));
    await renderReport();
    await fillValidReport(user);
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The service could not be reached.');
    online = true;
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByTestId('report-id')).textContent).toBe('r-2');
    // Both tries carried the draft's one key, so the service can tell the second is the first again.
    const keys = calls.map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    // And the draft's one lookup token, a secret of its own, which the lookup after the lost answer asked with.
    const tokens = calls.map((call) => call.headers['Submission-Lookup-Token']);
    expect(tokens[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(tokens[1]).toBe(tokens[0]);
    expect(`"${tokens[0]}"`).not.toBe(keys[0]);
    const lookups = fetchMock.mock.calls.filter(([input]) => String(input).includes('/proxy/open311/v1/submissions/'));
    expect(lookups.length).toBeGreaterThan(0);
    for (const [input, init] of lookups) {
      expect(String(input)).toContain(encodeURIComponent(keys[0]!.slice(1, -1)));
      expect(new Headers(init?.headers).get('Submission-Lookup-Token')).toBe(tokens[0]);
    }
  });

  it('keeps the draft (fields, place, type and photos) when the page is opened again, until discarded', async () => {
    const user = userEvent.setup();
    serveReportApi();
    const first = await renderReport();
    await fillValidReport(user);
    await user.type(screen.getByLabelText('Title (optional)'), 'Hole');
    await user.upload(screen.getByTestId('photo-input'), [jpeg('a.jpg')]);
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Photo 1: a\.jpg/ })).toHaveLength(1));
    first.unmount();

    await renderReport();
    expect(await screen.findByText(/^We kept your unfinished report from /)).toBeTruthy();
    expect(((await screen.findByRole('radio', { name: /^Potholes/ })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('A deep hole in the cycle lane.');
    expect((screen.getByLabelText('Title (optional)') as HTMLInputElement).value).toBe('Hole');
    expect(screen.getByText('Chosen place: pin on the map at 60.17012, 24.94021.')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Photo 1: a.jpg' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await user.click(screen.getByRole('button', { name: 'Yes, discard' }));
    expect(await screen.findByText('The draft was discarded. You can start a new report.')).toBeTruthy();
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('img', { name: /^Photo/ })).toBeNull();
    expect(localStorage.getItem('kerro.report.draft')).toBeNull();
    expect(await draftPhotoStore().list()).toEqual([]);
  });

  it('refuses files that are not images, too large, unreadable, or over the limit of five', async () => {
    const user = userEvent.setup({ applyAccept: false });
    serveReportApi();
    await renderReport();
    await screen.findByRole('radio', { name: /^Potholes/ });
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 25 * 1024 * 1024 });
    await user.upload(screen.getByTestId('photo-input'), [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }), huge, new File(['broken bytes'], 'broken.jpg', { type: 'image/jpeg' })]);
    const problems = () =>
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    await waitFor(() => expect(problems()).toHaveLength(3));
    expect(problems()).toEqual([
      'doc.pdf is not an image. Choose a photo (JPEG, PNG, WebP…).',
      'huge.jpg is too large (more than 20 MB). Choose a smaller photo.',
      'broken.jpg could not be opened as a photo. Try saving it as JPEG first.',
    ]);
    expect(screen.queryByRole('img', { name: /^Photo/ })).toBeNull();

    await user.upload(screen.getByTestId('photo-input'), ['1', '2', '3', '4', '5', '6'].map((n) => jpeg(`p${n}.jpg`)));
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(5));
    expect(problems()).toEqual(['p6.jpg was not added: at most 5 photos per report.']);
    expect((screen.getByRole('button', { name: 'Choose photos' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(4);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose photos' })));
  });

  it('lists published open requests of the same type nearby, with links to their track pages', async () => {
    const user = userEvent.setup();
    const fetchMock = serveReportApi({
      nearby: [
        { service_request_id: 'near-1', service_name: 'Potholes', description: 'Big hole', requested_datetime: '2025-03-04T10:00:00+02:00', address: 'Mannerheimintie 1', extended_attributes: { title: 'Hole by the tram stop' } },
        { service_request_id: 'near-2', service_name: 'Potholes', description: 'Another crack in the asphalt near the crossing', requested_datetime: '2025-03-05T10:00:00+02:00', address: '' },
      ],
    });
    await renderReport();
    expect(screen.getByText(/Once you have chosen the place/)).toBeTruthy();
    await user.click(await screen.findByRole('radio', { name: /^Potholes/ }));
    await user.click(screen.getByRole('button', { name: 'Stub map: drop pin' }));
    expect(await screen.findByText('2 open reports of this kind are already within 300 m:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hole by the tram stop' }).getAttribute('href')).toBe('/requests/near-1');
    expect(screen.getByRole('link', { name: 'Another crack in the asphalt near the crossing' }).getAttribute('href')).toBe('/requests/near-2');
    expect(screen.getByText('reported on 4 March 2025 · Mannerheimintie 1')).toBeTruthy();
    const query = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((url) => url.pathname.endsWith('/requests.json'))!;
    expect(Object.fromEntries(query.searchParams)).toEqual({
      lat: '60.17012',
      long: '24.94021',
      radius: '300',
      service_code: '171',
      status: 'open',
      extensions: 'true',
      locale: 'en',
    });
  });

  it('chooses a service object found by name instead of the map, and sends its id and type', async () => {
    const user = userEvent.setup();
    serveReportApi();
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'r-5', service_notice: '' }] }));
    await renderReport();
    await user.click(await screen.findByRole('radio', { name: /^Vandalism/ }));
    // Places near the map centre are offered straight away.
    expect(await screen.findByRole('button', { name: /^Kaivopuisto park.*120 m away/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Skip the map: choose a place from a list' }));
    const search = screen.getByLabelText('Or choose a place: search by name');
    expect(document.activeElement).toBe(search);
    await user.type(search, 'market');
    await user.click(await screen.findByRole('button', { name: /^Public toilet, Market Square/ }));
    expect(document.querySelector('.place-summary__text')?.textContent).toBe('Chosen place: Public toilet, Market Square.');
    expect(screen.getByRole('button', { name: /^Public toilet, Market Square/ }).getAttribute('aria-pressed')).toBe('true');
    // The place's name and address are filled in as the address; the person adds to them.
    const address = screen.getByLabelText('Address, or where exactly (optional)') as HTMLInputElement;
    expect(address.value).toBe('Public toilet, Market Square, Helsinki');
    await enterText(user, address, ', door at the back');
    await enterText(user, screen.getByLabelText('Description'), 'The door lock is broken.');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByTestId('report-id');
    expect(Object.fromEntries(formFields(calls[0]!.body).filter(([name]) => name !== 'media[]'))).toEqual({
      service_code: '172',
      lat: '60.167400',
      long: '24.953100',
      service_object_id: 'demo-toilet-1',
      service_object_type: 'urn:kerro:service-objects',
      address_string: 'Public toilet, Market Square, Helsinki, door at the back',
      description: 'The door lock is broken.',
      locale: 'en',
    });
  });

  it('explains a refused location request', async () => {
    const user = userEvent.setup();
    serveReportApi();
    vi.stubGlobal('navigator', {
      ...navigator,
      languages: navigator.languages,
      geolocation: {
        getCurrentPosition: (_ok: unknown, fail: (error: { code: number; PERMISSION_DENIED: number }) => void) => fail({ code: 1, PERMISSION_DENIED: 1 }),
      },
    });
    await renderReport();
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/You did not allow this site to use your location/)).toBeTruthy();
  });
});
