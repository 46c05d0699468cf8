/**
 * A rejection as the public reads it, in each language (issue 41, item 3): a duplicate reads
 * "Duplicate of #id", linked, in the status line and the history; a rejection says its reason;
 * only personal data and abuse say the text is gone, each for its own reason.
 */
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequestDetails } from '../../../src/client/components/request/request-details';
import { RequestHistory } from '../../../src/client/components/request/request-history';
import { ReplacedNotice } from '../../../src/client/features/requests/components/replaced-notice';
import type { HistoryEntry, ServiceRequest } from '../../../src/shared/georeport/types';
import type { SupportedLocale } from '../../../src/shared/locales';
import { serviceRequest } from './fixtures';
import { renderWithI18n } from './render-with-i18n';

const received: HistoryEntry = { kind: 'received', datetime: '2024-06-01T09:05:00+03:00', detailed_status: 'RECEIVED' };
const rejectedAt = '2024-06-02T10:00:00+03:00';

function rejected(extended: Partial<NonNullable<ServiceRequest['extended_attributes']>>, entry: Partial<HistoryEntry>): ServiceRequest {
  return serviceRequest({
    status: 'closed',
    extended_attributes: {
      detailed_status: 'REJECTED',
      history: [received, { kind: 'status', datetime: rejectedAt, detailed_status: 'REJECTED', ...entry }],
      ...extended,
    },
  });
}

function show(request: ServiceRequest, language: SupportedLocale) {
  return renderWithI18n(
    <MemoryRouter>
      <RequestDetails request={request} notice={<ReplacedNotice request={request} />} more={<RequestHistory entries={request.extended_attributes?.history} />} />
    </MemoryRouter>,
    language,
  );
}

const statusLine = (container: HTMLElement) => container.querySelector('.request-details__status')!;

describe('a duplicate', () => {
  const duplicate = rejected({ duplicate_of: 'orig42' }, { duplicate_of: 'orig42' });
  const words: Record<SupportedLocale, string> = { en: 'Duplicate of #orig42', fi: 'Sama asia kuin #orig42', sv: 'Dubblett av #orig42' };

  for (const language of ['en', 'fi', 'sv'] as const) {
    it(`reads "${words[language]}", linked to the original, in its status line and its history (${language})`, () => {
      const { container } = show(duplicate, language);
      const links = screen.getAllByRole('link', { name: words[language] });
      expect(links).toHaveLength(3); // status line, progress, history
      for (const link of links) expect(link.getAttribute('href')).toBe('/requests/orig42');
      expect(within(statusLine(container) as HTMLElement).getByRole('link').textContent).toBe(words[language]);
      expect(container.textContent).not.toMatch(/Rejected|Hylätty|Avvisad/);
    });
  }
});

describe('a rejection with its reason', () => {
  const notOurs = rejected({ reject_reason: 'not_responsible' }, { reject_reason: 'not_responsible' });
  const words: Record<SupportedLocale, [status: string, history: string]> = {
    en: ['Rejected · Not our responsibility', 'Rejected: Not our responsibility'],
    fi: ['Hylätty · Ei kuulu meille', 'Hylätty: Ei kuulu meille'],
    sv: ['Avvisad · Hör inte till oss', 'Avvisad: Hör inte till oss'],
  };

  for (const language of ['en', 'fi', 'sv'] as const) {
    it(`says the reason in the status line and the history, and keeps the text public (${language})`, () => {
      const { container } = show(notOurs, language);
      const [status, entry] = words[language];
      expect(statusLine(container).textContent).toContain(status);
      expect(screen.getByText(entry)).toBeTruthy();
      expect(screen.getByText('A deep pothole in the cycle lane.')).toBeTruthy();
      expect(screen.queryByTestId('withheld-notice')).toBeNull();
    });
  }
});

describe('a withheld report', () => {
  const texts: Record<SupportedLocale, Record<'personal_data' | 'abusive' | 'old', string>> = {
    en: {
      personal_data: "This report's text, photos and exact place are not shown: they held personal information.",
      abusive: "This report's text, photos and exact place are not shown: they broke the service's rules.",
      old: "This report's text, photos and exact place are not shown: they broke the service's rules or held personal information.",
    },
    fi: {
      personal_data: 'Tämän ilmoituksen tekstiä, kuvia ja tarkkaa sijaintia ei näytetä: ne sisälsivät henkilötietoja.',
      abusive: 'Tämän ilmoituksen tekstiä, kuvia ja tarkkaa sijaintia ei näytetä: ne rikkoivat palvelun sääntöjä.',
      old: 'Tämän ilmoituksen tekstiä, kuvia ja tarkkaa sijaintia ei näytetä: ne rikkoivat palvelun sääntöjä tai sisälsivät henkilötietoja.',
    },
    sv: {
      personal_data: 'Anmälans text, bilder och exakta plats visas inte: de innehöll personuppgifter.',
      abusive: 'Anmälans text, bilder och exakta plats visas inte: de bröt mot tjänstens regler.',
      old: 'Anmälans text, bilder och exakta plats visas inte: de bröt mot tjänstens regler eller innehöll personuppgifter.',
    },
  };

  for (const language of ['en', 'fi', 'sv'] as const) {
    it(`says why for its own reason; a rejection from before the reasons says either (${language})`, () => {
      for (const reason of ['personal_data', 'abusive', 'old'] as const) {
        const request = rejected({ content_withheld: true, ...(reason === 'old' ? {} : { reject_reason: reason }) }, {});
        const { unmount } = show(request, language);
        expect(within(screen.getByTestId('withheld-notice')).getByText(texts[language][reason])).toBeTruthy();
        unmount();
      }
    });
  }
});
