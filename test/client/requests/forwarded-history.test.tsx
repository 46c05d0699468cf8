/**
 * A report forwarded to its body's case system (issue 27) says so in its public history, naming
 * the body, and the case system's public works stages read as words in every language.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequestHistory } from '../../../src/client/components/request';
import type { HistoryEntry } from '../../../src/shared/georeport/types';
import { jsonResponse, mockFetch, renderApp } from '../render-app';
import { serviceRequest } from './fixtures';
import { renderWithI18n } from './render-with-i18n';

const history: HistoryEntry[] = [
  { kind: 'received', datetime: '2026-11-20T14:00:00+02:00', detailed_status: 'RECEIVED' },
  { kind: 'published', datetime: '2026-11-20T15:00:00+02:00', detailed_status: 'RECEIVED' },
  { kind: 'forwarded', datetime: '2026-11-20T15:01:00+02:00', detailed_status: 'RECEIVED,PUBLIC_WORKS_NEW' },
  { kind: 'status', datetime: '2026-11-21T09:30:00+02:00', detailed_status: 'IN_PROCESS,PUBLIC_WORKS_IN_PROGRESS', note: 'Crew on site Monday.' },
];

const entryTexts = (container: HTMLElement) => [...container.querySelectorAll('li')].map((entry) => entry.textContent);

describe('the forwarded entry of a request’s history', () => {
  it('the public request page names the body it was forwarded to, and the public works stage in words', async () => {
    const request = serviceRequest({
      agency_responsible: 'Espoon kaupunki',
      extended_attributes: { detailed_status: 'IN_PROCESS,PUBLIC_WORKS_IN_PROGRESS', media_urls: [], history },
    });
    mockFetch(() => jsonResponse([request]));
    renderApp({ path: '/requests/req123abc', language: 'en' });
    const heading = await screen.findByRole('heading', { name: 'History' });
    expect(entryTexts(heading.parentElement!)).toEqual([
      expect.stringContaining('Report received'),
      expect.stringContaining('Published on the map'),
      expect.stringContaining('Forwarded to Espoon kaupunki'),
      expect.stringMatching(/Status changed: Being handled, Public works in progress.*Crew on site Monday\./),
    ]);
  });

  it.each([
    ['fi', 'Välitetty käsiteltäväksi: Esbo stad', 'Käsittelyssä, Kunnossapito työn alla'],
    ['sv', 'Vidarebefordrad till Esbo stad', 'Under behandling, Underhållsarbete pågår'],
  ] as const)('reads in %s too', (language, forwarded, status) => {
    const { container } = renderWithI18n(<RequestHistory entries={history} agency="Esbo stad" />, language);
    const texts = entryTexts(container);
    expect(texts[2]).toContain(forwarded);
    expect(texts[3]).toContain(status);
  });

  it('without a named body it still says it was sent on, never a raw kind', () => {
    const { container } = renderWithI18n(<RequestHistory entries={history} />, 'en');
    expect(entryTexts(container)[2]).toContain("Sent to the responsible body's case system");
  });
});
