import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useMapSearch } from '../../../src/client/features/map/hooks/use-map-search';

/** The hook on a page of its own, with its latest `update` handed out to the test. */
function renderSearch(path: string, otherRoutes: RouteObject[] = []) {
  const handle: { update?: ReturnType<typeof useMapSearch>['update']; filters?: ReturnType<typeof useMapSearch>['filters'] } = {};
  function Probe() {
    const mapSearch = useMapSearch();
    handle.update = mapSearch.update;
    handle.filters = mapSearch.filters;
    return null;
  }
  const router = createMemoryRouter([{ path: '/', Component: Probe }, ...otherRoutes], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  const search = () => new URLSearchParams(router.state.location.search);
  return { router, handle, search };
}

describe('useMapSearch: writing the URL', () => {
  it('keeps both of two changes made before the page renders again (the map settling as a filter is picked)', async () => {
    const { handle, search, router } = renderSearch('/?status=open');
    const update = handle.update!;
    await act(async () => {
      update({ lat: '60.17', long: '24.94', zoom: '14' }, { replace: true });
      update({ service: '198' });
    });
    expect(Object.fromEntries(search())).toEqual({ status: 'open', lat: '60.17', long: '24.94', zoom: '14', service: '198' });
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('builds on the URL shown once it has moved on (back), not on an older change', async () => {
    const { handle, search, router } = renderSearch('/');
    await act(async () => handle.update!({ status: 'open' }));
    await act(async () => handle.update!({ status: 'closed' }));
    await act(async () => router.navigate(-1));
    expect(search().get('status')).toBe('open');
    await act(async () => handle.update!({ service: '171' }));
    expect(Object.fromEntries(search())).toEqual({ status: 'open', service: '171' });
  });

  it('writes nothing while a link to another page is loading, so the map settling late cannot pull the person back', async () => {
    let finishLoading: (route: { Component: () => null }) => void = () => undefined;
    const { handle, router } = renderSearch('/', [{ path: '/report', lazy: () => new Promise((resolve) => (finishLoading = resolve)) }]);
    const leaving = router.navigate('/report');
    expect(router.state.navigation.state).toBe('loading');
    // The map fits the data that just arrived: a view change, written with replace.
    await act(async () => handle.update!({ lat: '60.17', long: '24.94', zoom: '12' }, { replace: true }));
    await act(async () => {
      finishLoading({ Component: () => null });
      await leaving;
    });
    expect(router.state.location.pathname).toBe('/report');
    expect(router.state.location.search).toBe('');
  });

  it('writes nothing once the router is on another page not yet shown, so a late map write cannot pull the person back', async () => {
    const { handle, router } = renderSearch('/', [{ path: '/report', Component: () => null }]);
    const update = handle.update!;
    // The router has moved on; the map page's render has not caught up yet (no act: nothing rendered).
    await router.navigate('/report');
    expect(router.state.location.pathname).toBe('/report');
    await act(async () => update({ lat: '60.17', long: '24.94', zoom: '12' }, { replace: true }));
    expect(router.state.location.pathname).toBe('/report');
    expect(router.state.location.search).toBe('');
  });

  it('keeps the same filters object while only the map view moves, so what is built from the filters is not built again', async () => {
    const { handle } = renderSearch('/?status=open&service=198');
    const before = handle.filters!;
    await act(async () => handle.update!({ lat: '60.17', long: '24.94', zoom: '14' }, { replace: true }));
    await act(async () => handle.update!({ lat: '60.2', long: '24.9', zoom: '12' }, { replace: true }));
    expect(handle.filters).toBe(before);
    await act(async () => handle.update!({ status: 'closed' }));
    expect(handle.filters).not.toBe(before);
    expect(handle.filters).toEqual({ ...before, status: 'closed' });
  });
});
