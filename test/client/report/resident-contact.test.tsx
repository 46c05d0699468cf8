/** A resident signed in ("My reports") finds the report form's contact fields filled; nobody else does. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../render-app';
import { markResidentSignedIn } from '../signed-in-markers';
import { renderReport, serveReportApi } from './report-test-utils';
import { enterText } from '../enter-text';

// Leaflet needs a real layout; the map's own behaviour is covered in Chromium.
vi.mock('../../../src/client/features/report/components/location-map', async () => {
  const { createElement } = await import('react');
  return { default: () => createElement('p', null, 'Stub map') };
});

function serveWithSession(session: unknown) {
  const proxy = serveReportApi();
  return mockFetch((url, init) => (url.pathname === '/residents/api/session' ? jsonResponse(session) : proxy(url.href, init)));
}

const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name);

describe('report form contact fields', () => {
  it('are filled from the resident session, leaving what was typed', async () => {
    const user = userEvent.setup();
    markResidentSignedIn();
    serveWithSession({ signedIn: true, email: 'aino@example.org', firstName: 'Aino', lastName: 'Virtanen' });
    await renderReport();
    await screen.findByRole('radio', { name: /^Potholes/ });
    await waitFor(() => expect(field('Email (optional)').value).toBe('aino@example.org'));
    expect(field('First name (optional)').value).toBe('Aino');
    expect(field('Last name (optional)').value).toBe('Virtanen');
    await user.clear(field('Email (optional)'));
    await enterText(user, field('Email (optional)'), 'other@example.org');
    expect(field('Email (optional)').value).toBe('other@example.org');
  });

  it('stay empty for someone signed out, who is asked', async () => {
    markResidentSignedIn(); // signed in here once; the server says the session has ended
    const fetchMock = serveWithSession({ signedIn: false });
    await renderReport();
    await screen.findByRole('radio', { name: /^Potholes/ });
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/residents/api/session'))).toBe(true));
    expect(field('Email (optional)').value).toBe('');
    expect(field('First name (optional)').value).toBe('');
  });
});
