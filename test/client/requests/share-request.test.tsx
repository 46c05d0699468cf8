import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareRequest } from '../../../src/client/features/requests/components/share-request';
import { jsonResponse, mockFetch, renderApp } from '../render-app';
import { serviceRequest } from './fixtures';
import { renderWithI18n } from './render-with-i18n';

const url = 'http://localhost/requests/req123abc';

/** Puts (or, with undefined, takes away) a navigator property for one test; jsdom has neither share nor clipboard. */
function setNavigator(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
}

afterEach(() => {
  setNavigator('share', undefined);
  setNavigator('clipboard', undefined);
});

const press = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('Share', () => {
  it("opens the device's share sheet with the report's name, a line of text and its link", async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    setNavigator('share', share);
    setNavigator('clipboard', { writeText });
    renderWithI18n(<ShareRequest name="Broken bench" url={url} />);
    await press('Share');
    expect(share).toHaveBeenCalledWith({ title: 'Broken bench', text: 'A report on Kerro: Broken bench', url });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('copies nothing when the share sheet is closed without sharing', async () => {
    setNavigator('share', vi.fn(async () => Promise.reject(new DOMException('cancelled', 'AbortError'))));
    const writeText = vi.fn(async () => {});
    setNavigator('clipboard', { writeText });
    renderWithI18n(<ShareRequest name="Broken bench" url={url} />);
    await press('Share');
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('without a share sheet, copies the link and says so in a live region', async () => {
    const writeText = vi.fn(async () => {});
    setNavigator('clipboard', { writeText });
    renderWithI18n(<ShareRequest name="Broken bench" url={url} />);
    const status = screen.getByRole('status');
    // There before anything is said in it, so screen readers watch it.
    expect(status.textContent).toBe('');
    await press('Share');
    expect(writeText).toHaveBeenCalledWith(url);
    expect(status.textContent).toBe('Link copied');
    expect(screen.getByRole('status')).toBe(status);
  });

  it('where the clipboard refuses, shows the link in a read-only field, selected to copy by hand', async () => {
    setNavigator('clipboard', { writeText: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))) });
    renderWithI18n(<ShareRequest name="Broken bench" url={url} />);
    await press('Share');
    const field = screen.getByLabelText<HTMLInputElement>('Link to this report');
    expect(field.value).toBe(url);
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, url.length]);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('with no clipboard at all, shows the field too', async () => {
    renderWithI18n(<ShareRequest name="Broken bench" url={url} />);
    await press('Share');
    expect(screen.getByLabelText<HTMLInputElement>('Link to this report').value).toBe(url);
  });

  it.each([
    ['fi', 'Jaa', 'Linkki kopioitu', 'Ilmoitus Kerro-palvelussa: Rikki'],
    ['sv', 'Dela', 'Länken har kopierats', 'En anmälan i Kerro: Rikki'],
  ] as const)('speaks %s', async (language, button, copied, text) => {
    const writeText = vi.fn(async () => {});
    setNavigator('clipboard', { writeText });
    renderWithI18n(<ShareRequest name="Rikki" url={url} />, language);
    await press(button);
    expect(screen.getByRole('status').textContent).toBe(copied);
    const share = vi.fn(async () => {});
    setNavigator('share', share);
    await press(button);
    expect(share).toHaveBeenCalledWith({ title: 'Rikki', text, url });
  });
});

describe("Share on a request's page", () => {
  /** A fake proxy for one request, in the public listing (published) or not. */
  function serve(published: boolean) {
    const request = serviceRequest({ extended_attributes: { title: 'Broken bench', detailed_status: 'RECEIVED', media_urls: [] } });
    return mockFetch((requestUrl) => {
      if (requestUrl.pathname === '/proxy/open311/v1/requests.json') return jsonResponse(published ? [request] : []);
      if (requestUrl.pathname === '/proxy/open311/v1/discovery.json') return jsonResponse({ endpoints: [] });
      return jsonResponse([request]);
    });
  }

  it("is offered on a published report, sharing the page's own address", async () => {
    serve(true);
    const share = vi.fn(async () => {});
    setNavigator('share', share);
    renderApp({ path: '/requests/req123abc', language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Broken bench', text: 'A report on Kerro: Broken bench', url: `${window.location.origin}/requests/req123abc` }));
  });

  it('is not offered before the report is published', async () => {
    const fetchMock = serve(false);
    renderApp({ path: '/requests/req123abc', language: 'en' });
    await screen.findByRole('heading', { name: 'Broken bench', level: 1 });
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/requests.json'))).toBe(true));
    // The moderation notice says the listing's answer is in.
    await screen.findByText('Waiting for moderation');
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
