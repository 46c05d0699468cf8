/**
 * The dashboard page (issue 41, item 9): figures of the moderator's bodies' reports as tables and
 * a weekly bar chart with its table, filters kept in the address (shareable) and sent to the API,
 * the server's refusal shown at its field, and download links carrying the same filters.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DashboardFigures } from '../../../src/shared/moderation/dashboard';
import { jsonResponse, renderApp } from '../render-app';
import { fakeModerationApi, type RecordedCall } from './fake-moderation-api';

const hour = 3_600_000;
const figures: DashboardFigures = {
  total: 7,
  by_service_code: [
    { service_code: '171', service_name: 'Pothole', count: 5 },
    { service_code: '174', service_name: 'Broken street light', count: 2 },
  ],
  by_state: { pending: 1, open: 3, closed: 2, rejected: 1 },
  by_month: [{ month: '2026-11', count: 7 }],
  by_week: [
    { week: '2026-11-09', count: 2 },
    { week: '2026-11-16', count: 0 },
    { week: '2026-11-23', count: 5 },
  ],
  open: 3,
  overdue: 2,
  reopened: 1,
  time_to_publish: { count: 5, median_ms: 1.5 * hour, p90_ms: 20 * hour },
  time_to_close: { count: 2, median_ms: 72 * hour, p90_ms: null },
};

const serviceType = (code: string, name: string) => ({ service_code: code, service_name: name, description: '', metadata: false, type: 'realtime', keywords: '', group: '' });
const espoo = { id: 'espoo', names: { fi: 'Espoon kaupunki', sv: 'Esbo stad', en: 'City of Espoo' } };
const vantaa = { id: 'vantaa', names: { fi: 'Vantaan kaupunki', sv: 'Vanda stad', en: 'City of Vantaa' } };

function serve(dashboard: (call: RecordedCall) => Response) {
  return fakeModerationApi({
    bodies: [espoo, vantaa],
    override: (call) => {
      if (call.path === '/moderation/api/dashboard') return dashboard(call);
      if (call.path === '/proxy/open311/v1/services.json') return jsonResponse([serviceType('171', 'Pothole'), serviceType('174', 'Broken street light')]);
      if (call.path === '/proxy/bodies/v1/bodies.json') return jsonResponse([]);
      return undefined;
    },
  });
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('dashboard page', () => {
  it('shows the figures as tables and a weekly chart, from the nav', async () => {
    serve(() => jsonResponse(figures));
    renderApp({ path: '/moderation', language: 'en' });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    await screen.findByText('7 reports match.');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(rowsOf(screen.getByRole('table', { name: 'Reports by state' }))).toEqual([
      ['Waiting for moderation', '1'],
      ['Published, open', '3'],
      ['Published, closed', '2'],
      ['Rejected', '1'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Reports by service type' }))).toEqual([
      ['Pothole', '5'],
      ['Broken street light', '2'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Time from the report' }))).toEqual([
      ['To publish', '1.5 hours', '20 hours', '5'],
      ['To close', '3 days', '–', '2'],
    ]);
    const overdue = screen.getByText('Overdue').closest('div')!;
    expect(within(overdue).getByText('2')).toBeTruthy();
    // One bar per week, the empty week too, and the picture summed up for a screen reader.
    const chart = screen.getByRole('img', { name: /3 weeks; the most reports, 5, in the week of/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    expect(rowsOf(screen.getByRole('table', { name: 'Reports per week' })).map((row) => row[1])).toEqual(['2', '0', '5']);
  }, 30_000);

  it('keeps the filters in the address, asks the API with them, and links the downloads with them', async () => {
    const api = serve(() => jsonResponse(figures));
    const { router } = renderApp({ path: '/moderation/dashboard', language: 'en' });
    await screen.findByText('7 reports match.');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Made from'), '2026-11-01');
    await user.selectOptions(await screen.findByLabelText('Service type'), '171');
    await user.selectOptions(screen.getByLabelText('State'), 'open');
    await user.selectOptions(screen.getByLabelText('Area'), 'vantaa');
    await user.click(screen.getByRole('button', { name: 'Show figures' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01&service_code=171&state=open&body=vantaa'));
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/moderation/api/dashboard').at(-1)!.search.get('body')).toBe('vantaa'));
    const last = api.calls.filter((call) => call.path === '/moderation/api/dashboard').at(-1)!;
    expect([last.search.get('from'), last.search.get('service_code'), last.search.get('state'), last.search.get('locale')]).toEqual(['2026-11-01', '171', 'open', 'en']);
    const csv = screen.getByRole('link', { name: 'Reports as CSV (spreadsheet)' });
    expect(csv.getAttribute('href')).toBe('/moderation/api/exports/requests.csv?from=2026-11-01&service_code=171&state=open&body=vantaa&locale=en');
    expect(csv.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Their public updates as CSV' }).getAttribute('href')).toMatch(/^\/moderation\/api\/exports\/updates\.csv\?/);
  }, 30_000);

  it('shows the server’s refusal of a filter in the address, in the UI language', async () => {
    serve(() =>
      jsonResponse(
        { error: { code: 'invalid_input', message: 'state: state must be one of pending, open, closed, rejected', fields: [{ field: 'state', message: 'state must be one of …', code: 'unknown_value' }] } },
        { status: 400 },
      ),
    );
    renderApp({ path: '/moderation/dashboard?state=lost', language: 'fi' });
    expect(await screen.findByText(/Tämän osoitteen rajauksia ei voi käyttää/)).toBeTruthy();
  });
});
