import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BodyWire } from '../../../src/shared/bodies/wire';
import { draftPhotoStore } from '../../../src/client/features/report/draft/draft-photo-store';
import { loadDraftFields } from '../../../src/client/features/report/draft/draft-fields-store';
import { renderReport, serveReportApi, type BodiesFixture } from './report-test-utils';

// Where the stub map drops its pin, set by each test (Leaflet itself is covered in Chromium).
const pin = vi.hoisted(() => ({ lat: 60.2, long: 24.7 }));
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

const espoo: BodyWire = { id: 'espoo', jurisdiction_id: 'espoo.fi', name: { fi: 'Espoon kaupunki', sv: 'Esbo stad', en: 'City of Espoo' }, services: ['171', '198'] };
const helsinki: BodyWire = { id: 'helsinki', jurisdiction_id: 'hel.fi', name: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' }, services: ['171', '172', '180'] };
// Espoo west of longitude 24.85, Helsinki east of it up to 25.2; nothing south of 60.0 (the sea).
const bodies: BodiesFixture = {
  all: [espoo, helsinki],
  at: (lat, long) => (lat < 60 || long > 25.2 ? [] : long < 24.85 ? [espoo] : [helsinki]),
};

// Queried by selector: role queries over the whole form are slow in jsdom.
const typeNames = () => [...document.querySelectorAll('.type-option__name')].map((name) => name.textContent);
const radio = (code: string) => document.querySelector<HTMLInputElement>(`#report-type-${code}`)!;
const sendButton = () => document.querySelector<HTMLButtonElement>('.report-send button[type=submit]')!;

describe('the body a report goes to', () => {
  it('names the body once the pin is set and offers only the types it handles, keeping a chosen one', async () => {
    serveReportApi({ bodies });
    await renderReport({ path: '/report?type=198&lat=60.2&lon=24.7' });
    expect(await screen.findByText('This goes to City of Espoo.')).toBeTruthy();
    await waitFor(() => expect(typeNames()).toEqual(['Potholes', 'Traffic signs']));
    expect(radio('198').checked).toBe(true);
    expect(screen.queryByTestId('type-not-handled')).toBeNull();
    expect(sendButton().disabled).toBe(false);
  }, 30_000);

  it('chosen first and not handled where the pin then lands: says so, asks again, and the Send button explains', async () => {
    serveReportApi({ bodies });
    pin.lat = 60.2;
    pin.long = 24.7;
    await renderReport({ path: '/report?type=172' });
    // Before the place is known every type is offered.
    await waitFor(() => expect(typeNames()).toHaveLength(4));
    await userEvent.click(await screen.findByRole('button', { name: 'Stub map: drop pin' }, { timeout: 10_000 }));
    expect((await screen.findByTestId('type-not-handled')).textContent).toBe('City of Espoo does not handle “Vandalism” at this place. Choose another problem type from the list, or another place.');
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByTestId('send-blocked').textContent).toContain('City of Espoo does not handle the chosen problem type');
    // Only Espoo's types are offered, and the chosen one, checked, to be changed.
    expect(typeNames()).toEqual(['Potholes', 'Traffic signs', 'Vandalism']);
    expect(radio('172').checked).toBe(true);
    // Choosing a type Espoo handles lets it go.
    await userEvent.click(radio('171'));
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    expect(screen.queryByTestId('type-not-handled')).toBeNull();
  }, 30_000);

  it('a pin outside every area says so plainly, keeps the draft and the Send button says why it waits', async () => {
    serveReportApi({ bodies });
    pin.lat = 59.5;
    pin.long = 24.8;
    await renderReport({ path: '/report?type=171' });
    await userEvent.click(await screen.findByRole('button', { name: 'Stub map: drop pin' }, { timeout: 10_000 }));
    const note = await screen.findByText(/No one handles reports at this place/);
    expect(within(screen.getByTestId('report-body')).getByText(/Your draft is kept/)).toBe(note);
    expect(sendButton().disabled).toBe(true);
    expect(document.getElementById(sendButton().getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/no one handles reports at the chosen place/);
    await waitFor(() => expect(loadDraftFields()?.values).toMatchObject({ service_code: '171', lat: '59.500000', long: '24.800000' }));
  }, 30_000);

  it('with no bodies configured names none, offers every type and blocks nothing', async () => {
    serveReportApi();
    await renderReport({ path: '/report?type=172&lat=59.5&lon=24.8' });
    await waitFor(() => expect(typeNames()).toHaveLength(4));
    expect(screen.getByTestId('report-body').textContent).toBe('');
    expect(sendButton().disabled).toBe(false);
  }, 30_000);
});
