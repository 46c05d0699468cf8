import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../render-app';
import { fakeItem, fakeModerationApi } from './fake-moderation-api';

// Watch the shared components themselves: the preview must be made of them, fed the public JSON.
vi.mock('../../../src/client/components/request/request-details', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/client/components/request/request-details')>();
  return { ...actual, RequestDetails: vi.fn(actual.RequestDetails) };
});
vi.mock('../../../src/client/components/request/request-summary', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/client/components/request/request-summary')>();
  return { ...actual, RequestSummary: vi.fn(actual.RequestSummary) };
});

const { RequestDetails } = await import('../../../src/client/components/request/request-details');
const { RequestSummary } = await import('../../../src/client/components/request/request-summary');

describe('public-view preview', () => {
  it('is the track page’s RequestDetails and the map’s RequestSummary, given exactly the public answer', async () => {
    const item = fakeItem({ id: 'p1', title: 'Broken bench', detailedStatus: 'IN_PROCESS,PUBLIC_WORKS_NEW', statusNotes: 'Forwarded.' });
    fakeModerationApi({ items: [item] });
    renderApp({ path: '/moderation/requests/p1', language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Review: Broken bench' });

    const detailsProps = vi.mocked(RequestDetails).mock.calls.at(-1)![0];
    expect(detailsProps.request).toEqual(item.public);
    const summaryProps = vi.mocked(RequestSummary).mock.calls.at(-1)![0];
    expect(summaryProps.request).toEqual(item.public);

    // What they draw: the same classes and words as on the public pages.
    const preview = screen.getByRole('region', { name: 'Public view' });
    expect(preview.querySelector('.request-details .status-steps')).toBeTruthy();
    expect(preview.querySelector('.request-details__status')!.textContent).toBe('Status: Open, Being handled · Forwarded to public works');
    expect(preview.querySelector('.request-summary')).toBeTruthy();
  });
});
