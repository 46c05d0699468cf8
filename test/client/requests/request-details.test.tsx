import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PhotoGallery } from '../../../src/client/components/request/photo-gallery';
import { RequestDetails } from '../../../src/client/components/request/request-details';
import { RequestLocation } from '../../../src/client/components/request/request-location';
import { RequestSummary } from '../../../src/client/components/request/request-summary';
import { serviceRequest } from './fixtures';
import { renderWithI18n } from './render-with-i18n';
import { jsonResponse, mockFetch } from '../render-app';

// Dates are shown in the person's own time zone; pin it so the expected words are fixed.
const originalTimeZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Europe/Helsinki';
});
afterEach(() => {
  process.env.TZ = originalTimeZone;
  delete (window as { __xss?: unknown }).__xss;
});

function factValue(term: string): HTMLElement {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

describe('RequestDetails', () => {
  it('shows title, service name, status in words, notes, photos, dates, place and agency', () => {
    const request = serviceRequest({
      status: 'closed',
      status_notes: 'Patched on Tuesday.\nThanks for the report.',
      expected_datetime: '2024-06-10T12:00:00Z',
      extended_attributes: { detailed_status: 'PROCESSED,PUBLIC_WORKS_COMPLETED' },
    });
    renderWithI18n(<RequestDetails request={request} />, 'en');

    const article = screen.getByRole('article', { name: 'Pothole on Mannerheimintie' });
    expect(screen.getByRole('heading', { level: 1, name: 'Pothole on Mannerheimintie' })).toBeTruthy();
    expect(within(article).getAllByText('Street condition').length).toBeGreaterThan(0);
    expect(article.querySelector('.request-details__status')?.textContent).toBe('Status: Closed, Resolved · Public works done');
    expect(screen.getByRole('heading', { level: 2, name: 'Notes from the city' })).toBeTruthy();
    // Line breaks in people's texts are kept (CSS pre-line), the text itself untouched.
    expect(screen.getByText(/Patched on Tuesday\./).textContent).toBe('Patched on Tuesday.\nThanks for the report.');
    expect(screen.getByText('A deep pothole in the cycle lane.')).toBeTruthy();
    expect(screen.getByText('The public works department has resolved it.')).toBeTruthy();

    expect(factValue('Handled by').textContent).toBe('Urban Environment Division');
    expect(factValue('Report ID').textContent).toBe('req123abc');
    const location = factValue('Location');
    expect(location.textContent).toContain('Mannerheimintie 1, Helsinki');
    expect(location.textContent).toContain('Coordinates 60.16990, 24.93840');
    expect(within(location).getByRole('link', { name: 'Show on OpenStreetMap' }).getAttribute('href')).toContain('mlat=60.1699');

    const expected = factValue('Expected to be done').querySelector('time')!;
    expect(expected.getAttribute('datetime')).toBe('2024-06-10T12:00:00Z');
    expect(expected.textContent).toMatch(/^10 June 2024 at 15:00$/);
    expect(within(article).getAllByRole('img')).toHaveLength(2);
  });

  it('names the body in the reader\'s language, whichever language the report was made in', async () => {
    const body = { id: 'helsinki', jurisdiction_id: 'helsinki.fi', name: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' }, services: ['171'] };
    mockFetch((url) => (url.pathname === '/proxy/bodies/v1/bodies.json' ? jsonResponse([body]) : jsonResponse({}, { status: 404 })));
    renderWithI18n(<RequestDetails request={serviceRequest({ agency_responsible: 'City of Helsinki' })} />, 'fi');
    expect(await screen.findByText('Helsingin kaupunki')).toBeTruthy();
    expect(screen.queryByText('City of Helsinki')).toBeNull();
  });

  it('keeps a body name no configured body has, as the service sent it', async () => {
    const fetches = mockFetch(() => jsonResponse([]));
    renderWithI18n(<RequestDetails request={serviceRequest({ agency_responsible: 'Urban Environment Division' })} />, 'sv');
    await expect.poll(() => fetches.mock.calls.length).toBeGreaterThan(0);
    expect(screen.getByText('Urban Environment Division')).toBeTruthy();
  });

  it.each([
    ['en', 'Reported', /^1 June 2024 at 09:05$/, 'Last updated', /^3 June 2024 at 14:30$/],
    ['fi', 'Ilmoitettu', /^1\. kesäkuuta 2024 klo 9\.05$/, 'Päivitetty viimeksi', /^3\. kesäkuuta 2024 klo 14\.30$/],
    ['sv', 'Anmäld', /^1 juni 2024 kl\. 9\.05$/, 'Senast uppdaterad', /^3 juni 2024 kl\. 14\.30$/],
  ] as const)('formats dates in %s, in the person’s time zone', (language, requestedTerm, requested, updatedTerm, updated) => {
    renderWithI18n(<RequestDetails request={serviceRequest()} />, language);
    const requestedTime = factValue(requestedTerm).querySelector('time')!;
    expect(requestedTime.textContent).toMatch(requested);
    expect(requestedTime.getAttribute('datetime')).toBe('2024-06-01T09:05:00+03:00');
    expect(factValue(updatedTerm).querySelector('time')!.textContent).toMatch(updated);
  });

  it('renders HTML-looking text people wrote as plain text, never as markup', () => {
    const attack = '<img src=x onerror="window.__xss=1">';
    const request = serviceRequest({
      description: `Look: ${attack} and <script>window.__xss=2</script>`,
      status_notes: '<b>fixed</b> &amp; done',
      address: '<a href="javascript:alert(1)">here</a>',
      service_name: '<i>Streets</i>',
      agency_responsible: '<u>City</u>',
      extended_attributes: { title: '<h2>Title</h2>', media_urls: [] },
      media_url: undefined,
    });
    const { container } = renderWithI18n(<RequestDetails request={request} />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('<h2>Title</h2>');
    expect(screen.getByText(/^Look:/).textContent).toBe(`Look: ${attack} and <script>window.__xss=2</script>`);
    expect(screen.getByText('<b>fixed</b> &amp; done')).toBeTruthy();
    expect(screen.getByText('<a href="javascript:alert(1)">here</a>')).toBeTruthy();
    expect(screen.getAllByText('<i>Streets</i>').length).toBeGreaterThan(0);
    expect(screen.getByText('<u>City</u>')).toBeTruthy();
    // None of it became an element: no image, script, bold text or link from the texts.
    expect(container.querySelectorAll('img, script, b, i, u, h1 *, a[href^="javascript"]')).toHaveLength(0);
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('falls back to the service name as the heading and leaves out what is empty', () => {
    const request = serviceRequest({
      agency_responsible: '',
      address: '',
      lat: undefined,
      long: undefined,
      media_url: undefined,
      extended_attributes: { title: '', media_urls: [], service_object_id: 'park-7', service_object_type: 'urn:x' },
    });
    renderWithI18n(<RequestDetails request={request} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Street condition' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Description',
      'Progress',
      'Details',
    ]);
    expect(screen.queryByText('Handled by')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(factValue('Location').textContent).toBe('Service point park-7');
  });

  it('places a notice under the heading', () => {
    renderWithI18n(<RequestDetails request={serviceRequest()} notice={<p role="note">Waiting</p>} />);
    const header = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(header.nextElementSibling?.textContent).toBe('Waiting');
  });
});

describe('RequestLocation', () => {
  it('says the place of a withheld report is not shown, rather than that none was given', () => {
    const withheld = serviceRequest({ address: '', lat: undefined, long: undefined, extended_attributes: { content_withheld: true } });
    const { unmount } = renderWithI18n(<RequestLocation request={withheld} />, 'en');
    expect(screen.getByText('The exact place is not shown')).toBeTruthy();
    unmount();
    renderWithI18n(<RequestLocation request={{ ...withheld, extended_attributes: { ...withheld.extended_attributes!, content_withheld: undefined } }} />, 'en');
    expect(screen.getByText('No location given')).toBeTruthy();
  });
});

describe('PhotoGallery', () => {
  it('links each thumbnail to the full image (opened enlarged in the page), with alt text and lazy loading', () => {
    renderWithI18n(<PhotoGallery urls={['/media/a.jpg', 'https://example.org/b.png', 'javascript:alert(1)']} />, 'fi');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/media/a.jpg', 'https://example.org/b.png']);
    expect(links[0]!.getAttribute('aria-label')).toBe('Valokuva 1/2, avaa suurennetun kuvan');
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['Ilmoituksen valokuva 1/2', 'Ilmoituksen valokuva 2/2']);
    expect(images.every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);
    expect(images[1]!.getAttribute('src')).toBe('https://example.org/b.png');
  });

  it('shows at most `limit` thumbnails but counts them all', () => {
    renderWithI18n(<PhotoGallery urls={['/media/a.jpg', '/media/b.jpg', '/media/c.jpg']} limit={1} />);
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('alt')).toBe('Photo 1 of 3 attached to the report');
  });

  it('renders nothing without photos', () => {
    const { container } = renderWithI18n(<PhotoGallery urls={[]} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('RequestSummary', () => {
  it('shows the essentials compactly with the caller’s footer and limited thumbnails', () => {
    const request = serviceRequest({
      status_notes: 'Scheduled for next week.',
      extended_attributes: {
        detailed_status: 'IN_PROCESS,PUBLIC_WORKS_NEW',
        media_urls: ['/media/1.jpg', '/media/2.jpg', '/media/3.jpg'],
      },
    });
    renderWithI18n(<RequestSummary request={request} photoLimit={1} footer={<a href="/requests/req123abc">Open</a>} />, 'sv');
    const article = screen.getByRole('article', { name: 'Pothole on Mannerheimintie' });
    expect(screen.getByRole('heading', { level: 3 })).toBeTruthy();
    expect(article.textContent).toContain('Status: Öppen');
    expect(article.textContent).toContain('Under behandling · Vidarebefordrad till underhållet');
    expect(article.textContent).toContain('Stadens svar: Scheduled for next week.');
    expect(within(article).getAllByRole('img')).toHaveLength(1);
    expect(within(article).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/requests/req123abc');
    expect(article.querySelector('time')?.textContent).toMatch(/^1 juni 2024/);
  });
});
