import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailedStatusSteps, stepsFor } from '../../../src/client/components/request/detailed-status-steps';
import { DetailedStatusText } from '../../../src/client/components/request/detailed-status-text';
import { StatusBadge } from '../../../src/client/components/request/status-badge';
import { baseDetailedStatuses, publicWorksStatuses } from '../../../src/shared/georeport/detailed-status';
import { supportedLocales } from '../../../src/shared/locales';
import { renderWithI18n } from './render-with-i18n';

const allValues = [...baseDetailedStatuses, ...publicWorksStatuses];

function localeTexts(language: string) {
  const file = join(process.cwd(), 'src/client/locales', language, 'requests.json');
  return JSON.parse(readFileSync(file, 'utf8')) as { detailedStatus: Record<string, { label: string; description: string }> };
}

describe('detailed status in words', () => {
  it.each(supportedLocales)('has a label and a meaning for every value of the spec in %s', (language) => {
    const texts = localeTexts(language).detailedStatus;
    for (const value of allValues) {
      expect(texts[value]?.label?.trim(), `${language} ${value}`).toBeTruthy();
      expect(texts[value]?.description?.trim(), `${language} ${value}`).toBeTruthy();
    }
    // Each value reads differently, so no two states look the same to a resident.
    expect(new Set(allValues.map((value) => texts[value]?.label)).size).toBe(allValues.length);
  });

  it.each(supportedLocales)('renders every value as words, never as the raw code, in %s', (language) => {
    const { container } = renderWithI18n(<DetailedStatusText values={allValues} variant="full" />, language);
    const items = container.querySelectorAll('.detailed-status-text__item');
    expect(items).toHaveLength(allValues.length);
    const labels = localeTexts(language).detailedStatus;
    allValues.forEach((value, index) => {
      const item = items[index]!;
      expect(item.querySelector('.detailed-status-text__label')?.textContent).toBe(labels[value]!.label);
      expect(item.querySelector('.detailed-status-text__description')?.textContent).toBe(labels[value]!.description);
      expect(item.textContent).not.toContain(value);
    });
  });

  it('joins several values in one line and keeps unknown values visible', () => {
    renderWithI18n(<DetailedStatusText values={['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS', 'CITY_SPECIFIC']} />);
    expect(screen.getByText('Being handled · Public works in progress · Other status: CITY_SPECIFIC')).toBeTruthy();
  });

  it('renders nothing when there is no detailed status (a request without extensions)', () => {
    const { container } = renderWithI18n(<DetailedStatusText values={[]} />);
    expect(container.textContent).toBe('');
  });
});

describe('handling steps', () => {
  it('marks steps done, current and upcoming from the base value', () => {
    expect(stepsFor(['RECEIVED']).map((step) => step.state)).toEqual(['current', 'upcoming', 'upcoming']);
    expect(stepsFor(['IN_PROCESS', 'PUBLIC_WORKS_NEW']).map((step) => step.state)).toEqual(['done', 'current', 'upcoming']);
    expect(stepsFor(['PROCESSED', 'PUBLIC_WORKS_COMPLETED']).map((step) => step.state)).toEqual(['done', 'done', 'done']);
    // A rejection skips the handling: only what happened is shown, and the end is no success.
    expect(stepsFor(['REJECTED'])).toEqual([
      { status: 'RECEIVED', state: 'done' },
      { status: 'REJECTED', state: 'rejected' },
    ]);
    expect(stepsFor(['ARCHIVED']).map((step) => step.state)).toEqual(['done', 'done', 'done']);
    // Only a public works value (no base): treated as received, never as an error.
    expect(stepsFor(['PUBLIC_WORKS_NEW']).map((step) => step.state)).toEqual(['current', 'upcoming', 'upcoming']);
  });

  it('says each step state in words and marks the current step for assistive technology', () => {
    renderWithI18n(<DetailedStatusSteps values={['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS']} />, 'fi');
    const list = screen.getByRole('list', { name: 'Käsittelyn vaiheet' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Vastaanotettu (valmis)',
      'Käsittelyssä (nykyinen vaihe)',
      'Käsitelty (ei vielä)',
    ]);
    expect(steps[1]!.getAttribute('aria-current')).toBe('step');
    expect(steps.filter((step) => step.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('marks the end as the current place once the request is closed', () => {
    renderWithI18n(<DetailedStatusSteps values={['PROCESSED']} />, 'sv');
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['Mottagen (klart)', 'Under behandling (klart)', 'Behandlad (klart)']);
    expect(steps[2]!.getAttribute('aria-current')).toBe('step');
  });
});

describe('a rejected request', () => {
  it.each([
    ['en', ['Received (done)', 'Rejected (ended without handling)']],
    ['fi', ['Vastaanotettu (valmis)', 'Hylätty (päättyi ilman käsittelyä)']],
    ['sv', ['Mottagen (klart)', 'Avvisad (avslutad utan behandling)']],
  ] as const)('shows in %s no handling step that never happened, and the end as rejected', (language, texts) => {
    const { container } = renderWithI18n(<DetailedStatusSteps values={['REJECTED']} />, language);
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(texts);
    expect(steps[1]!.getAttribute('aria-current')).toBe('step');
    expect(steps[1]!.classList.contains('status-steps__step--rejected')).toBe(true);
    expect(container.querySelectorAll('.status-steps__step--done')).toHaveLength(1);
  });

  it('has a badge that says closed without the green tick of a success', () => {
    const { container } = renderWithI18n(<StatusBadge status="closed" detailed={['REJECTED']} />, 'en');
    const badge = container.querySelector('.status-badge')!;
    // The words say closed; the detailed status beside it says rejected.
    expect(badge.textContent).toBe('Status: Closed');
    expect(badge.classList.contains('status-badge--rejected')).toBe(true);
    expect(badge.classList.contains('status-badge--closed')).toBe(false);
    // A cross, not the tick of a resolved request.
    expect(badge.querySelector('svg path')!.getAttribute('d')).toBe('M4.5 4.5l7 7M11.5 4.5l-7 7');
  });
});

describe('status badge', () => {
  it.each([
    ['en', 'open', 'Status: Open'],
    ['en', 'closed', 'Status: Closed'],
    ['fi', 'open', 'Tila: Avoin'],
    ['fi', 'closed', 'Tila: Suljettu'],
    ['sv', 'open', 'Status: Öppen'],
    ['sv', 'closed', 'Status: Stängd'],
  ] as const)('in %s says %s in words, with a shape besides the colour', (language, status, text) => {
    const { container } = renderWithI18n(<StatusBadge status={status} />, language);
    const badge = container.querySelector('.status-badge')!;
    expect(badge.textContent).toBe(text);
    expect(badge.classList.contains(`status-badge--${status}`)).toBe(true);
    const icon = badge.querySelector('svg')!;
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.querySelector(status === 'closed' ? 'path' : 'circle')).toBeTruthy();
  });
});
