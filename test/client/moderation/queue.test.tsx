import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../render-app';
import { fakeItem, fakeModerationApi } from './fake-moderation-api';
import { afterRetries } from '../retry-waits';

configure({ asyncUtilTimeout: 8000 });

describe('moderation queue and lists', { timeout: 30_000 }, () => {
  it('lists the pending requests oldest first, with their count and the reporters’ contact details', async () => {
    const api = fakeModerationApi({
      items: [
        fakeItem({ id: 'newer', title: 'Graffiti on the bridge', requested: '2026-03-03T08:00:00+02:00', email: 'second@example.org' }),
        fakeItem({ id: 'older', title: 'Broken bench', requested: '2026-03-01T08:00:00+02:00', email: 'first@example.org' }),
        fakeItem({ id: 'public', title: 'Already public', moderation: 'published' }),
      ],
    });
    renderApp({ path: '/moderation', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation queue' })).toBeTruthy();
    expect(await screen.findByText('2 reports waiting, oldest first.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Moderation queue – Kerro'));

    const cards = within(document.querySelector<HTMLElement>('.moderation-cards')!).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['Broken bench', 'Graffiti on the bridge']);
    expect(within(cards[0]!).getByText('first@example.org')).toBeTruthy();
    expect(within(cards[0]!).getByText('Maija Meikäläinen')).toBeTruthy();
    // The cards are the map's own summary component.
    expect(cards.every((card) => card.classList.contains('request-summary'))).toBe(true);
    expect(screen.queryByText('Already public')).toBeNull();

    const queueCall = api.calls.find((call) => call.path === '/moderation/api/queue')!;
    expect(queueCall.search.get('locale')).toBe('en');

    const review = within(cards[0]!).getByRole('link', { name: 'Review: Broken bench' });
    expect(review.getAttribute('href')).toBe('/moderation/requests/older');
  });

  it('shows published and rejected requests under ?state=, and marks the current page in the console bar', async () => {
    const api = fakeModerationApi({
      items: [fakeItem({ title: 'Waiting one' }), fakeItem({ title: 'Public one', moderation: 'published' }), fakeItem({ title: 'Refused one', moderation: 'rejected' })],
    });
    const { router } = renderApp({ path: '/moderation', language: 'en' });
    await screen.findByText('Waiting one');
    const bar = screen.getByRole('navigation', { name: 'Moderation console' });
    expect(within(bar).getByRole('link', { name: 'Queue' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(within(bar).getByRole('link', { name: 'Published' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Published reports' })).toBeTruthy();
    expect(await screen.findByText('Public one')).toBeTruthy();
    expect(screen.getByText('Published', { selector: '.moderation-state' })).toBeTruthy();
    expect(router.state.location.search).toBe('?state=published');
    expect(within(bar).getByRole('link', { name: 'Published' }).getAttribute('aria-current')).toBe('page');
    expect(within(bar).getByRole('link', { name: 'Queue' }).getAttribute('aria-current')).toBeNull();
    expect(api.calls.some((call) => call.path === '/moderation/api/requests' && call.search.get('state') === 'published')).toBe(true);

    await userEvent.click(within(bar).getByRole('link', { name: 'Rejected' }));
    expect(await screen.findByText('Refused one')).toBeTruthy();
  });

  it('says when nothing is waiting', async () => {
    fakeModerationApi({ items: [] });
    renderApp({ path: '/moderation', language: 'fi' });
    expect(await screen.findByText('Mitään ei odota. Uudet ilmoitukset tulevat tähän.')).toBeTruthy();
    expect(screen.getByText('0 ilmoitusta odottaa, vanhin ensin.')).toBeTruthy();
  });

  it('pages with "Show more" and moves focus to the first new report', async () => {
    const items = Array.from({ length: 30 }, (_, index) =>
      fakeItem({ title: `Report ${index + 1}`, requested: `2026-03-01T08:${String(index).padStart(2, '0')}:00+02:00` }),
    );
    fakeModerationApi({ items });
    renderApp({ path: '/moderation', language: 'en' });
    await screen.findByText('30 reports waiting, oldest first.');
    expect(screen.getAllByRole('link', { name: /^Review: / })).toHaveLength(25);
    await userEvent.click(screen.getByRole('button', { name: 'Show more reports' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Review: / })).toHaveLength(30));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Review: Report 26' })));
  });

  it('says where each report is: the address given, else the service object’s name, else the coordinates', async () => {
    const api = fakeModerationApi({
      items: [
        fakeItem({ title: 'By the address', address: 'Mannerheimintie 1, Helsinki', requested: '2026-03-01T08:00:00+02:00' }),
        fakeItem({ title: 'At a park', serviceObjectId: 'demo-park-1', lat: '60.1574', long: '24.956', requested: '2026-03-02T08:00:00+02:00' }),
        fakeItem({ title: 'Only a pin', lat: '60.18725', long: '24.94021', requested: '2026-03-03T08:00:00+02:00' }),
      ],
      override: (call) => {
        if (call.path !== '/proxy/service-objects') return undefined;
        const named = (id: string, name: string, long: number, lat: number) => ({
          type: 'Feature',
          id,
          geometry: { type: 'Point', coordinates: [long, lat] },
          properties: { service_object_id: id, service_object_type: 'urn:x', name, kind: 'park', address: '' },
        });
        return jsonResponse({
          type: 'FeatureCollection',
          features: [named('demo-park-2', 'Tähtitorninvuoren puisto', 24.9512, 60.1625), named('demo-park-1', 'Kaivopuisto', 24.956, 60.1574)],
        });
      },
    });
    renderApp({ path: '/moderation', language: 'fi' });
    await screen.findByText('3 ilmoitusta odottaa, vanhin ensin.');
    const cards = within(document.querySelector<HTMLElement>('.moderation-cards')!).getAllByRole('article');
    const placeOf = (card: HTMLElement) => card.querySelector('.moderation-card__place')?.textContent;
    expect(placeOf(cards[0]!)).toBe('Paikka: Mannerheimintie 1, Helsinki');
    await waitFor(() => expect(placeOf(cards[1]!)).toBe('Paikka: Kaivopuisto'));
    expect(placeOf(cards[2]!)).toBe('Paikka: 60,18725, 24,94021');
    // The name is looked up near the request's own position, in the console's language.
    const lookup = api.calls.find((call) => call.path === '/proxy/service-objects')!;
    expect([lookup.search.get('lat'), lookup.search.get('long'), lookup.search.get('locale')]).toEqual(['60.1574', '24.956', 'fi']);
  });

  it('falls back to the coordinates while the service object’s name is unknown', async () => {
    fakeModerationApi({
      items: [fakeItem({ title: 'At a park', serviceObjectId: 'demo-park-9', lat: '60.1574', long: '24.956' })],
      override: (call) => (call.path === '/proxy/service-objects' ? jsonResponse({ type: 'FeatureCollection', features: [] }) : undefined),
    });
    renderApp({ path: '/moderation', language: 'en' });
    const card = (await screen.findByText('At a park')).closest('article')!;
    await waitFor(() => expect(card.querySelector('.moderation-card__place')?.textContent).toBe('Place: 60.15740, 24.95600'));
  });

  it('shows an error with a retry when the queue cannot be loaded', async () => {
    let failing = true;
    fakeModerationApi({
      items: [fakeItem({ title: 'Broken bench' })],
      override: (call) =>
        failing && call.path === '/moderation/api/queue'
          ? new Response(JSON.stringify({ error: { code: 'internal_error', message: 'boom' } }), { status: 500 })
          : undefined,
    });
    // Server errors are retried twice by the query client before the page shows one.
    const alert = await afterRetries(
      () => renderApp({ path: '/moderation', language: 'en' }),
      () => screen.getByRole('alert'),
    );
    expect(alert.textContent).toContain(
      'The service could not do this right now. Try again in a moment.',
    );
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Broken bench')).toBeTruthy();
  });
});
