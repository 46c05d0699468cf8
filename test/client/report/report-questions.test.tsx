import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoServiceTypes } from '../../../src/server/demo/service-types';
import { presentServiceDefinition } from '../../../src/server/open311/presenter';
import { draftPhotoStore } from '../../../src/client/features/report/draft/draft-photo-store';
import { resolveLocale } from '../../../src/shared/locales';
import { jsonResponse, mockFetch } from '../render-app';
import { formFields, renderReport, serviceType, stubXhr } from './report-test-utils';
import { enterText } from '../enter-text';

// Leaflet needs a real layout; the map's own behaviour is covered in Chromium.
vi.mock('../../../src/client/features/report/components/location-map', async () => {
  const { createElement } = await import('react');
  return {
    default: (props: { onPin: (point: { lat: number; long: number }, how: string) => void }) =>
      createElement('button', { type: 'button', onClick: () => props.onPin({ lat: 60.17012, long: 24.94021 }, 'click') }, 'Stub map: drop pin'),
  };
});

beforeEach(async () => {
  await draftPhotoStore().clear();
});

/** The proxy as the demo service answers it: the definitions are the service's own presenter output. */
function serveQuestionsApi() {
  return mockFetch((url) => {
    const locale = resolveLocale(url.searchParams.get('locale') ?? undefined);
    if (url.pathname === '/proxy/open311/v1/services.json') {
      return jsonResponse(
        demoServiceTypes.map((type) =>
          serviceType(type.service_code, type.translations[locale]!.service_name, type.translations[locale]!.group, { metadata: type.attributes.length > 0 }),
        ),
      );
    }
    const definition = /^\/proxy\/open311\/v1\/services\/(\w+)\.json$/.exec(url.pathname);
    if (definition) return jsonResponse(presentServiceDefinition(demoServiceTypes.find((type) => type.service_code === definition[1])!, locale).body);
    if (url.pathname === '/proxy/open311/v1/requests.json') return jsonResponse([]);
    return jsonResponse([{ code: 404, description: 'not here' }], { status: 404 });
  });
}

const errorOf = (control: HTMLElement) => {
  const ids = (control.closest('fieldset') ?? control).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('form-field__error'))?.textContent ?? '';
};

async function choosePotholeWithPlace(user: ReturnType<typeof userEvent.setup>, name = /^Potholes/) {
  await user.click(await screen.findByRole('radio', { name }));
  await user.click(screen.getByRole('button', { name: 'Stub map: drop pin' }));
}

