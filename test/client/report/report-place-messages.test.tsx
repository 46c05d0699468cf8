import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { draftPhotoStore } from '../../../src/client/features/report/draft/draft-photo-store';
import { renderReport, serveReportApi, stubXhr } from './report-test-utils';

// Leaflet needs a real layout; the map itself is covered in Chromium (test/e2e/report-map.test.ts).
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

/** The field's own error text (the one its aria-describedby names). */
function fieldError(field: HTMLElement): string | undefined {
  const id = field.getAttribute('aria-describedby')?.split(' ').find((part) => part.endsWith('-error'));
  // The message follows a warning sign that is not part of the words.
  return id ? document.getElementById(id)?.textContent?.replace(/^⚠\s*/, '') : undefined;
}

describe('report form messages', () => {
  it.each([
    ['an empty description', ''],
    ['a description of spaces only', '     '],
  ])('asks to describe the problem for %s, not "Check this value."', async (_case, typed) => {
    const user = userEvent.setup();
    serveReportApi();
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'x', service_notice: '' }] }));
    await renderReport();
    await user.click(await screen.findByRole('radio', { name: /^Potholes/ }));
    await user.click(screen.getByRole('button', { name: 'Stub map: drop pin' }));
    const description = screen.getByLabelText('Description');
    if (typed) await user.type(description, typed);
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(fieldError(description)).toBe('Describe the problem.');
    expect(screen.queryByText('Check this value.')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['fi', 'Kuvaus', 'Lähetä ilmoitus', 'Kuvaile ongelma.'],
    ['sv', 'Beskrivning', 'Skicka anmälan', 'Beskriv problemet.'],
  ] as const)('says it in the UI language (%s)', async (language, label, send, expected) => {
    const user = userEvent.setup();
    serveReportApi();
    stubXhr(() => ({ status: 201, body: [{ service_request_id: 'x', service_notice: '' }] }));
    await renderReport({ language });
    await user.type(screen.getByLabelText(label), '   ');
    await user.click(screen.getByRole('button', { name: send }));
    await waitFor(() => expect(fieldError(screen.getByLabelText(label))).toBe(expected));
  });
});

describe('the place', () => {
  function stubPosition(latitude: number, longitude: number, accuracy: number) {
    vi.stubGlobal('navigator', {
      ...navigator,
      languages: navigator.languages,
      geolocation: {
        getCurrentPosition: (ok: (position: { coords: { latitude: number; longitude: number; accuracy: number } }) => void) =>
          ok({ coords: { latitude, longitude, accuracy } }),
      },
    });
  }

  it('stops saying the pin is at your location once the pin is moved elsewhere', async () => {
    const user = userEvent.setup();
    serveReportApi();
    stubPosition(60.2055, 24.6559, 25);
    await renderReport();
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    const located = /Pin placed at your location \(accurate to about 25 m\)/;
    expect(await screen.findByText(located)).toBeTruthy();

    // A tap elsewhere on the map moves the pin: the message would now be wrong.
    await user.click(screen.getByRole('button', { name: 'Stub map: drop pin' }));
    await waitFor(() => expect(screen.queryByText(located)).toBeNull());
    expect(screen.getByText('Chosen place: pin on the map at 60.17012, 24.94021.')).toBeTruthy();

    // The same for "report here" at the map centre.
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(located)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Report here: place the pin at the map centre' }));
    await waitFor(() => expect(screen.queryByText(located)).toBeNull());
  });

  it('writes the pin’s coordinates in the number format of the UI language', async () => {
    const user = userEvent.setup();
    serveReportApi();
    await renderReport({ language: 'fi' });
    await user.click(await screen.findByRole('button', { name: 'Stub map: drop pin' }));
    expect(screen.getByText('Valittu paikka: nasta kartalla kohdassa 60,17012, 24,94021.')).toBeTruthy();
  });
});
