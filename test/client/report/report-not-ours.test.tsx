import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotOursWire } from '../../../src/shared/not-ours/wire';
import { draftPhotoStore } from '../../../src/client/features/report/draft/draft-photo-store';
import { renderReport, serveReportApi, type NotOursFixture } from './report-test-utils';

// Where the stub map drops its pin, set by each test (Leaflet itself is covered in Chromium).
const pin = vi.hoisted(() => ({ lat: 60.22, long: 24.9 }));
vi.mock('../../../src/client/features/report/components/location-map', async () => {
  const { createElement } = await import('react');
  return {
    default: (props: { onPin: (point: { lat: number; long: number }, how: string) => void }) =>
      createElement('button', { type: 'button', onClick: () => props.onPin({ ...pin }, 'click') }, 'Stub map: drop pin'),
  };
});

beforeEach(async () => {
  await draftPhotoStore().clear();
});

const messages: Record<string, string> = {
  en: 'Ring I is a state road: contact the ELY Centre.',
  fi: 'Kehä I on valtion maantie: ota yhteyttä ELY-keskukseen.',
};
// A state road north of latitude 60.21, where only vandalism (172) is still reported.
const ringI: NotOursFixture = (lat, _long, locale): NotOursWire | undefined =>
  lat > 60.21 ? { id: 'ring-i', name: 'Ring I', message: messages[locale] ?? messages.en!, url: 'https://palautevayla.fi/', allowed_services: ['172'] } : undefined;

const radio = (code: string) => document.querySelector<HTMLInputElement>(`#report-type-${code}`)!;
const sendButton = () => document.querySelector<HTMLButtonElement>('.report-send button[type=submit]')!;

describe('a pin on a place someone else maintains', () => {
  it('shows whom to contact before the description, blocks a type not reported there, and lets an allowed one go', async () => {
    serveReportApi({ notOurs: ringI });
    pin.lat = 60.22;
    await renderReport({ path: '/report?type=171' });
    await userEvent.click(await screen.findByRole('button', { name: 'Stub map: drop pin' }, { timeout: 10_000 }));
    const note = await screen.findByTestId('not-ours');
    await waitFor(() => expect(note.textContent).toContain('Ring I is maintained by someone else. Ring I is a state road: contact the ELY Centre.'));
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toContain('Still reported here: Vandalism.');
    expect(screen.getByRole('link', { name: 'Contact details: Ring I' }).getAttribute('href')).toBe('https://palautevayla.fi/');
    // Before the description step in the page.
    const describeHeading = screen.getByRole('heading', { name: /Describe/ });
    expect(note.compareDocumentPosition(describeHeading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const alert = await screen.findByTestId('not-ours-blocked');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('“Potholes” is not handled here at Ring I. Contact the maintainer above, choose a type still reported here, or move the pin.');
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByTestId('send-blocked').textContent).toContain('the chosen problem type is not handled at Ring I');

    await userEvent.click(radio('172'));
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    expect(screen.queryByTestId('not-ours-blocked')).toBeNull();
    expect(screen.getByTestId('not-ours').textContent).toContain('Ring I is a state road');
  }, 30_000);

  it('speaks the reader’s language, and moving the pin off the place lets any type go', async () => {
    const fetchMock = serveReportApi({ notOurs: ringI });
    pin.lat = 60.22;
    await renderReport({ language: 'fi', path: '/report?type=171' });
    await userEvent.click(await screen.findByRole('button', { name: 'Stub map: drop pin' }, { timeout: 10_000 }));
    await waitFor(() => expect(screen.getByTestId('not-ours').textContent).toContain('Kehä I on valtion maantie: ota yhteyttä ELY-keskukseen.'));
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).find((url) => url.pathname.endsWith('/not-ours.json'));
    expect(asked?.searchParams.get('locale')).toBe('fi');
    expect(sendButton().disabled).toBe(true);

    pin.lat = 60.17;
    await userEvent.click(screen.getByRole('button', { name: 'Stub map: drop pin' }));
    await waitFor(() => expect(screen.getByTestId('not-ours').textContent).toBe(''));
    expect(screen.queryByTestId('not-ours-blocked')).toBeNull();
    await waitFor(() => expect(sendButton().disabled).toBe(false));
  }, 30_000);
});
