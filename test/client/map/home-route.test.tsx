import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp } from '../render-app';
import { fakeProxy } from './fixtures';

// The page's code loads lazily; on a busy two-core machine that can take a few seconds.
const LOAD_TIMEOUT = 10_000;

const requestQueries = (asked: URL[]) => asked.filter((url) => url.pathname.endsWith('/requests.json'));

/** The query without the map view, which the map itself writes (replacing the entry) as it settles. */
function filtersIn(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ['lat', 'long', 'zoom']) params.delete(key);
  return params.toString();
}

// The page's code and then the map's load lazily: on a busy two-core machine a test can take a while.
describe('home page: the public map', { timeout: 20_000 }, () => {
  it('shows the published requests and a way to report a problem', async () => {
    const proxy = fakeProxy();
    mockFetch(proxy.handler);
    renderApp({ path: '/', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported problems on the map' }, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Report a problem' }).some((link) => link.getAttribute('href') === '/report')).toBe(true);
    expect(await screen.findByText(/^2 reports from/, {}, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    const [query] = requestQueries(proxy.asked);
    expect(query?.searchParams.get('extensions')).toBe('true');
    expect(query?.searchParams.get('locale')).toBe('en');
    // The default window: the last 90 days, never more.
    const span = Date.parse(query!.searchParams.get('end_date')!) - Date.parse(query!.searchParams.get('start_date')!);
    expect(span).toBeLessThanOrEqual(90 * 86_400_000);
    expect(span).toBeGreaterThan(89 * 86_400_000);
  });

  it('puts filter changes in the URL as history entries; back and forward restore them', async () => {
    const proxy = fakeProxy();
    mockFetch(proxy.handler);
    const { router } = renderApp({ path: '/', language: 'en' });
    await screen.findByText(/^2 reports from/, {}, { timeout: LOAD_TIMEOUT });
    // The map's code arrives after the page's; once settled, it writes its view into the URL.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('zoom')).not.toBeNull(), { timeout: LOAD_TIMEOUT });

    await userEvent.click(screen.getByRole('radio', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=open'));
    expect(await screen.findByText(/^1 report from/)).toBeTruthy();
    expect(requestQueries(proxy.asked).at(-1)?.searchParams.get('status')).toBe('open');

    await userEvent.click(screen.getByText(/Problem types/, { selector: 'summary' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Traffic signs' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('service')).toBe('198'));
    expect(requestQueries(proxy.asked).at(-1)?.searchParams.get('service_code')).toBe('198');

    // Filter changes add entries; the map's own view updates only replace them.
    expect(router.state.historyAction).toBe('PUSH');
    await router.navigate(-1);
    await waitFor(() => expect(filtersIn(router.state.location.search)).toBe('status=open'));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Traffic signs' }) as HTMLInputElement).checked).toBe(false));
    await router.navigate(-1);
    await waitFor(() => expect(filtersIn(router.state.location.search)).toBe(''));
    expect(new URLSearchParams(router.state.location.search).get('zoom')).not.toBeNull();
    await waitFor(() => expect((screen.getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(true));
    await router.navigate(1);
    await waitFor(() => expect((screen.getByRole('radio', { name: 'Open' }) as HTMLInputElement).checked).toBe(true));
  });

  it('opens a filtered link with the same filters, dates and view', async () => {
    const proxy = fakeProxy();
    mockFetch(proxy.handler);
    renderApp({ path: '/?status=closed&service=171&from=2026-10-01&to=2026-10-31&lat=60.2&long=24.9&zoom=13', language: 'en' });
    expect(await screen.findByText(/^1 report from 1 Oct 2026 to 31 Oct 2026/, {}, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Closed' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-10-31');
    const query = requestQueries(proxy.asked).at(-1)!;
    expect(query.searchParams.get('status')).toBe('closed');
    expect(query.searchParams.get('service_code')).toBe('171');
    expect(Date.parse(query.searchParams.get('start_date')!)).toBe(new Date(2026, 9, 1).getTime());
  });

  it('keeps the date window within 90 days and says what it moved', async () => {
    const proxy = fakeProxy();
    mockFetch(proxy.handler);
    const { router } = renderApp({ path: '/?from=2026-06-01&to=2026-06-30', language: 'en' });
    await screen.findByText(/^2 reports from/, {}, { timeout: LOAD_TIMEOUT });
    // The limit is explained before anyone runs into it.
    expect(screen.getByText(/^The city's service shows at most 90 days at a time\./)).toBeTruthy();
    // A date picker sets the whole value at once.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-15' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2026-04-14'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-01-15');
    expect(screen.getByText('The window was longer than 90 days, so the end moved to 2026-04-14.')).toBeTruthy();
    for (const url of requestQueries(proxy.asked)) {
      expect(Date.parse(url.searchParams.get('end_date')!) - Date.parse(url.searchParams.get('start_date')!)).toBeLessThanOrEqual(90 * 86_400_000);
    }
  });

  it('"near me" asks for the location, searches around it within a radius, and can be undone', async () => {
    const proxy = fakeProxy();
    mockFetch(proxy.handler);
    let answer: 'allow' | 'deny' = 'deny';
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (success: PositionCallback, failure: PositionErrorCallback) =>
          answer === 'allow'
            ? success({ coords: { latitude: 60.1699, longitude: 24.9384 } } as GeolocationPosition)
            : failure({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
      },
    });
    // jsdom has no canvas, which Leaflet draws the search circle on here: a context that does nothing.
    const inert: object = new Proxy({}, { get: () => () => undefined, set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => inert as CanvasRenderingContext2D);
    const { router } = renderApp({ path: '/', language: 'en' });
    await screen.findByText(/^2 reports from/, {}, { timeout: LOAD_TIMEOUT });

    await userEvent.click(screen.getByRole('button', { name: 'Show reports near my location' }));
    expect(await screen.findByText(/Your location was not shared/)).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('near')).toBeNull();

    answer = 'allow';
    await userEvent.click(screen.getByRole('button', { name: 'Show reports near my location' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('near')).toBe('60.1699,24.9384'));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('radius'), params.get('lat'), params.get('long'), params.get('zoom')]).toEqual(['1000', '60.1699', '24.9384', '14']);
    await waitFor(() => expect(requestQueries(proxy.asked).at(-1)?.searchParams.get('radius')).toBe('1000'));
    const query = requestQueries(proxy.asked).at(-1)!;
    expect([query.searchParams.get('lat'), query.searchParams.get('long')]).toEqual(['60.1699', '24.9384']);

    await userEvent.selectOptions(screen.getByLabelText('Within'), '500');
    await waitFor(() => expect(requestQueries(proxy.asked).at(-1)?.searchParams.get('radius')).toBe('500'));
    await userEvent.click(screen.getByRole('button', { name: 'Show reports everywhere' }));
    expect(new URLSearchParams(router.state.location.search).get('near')).toBeNull();
    // Back to the first search, which is still cached: its answer shows without asking again.
    expect(await screen.findByText(/^2 reports from/)).toBeTruthy();
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('has a list alternative with every request, its status in words and a link to its page', async () => {
    mockFetch(fakeProxy().handler);
    const { router } = renderApp({ path: '/', language: 'en' });
    await screen.findByText(/^2 reports from/, {}, { timeout: LOAD_TIMEOUT });
    await userEvent.click(screen.getByRole('tab', { name: 'List' }));
    expect(filtersIn(router.state.location.search)).toBe('view=list');
    const list = screen.getByRole('tabpanel', { name: 'List' });
    // The list's code comes when the list is first shown.
    const items = await within(list).findAllByRole('listitem', {}, { timeout: LOAD_TIMEOUT });
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Sign leaning' }).getAttribute('href')).toBe('/requests/req-open');
    expect(within(items[1]!).getByText('Closed')).toBeTruthy();

    // "Show on the map" goes back to the map with the request chosen and centred.
    await userEvent.click(within(items[1]!).getByRole('button', { name: /Show on the map/ }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('request')).toBe('req-closed');
    expect(params.get('view')).toBeNull();
    expect([params.get('lat'), params.get('long'), params.get('zoom')]).toEqual(['60.157', '24.956', '16']);
    const panel = await screen.findByRole('complementary', { name: 'Details' });
    // The details' code comes with the first choice.
    expect(await within(panel).findByRole('heading', { name: 'Fallen branch' }, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    expect(within(panel).getByText('Fixed on Monday.')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: "Open the report's own page" }).getAttribute('href')).toBe('/requests/req-closed');
  });

  it('loads every counter page with progress, and lists the 0,0 ones as location unknown', async () => {
    const proxy = fakeProxy({ counters: 2600 });
    mockFetch(proxy.handler);
    const { router } = renderApp({ path: '/', language: 'en' });
    await screen.findByText(/^2 reports from/, {}, { timeout: LOAD_TIMEOUT });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show traffic counters' }));
    expect(new URLSearchParams(router.state.location.search).get('counters')).toBe('1');
    expect(await screen.findByText('Loaded all 2,600 counters.', {}, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    const pages = proxy.asked.filter((url) => url.pathname === '/proxy/counters/').map((url) => Number(url.searchParams.get('page')));
    expect(pages.sort((a, b) => a - b)).toEqual([1, 2, 3]);
    expect(screen.getByRole('heading', { name: 'Location unknown: 260 counters' })).toBeTruthy();

    // Filters by source and "receiving data" narrow the layer and the lists, and go in the URL.
    await userEvent.selectOptions(screen.getByLabelText('Data source'), 'Fintraffic');
    await userEvent.selectOptions(screen.getByLabelText('Receiving data'), 'no');
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('source'), params.get('receiving')]).toEqual(['Fintraffic', 'no']);
    // Ids divisible by 3 and 5: 173 of 2,600; those divisible by 10 too are at 0,0: 86.
    expect(screen.getByRole('heading', { name: 'Location unknown: 86 counters' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'List' }));
    expect(await screen.findByText('Showing 25 of 173.', {}, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    // 2,600 counters in jsdom take a while on a busy machine.
  }, 30_000);

  it('shows the chosen counter from a counters-table link', async () => {
    mockFetch(fakeProxy({ counters: 50 }).handler);
    renderApp({ path: '/?counters=1&lat=60.155&long=24.805&zoom=16&counter=1', language: 'en' });
    const panel = await screen.findByRole('complementary', { name: 'Details' }, { timeout: LOAD_TIMEOUT });
    expect(await within(panel).findByRole('heading', { name: 'Counter 001' }, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    expect(within(panel).getByText('EcoCounter')).toBeTruthy();
  });
});