describe('the chosen type’s own questions', () => {
  it('appear after the type is chosen, in order, each datatype as its control, in the UI language', async () => {
    const user = userEvent.setup();
    serveQuestionsApi();
    await renderReport({ language: 'fi' });
    expect(screen.queryByRole('heading', { name: /^Muutama kysymys/ })).toBeNull();
    await user.click(await screen.findByRole('radio', { name: /^Katujen kunto/ }));
    const section = (await screen.findByRole('heading', { name: 'Muutama kysymys: Katujen kunto' })).closest('section')!;
    const size = within(section).getByRole('group', { name: 'Kuinka suuri kuoppa on? (vapaaehtoinen)' });
    // An optional single choice offers "no answer", chosen until another is.
    expect(within(size).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Pieni (alle 20 cm)',
      'Keskikokoinen (20–50 cm)',
      'Suuri (yli 50 cm)',
      'En osaa sanoa',
    ]);
    expect((within(size).getByRole('radio', { name: 'En osaa sanoa' }) as HTMLInputElement).checked).toBe(true);
    expect(within(section).getByRole('group', { name: 'Onko kuoppa vaarallinen pyöräilijöille tai autoille? (vapaaehtoinen)' })).toBeTruthy();
    expect(within(section).getByLabelText('Arvioitu syvyys senttimetreinä (vapaaehtoinen)').getAttribute('inputmode')).toBe('decimal');
    expect(within(section).getByLabelText('Milloin huomasit asian? (vapaaehtoinen)').getAttribute('type')).toBe('datetime-local');

    // A multivaluelist is a group of checkboxes; a text a text area; a string a text field.
    await user.click(screen.getByRole('radio', { name: /^Leikki- ja liikuntapuistot/ }));
    const equipment = await screen.findByRole('group', { name: 'Mitä välineitä asia koskee?' });
    expect(within(equipment).getAllByRole('checkbox')).toHaveLength(6);
    await user.click(screen.getByRole('radio', { name: /^Metsät/ }));
    expect((await screen.findByLabelText(/^Miten paikalle pääsee\?/)).tagName).toBe('TEXTAREA');
    await user.click(screen.getByRole('radio', { name: /^Muu korjattava asia/ }));
    expect(((await screen.findByLabelText(/^Jos kyse on katuvalosta/)) as HTMLInputElement).type).toBe('text');
    // A type without questions asks none.
    await user.click(screen.getByRole('radio', { name: /^Ilkivalta/ }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /^Muutama kysymys/ })).toBeNull());
  });

  it('are checked with the service’s rules on sending: each problem by its question, focus on the first', async () => {
    const user = userEvent.setup();
    serveQuestionsApi();
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'r-1', service_notice: '' }] }));
    await renderReport({ language: 'en' });
    await choosePotholeWithPlace(user);
    await enterText(user, screen.getByLabelText('Description'), 'A deep hole in the cycle lane.');
    const depth = await screen.findByLabelText('Estimated depth in centimetres (optional)');
    await user.type(depth, 'deep');
    await user.type(screen.getByLabelText('When did you notice it? (optional)'), '2026-11-20T08:15');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(document.activeElement).toBe(depth));
    expect(depth.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(depth)).toContain('Enter a number, for example 12 or 12.5.');
    expect(screen.getByRole('button', { name: 'Estimated depth in centimetres: Enter a number, for example 12 or 12.5.' })).toBeTruthy();
    expect(calls).toHaveLength(0);

    // A fixed answer clears its error at once; a comma decimal is sent as the service reads numbers.
    await user.click(screen.getByRole('radio', { name: 'Small (under 20 cm)' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.clear(depth);
    await user.type(depth, '12,5');
    await waitFor(() => expect(depth.getAttribute('aria-invalid')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you! Your report has been received.' });
    const sent = formFields(calls[0]!.body).filter(([name]) => name.startsWith('attribute['));
    expect(sent.slice(0, 3)).toEqual([
      ['attribute[pothole_size]', 'small'],
      ['attribute[dangerous]', 'yes'],
      ['attribute[depth_cm]', '12.5'],
    ]);
    // The local time goes out with this device's offset, as a W3C datetime the service accepts.
    expect(sent[3]![0]).toBe('attribute[noticed_at]');
    expect(sent[3]![1]).toMatch(/^2026-11-20T08:15:00[+-]\d{2}:\d{2}$/);
  });

  it('refuse a required list left unanswered, with the group described by its error', async () => {
    const user = userEvent.setup();
    serveQuestionsApi();
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'r-3', service_notice: '' }] }));
    await renderReport({ language: 'fi' });
    await choosePotholeWithPlace(user, /^Leikki- ja liikuntapuistot/);
    await enterText(user, screen.getByLabelText('Kuvaus'), 'Keinun ketju on poikki jo toista päivää.');
    const group = await screen.findByRole('group', { name: 'Mitä välineitä asia koskee?' });
    // A single choice that is optional offers "no answer"; a required list of several does not.
    expect(within(group).queryByRole('checkbox', { name: 'En osaa sanoa' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Lähetä ilmoitus' }));
    const first = within(group).getByRole('checkbox', { name: 'Keinu' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(errorOf(first)).toContain('Valitse vähintään yksi vaihtoehto.');
    expect(calls).toHaveLength(0);
  });

  it('send a multivaluelist as repeated attribute[CODE][] and a string as typed', async () => {
    const user = userEvent.setup();
    serveQuestionsApi();
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'r-2', service_notice: '' }] }));
    await renderReport({ language: 'sv' });
    await choosePotholeWithPlace(user, /^Lek- och idrottsparker/);
    await enterText(user, screen.getByLabelText('Beskrivning'), 'Gungan är trasig sedan i går.');
    await user.click(await screen.findByRole('checkbox', { name: 'Staket eller grind' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gunga' }));
    await user.click(screen.getByRole('button', { name: 'Skicka anmälan' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(formFields(calls[0]!.body).filter(([name]) => name.startsWith('attribute['))).toEqual([
      ['attribute[equipment][]', 'swing'],
      ['attribute[equipment][]', 'fence'],
    ]);
  });

  it('are kept in the draft with the other fields', async () => {
    const user = userEvent.setup();
    serveQuestionsApi();
    const first = await renderReport();
    await choosePotholeWithPlace(user);
    await user.click(await screen.findByRole('radio', { name: 'Large (over 50 cm)' }));
    await user.type(screen.getByLabelText('Estimated depth in centimetres (optional)'), '15');
    first.unmount();
    expect(JSON.parse(localStorage.getItem('kerro.report.draft')!).values.answers).toEqual({ pothole_size: 'large', depth_cm: '15' });

    await renderReport();
    expect(((await screen.findByRole('radio', { name: 'Large (over 50 cm)' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Estimated depth in centimetres (optional)') as HTMLInputElement).value).toBe('15');
  });
});
