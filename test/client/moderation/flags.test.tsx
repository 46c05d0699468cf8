import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render-app';
import { fakeItem, fakeModerationApi } from './fake-moderation-api';

configure({ asyncUtilTimeout: 8000 });

/** What needs attention in the console's lists (issue 41, item 1): markers as words, the filter in the address. */
const published = () => [
  fakeItem({ id: 'abused', title: 'Graffiti on the bridge', moderation: 'published', requested: '2026-03-05T08:00:00+02:00', flags: ['abuse'] }),
  fakeItem({ id: 'reopened', title: 'Flickering streetlight', moderation: 'published', requested: '2026-03-04T08:00:00+02:00', flags: ['reopened', 'possible_duplicate'] }),
  fakeItem({ id: 'plain', title: 'Broken bench', moderation: 'published', requested: '2026-03-03T08:00:00+02:00' }),
  fakeItem({ id: 'waiting', title: 'Pothole at the gate', moderation: 'published', requested: '2026-03-02T08:00:00+02:00', flags: ['awaiting_case_system'] }),
  fakeItem({ id: 'late', title: 'Sunken drain cover', moderation: 'published', requested: '2026-02-02T08:00:00+02:00', flags: ['overdue'] }),
  fakeItem({ id: 'new', title: 'Litter in the park', requested: '2026-03-01T08:00:00+02:00', flags: ['send_failed'] }),
];

const cardOf = (headline: string) => screen.getByRole('heading', { level: 2, name: headline }).closest('article') as HTMLElement;
const markersOf = (headline: string) => {
  const list = within(cardOf(headline)).queryByRole('list', { name: 'Needs attention' });
  return list ? within(list).getAllByRole('listitem').map((item) => item.textContent) : [];
};

describe('flags in the moderation lists', { timeout: 30_000 }, () => {
  it('marks each card with what needs attention, in words under a named list', async () => {
    fakeModerationApi({ items: published() });
    renderApp({ path: '/moderation?state=published', language: 'en' });
    await screen.findByText('Graffiti on the bridge');
    expect(markersOf('Graffiti on the bridge')).toEqual(['Reported as abuse']);
    expect(markersOf('Flickering streetlight')).toEqual(['Reopened by the reporter', 'Possible duplicate']);
    expect(markersOf('Pothole at the gate')).toEqual(['Awaiting the case system']);
    expect(markersOf('Broken bench')).toEqual([]);
  });

  it('the marker speaks the console’s language', async () => {
    fakeModerationApi({ items: published() });
    renderApp({ path: '/moderation', language: 'fi' });
    await screen.findByText('Litter in the park');
    const list = within(cardOf('Litter in the park')).getByRole('list', { name: 'Vaatii huomiota' });
    expect(list.textContent).toBe('Lähetys vastuutaholle epäonnistui');
  });

  it('"Show only" filters the published list by a link whose address holds the flag, and marks it current', async () => {
    const api = fakeModerationApi({ items: published() });
    const { router } = renderApp({ path: '/moderation?state=published', language: 'en' });
    await screen.findByText('Broken bench');
    const filter = screen.getByRole('navigation', { name: 'Show only' });
    expect(within(filter).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(within(filter).getByRole('link', { name: 'Reported as abuse' }));
    await waitFor(() => expect(screen.queryByText('Broken bench')).toBeNull());
    expect(screen.getByText('Graffiti on the bridge')).toBeTruthy();
    expect(router.state.location.search).toBe('?state=published&flag=abuse');
    expect(within(filter).getByRole('link', { name: 'Reported as abuse' }).getAttribute('aria-current')).toBe('page');
    expect(within(filter).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Published reports: Reported as abuse – Kerro'));
    const call = api.calls.findLast((entry) => entry.path === '/moderation/api/requests')!;
    expect(call.search.get('state')).toBe('published');
    expect(call.search.get('flag')).toBe('abuse');
    // The console bar still says which list this is.
    const bar = screen.getByRole('navigation', { name: 'Moderation console' });
    expect(within(bar).getByRole('link', { name: 'Published' }).getAttribute('aria-current')).toBe('page');
  });

  it('a shared queue address with ?flag= opens filtered, and says when nothing has that flag', async () => {
    const api = fakeModerationApi({ items: [...published(), fakeItem({ title: 'Fallen tree', requested: '2026-03-06T08:00:00+02:00' })] });
    const { router } = renderApp({ path: '/moderation?flag=send_failed', language: 'en' });
    expect(await screen.findByText('Litter in the park')).toBeTruthy();
    expect(screen.queryByText('Fallen tree')).toBeNull();
    expect(api.calls.find((entry) => entry.path === '/moderation/api/queue')!.search.get('flag')).toBe('send_failed');

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Show only' })).getByRole('link', { name: 'Possible duplicate' }));
    expect(await screen.findByText('No report in this list is marked “Possible duplicate”.')).toBeTruthy();
    expect(router.state.location.search).toBe('?flag=possible_duplicate');
  });

  it('an overdue report is marked in each language, and "Show only" lists the overdue ones by their address (issue 41, item 6)', async () => {
    const api = fakeModerationApi({ items: published() });
    const { router } = renderApp({ path: '/moderation?state=published', language: 'en' });
    await screen.findByText('Sunken drain cover');
    expect(markersOf('Sunken drain cover')).toEqual(['Overdue']);
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Show only' })).getByRole('link', { name: 'Overdue' }));
    await waitFor(() => expect(screen.queryByText('Broken bench')).toBeNull());
    expect(screen.getByText('Sunken drain cover')).toBeTruthy();
    expect(router.state.location.search).toBe('?state=published&flag=overdue');
    expect(api.calls.findLast((entry) => entry.path === '/moderation/api/requests')!.search.get('flag')).toBe('overdue');
    await waitFor(() => expect(document.title).toBe('Published reports: Overdue – Kerro'));
  });

  it.each([
    ['fi', 'Vaatii huomiota', 'Näytä vain', 'Myöhässä'],
    ['sv', 'Behöver uppmärksamhet', 'Visa endast', 'Försenad'],
  ] as const)('in %s, a shared overdue address opens filtered, the marker and the filter in that language', async (language, markersLabel, filterLabel, overdue) => {
    fakeModerationApi({ items: published() });
    renderApp({ path: '/moderation?state=published&flag=overdue', language });
    await screen.findByText('Sunken drain cover');
    expect(screen.queryByText('Broken bench')).toBeNull();
    expect(within(cardOf('Sunken drain cover')).getByRole('list', { name: markersLabel }).textContent).toBe(overdue);
    expect(within(screen.getByRole('navigation', { name: filterLabel })).getByRole('link', { name: overdue }).getAttribute('aria-current')).toBe('page');
  });

  it('an unknown flag in the address shows the whole list; the rejected list has no filter', async () => {
    const api = fakeModerationApi({ items: [...published(), fakeItem({ title: 'Refused one', moderation: 'rejected' })] });
    const { router } = renderApp({ path: '/moderation?flag=stale', language: 'en' });
    await screen.findByText('Litter in the park');
    expect(api.calls.find((entry) => entry.path === '/moderation/api/queue')!.search.has('flag')).toBe(false);
    expect(within(screen.getByRole('navigation', { name: 'Show only' })).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');

    await router.navigate('/moderation?state=rejected&flag=abuse');
    await screen.findByText('Refused one');
    expect(screen.queryByRole('navigation', { name: 'Show only' })).toBeNull();
  });
});
