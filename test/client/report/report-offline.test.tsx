import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { draftPhotoStore } from '../../../src/client/features/report/draft/draft-photo-store';
import { deviceOutbox } from '../../../src/client/features/report/outbox/device-outbox';
import { deviceShelf } from '../../../src/client/lib/device-storage';
import { formFields, renderReport, serveReportApi, stubXhr } from './report-test-utils';
import { enterText } from '../enter-text';

// As in report-flow.test.tsx: Leaflet needs a real layout, jsdom cannot decode images.
vi.mock('../../../src/client/features/report/components/location-map', async () => {
  const { createElement } = await import('react');
  return {
    default: (props: { onPin: (point: { lat: number; long: number }, how: string) => void }) =>
      createElement('button', { type: 'button', onClick: () => props.onPin({ lat: 60.17012, long: 24.94021 }, 'click') }, 'Stub map: drop pin'),
  };
});
vi.mock('../../../src/client/features/report/photos/resize-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/client/features/report/photos/resize-image')>()),
  resizeImage: async (file: Blob) => new Blob([await file.arrayBuffer()], { type: 'image/jpeg' }),
}));

beforeEach(async () => {
  await draftPhotoStore().clear();
  await deviceShelf('report-outbox').clear();
  await deviceOutbox().refresh();
});

/** The browser's idea of the network, as its online/offline events tell the page. */
function network(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

async function fillValidReport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: /^Potholes/ }));
  await user.click(screen.getByRole('button', { name: 'Stub map: drop pin' }));
  await enterText(user, screen.getByLabelText('Description'), 'A deep hole in the cycle lane.');
  await user.upload(screen.getByTestId('photo-input'), [new File(['jpeg bytes'], 'a.jpg', { type: 'image/jpeg' })]);
  await waitFor(() => expect(screen.getAllByRole('img', { name: /^Photo \d: / })).toHaveLength(1));
}

// The whole flow, twice over (offline, then online), with the outbox's own chunk to compile.
describe('a report made offline', { timeout: 60_000 }, () => {
  it('says the device is offline, keeps the report on the device, and sends it once when the connection is back', async () => {
    const user = userEvent.setup();
    serveReportApi();
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'r-7', service_notice: '' }] }));
    const view = await renderReport();
    network(false);
    // The notice comes in a chunk of its own after the page: the first compile of it takes a while.
    expect(await screen.findByText('This device is offline', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('offline-send-note').textContent).toContain('Send keeps the report on this device');

    await fillValidReport(user);
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Reports on this device' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const entry = screen.getByTestId('outbox-entry');
    expect(within(entry).getByRole('heading', { level: 3 }).textContent).toBe('Waiting to be sent: Potholes');
    expect(entry.textContent).toContain('1 photo · Saved ');
    expect(entry.textContent).toContain('It will be sent when this device is back online.');
    expect(calls).toEqual([]);
    // The form starts afresh: the report lives in the outbox now, not in the draft.
    expect(localStorage.getItem('kerro.report.draft')).toBeNull();
    expect(await draftPhotoStore().list()).toEqual([]);

    network(true);
    expect(await within(screen.getByTestId('outbox-entry')).findByRole('heading', { level: 3, name: 'Sent: Potholes' })).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(formFields(calls[0]!.body)).toEqual([
      ['service_code', '171'],
      ['lat', '60.170120'],
      ['long', '24.940210'],
      ['description', 'A deep hole in the cycle lane.'],
      ['locale', 'en'],
      ['media[]', 'file:photo-1.jpg'],
    ]);
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Your report was sent.')).toBe(true);

    await user.click(screen.getByRole('link', { name: 'See the confirmation' }));
    expect((await screen.findByTestId('report-id', undefined, { timeout: 10_000 })).textContent).toBe('r-7');
    expect(view.router.state.location.pathname).toBe('/report/sent/r-7');
    await waitFor(() => expect(screen.queryByTestId('outbox-entry')).toBeNull());
    expect(calls).toHaveLength(1);
  });

  it('can be cancelled while it waits, and is then never sent', async () => {
    const user = userEvent.setup();
    serveReportApi();
    const calls = stubXhr(() => ({ status: 201, body: [{ service_request_id: 'r-8', service_notice: '' }] }));
    await renderReport();
    network(false);
    await screen.findByText('This device is offline', undefined, { timeout: 10_000 });
    await fillValidReport(user);
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    const entry = await screen.findByTestId('outbox-entry');
    await user.click(within(entry).getByRole('button', { name: 'Cancel this report' }));
    await user.click(within(entry).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(screen.queryByTestId('outbox-entry')).toBeNull());
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'The report was cancelled and deleted from this device.')).toBe(true);

    network(true);
    await act(() => deviceOutbox().sendWaiting());
    expect(calls).toEqual([]);
  });
});
