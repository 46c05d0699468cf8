/**
 * The console shows a report's send to its body's case system (issue 27): sent with the case
 * system's reference, waiting with its next attempt, or failed with the error and a Retry; the
 * queue marks failed sends. Where the body's case system takes them, a moderator writes it a
 * note (issue 40, item 8).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ModerationForward } from '../../../src/shared/moderation/wire';
import { enterText } from '../enter-text';
import { jsonResponse, renderApp } from '../render-app';
import { CSRF_TOKEN, fakeItem, fakeModerationApi, type FakeApiOptions } from './fake-moderation-api';

const failed: ModerationForward = {
  method: 'open311',
  state: 'failed',
  attempts: 8,
  last_error: 'HTTP 503 from the case system: Service Unavailable',
  remote_id: null,
  sent_at: null,
  next_attempt_at: null,
  takes_notes: false,
};

async function openReview(forward: ModerationForward | null, language: 'en' | 'fi' | 'sv' = 'en', override?: FakeApiOptions['override']) {
  const item = fakeItem({ id: 'r1', title: 'Broken bench', moderation: 'published', agency: 'City of Espoo', forward });
  const api = fakeModerationApi({ items: [item], override });
  renderApp({ path: '/moderation/requests/r1', language });
  await screen.findByRole('heading', { level: 1, name: /Broken bench/ });
  return api;
}

const panel = () => screen.queryByTestId('forward-panel');

describe('the send to the body’s case system in the console', () => {
  it('a failed send shows the case system’s error prominently, and Retry puts it back in the queue with the CSRF header', async () => {
    const api = await openReview(failed);
    const region = screen.getByRole('region', { name: 'Sending to the body' });
    expect(region.classList).toContain('forward-panel--failed');
    expect(within(region).getByText('Sending failed: HTTP 503 from the case system: Service Unavailable')).toBeTruthy();
    expect(within(region).getByText(/Given up after 8 attempts/)).toBeTruthy();

    await userEvent.click(within(region).getByRole('button', { name: 'Retry' }));
    const confirmation = await screen.findByText('Back in the queue: the report is sent in the next round.');
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    const write = api.writes().at(-1)!;
    expect(write.method).toBe('POST');
    expect(write.path).toBe('/moderation/api/requests/r1/forward/retry');
    expect(write.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
    expect(within(region).getByText(/^Waiting to be sent \(attempt 1, next at /)).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(await screen.findByText('Put the failed send to the body back in the queue.')).toBeTruthy();
  });

  it('a sent report names the body’s case system and its reference, with nothing to press', async () => {
    await openReview({ ...failed, state: 'sent', attempts: 1, last_error: null, remote_id: 'ESP-2026-0042', sent_at: '2026-03-01T10:00:00+02:00' });
    expect(within(panel()!).getByText(/Sent to City of Espoo's case system \(ref ESP-2026-0042\)/)).toBeTruthy();
    expect(within(panel()!).queryByRole('button')).toBeNull();
  });

  it('a report sent by email says so, with no reference', async () => {
    await openReview({ ...failed, method: 'email', state: 'sent', attempts: 1, last_error: null, sent_at: '2026-03-01T10:00:00+02:00' });
    expect(within(panel()!).getByText(/^Sent to City of Espoo by email\s*$/)).toBeTruthy();
  });

  it('a send by a method the console has no words of its own for still shows, in the plain words', async () => {
    await openReview({ ...failed, method: 'fax', state: 'sent', attempts: 1, last_error: null, remote_id: 'F-7', sent_at: '2026-03-01T10:00:00+02:00' });
    expect(within(panel()!).getByText(/^Sent to City of Espoo \(ref F-7\)\s*$/)).toBeTruthy();
  });

  it('a waiting send says which attempt comes next and what went wrong last', async () => {
    await openReview({ ...failed, state: 'pending', attempts: 2, last_error: 'connection refused', next_attempt_at: '2026-03-01T10:05:00+02:00' });
    expect(within(panel()!).getByText(/^Waiting to be sent \(attempt 3, next at .*2026/)).toBeTruthy();
    expect(within(panel()!).getByText('Last error: connection refused')).toBeTruthy();
  });

  it('a console body’s request shows no send at all', async () => {
    await openReview(null);
    expect(panel()).toBeNull();
  });

  it.each([
    ['fi', 'Lähetys epäonnistui: HTTP 503 from the case system: Service Unavailable', 'Yritä uudelleen'],
    ['sv', 'Sändningen misslyckades: HTTP 503 from the case system: Service Unavailable', 'Försök igen'],
  ] as const)('speaks %s', async (language, text, button) => {
    await openReview(failed, language);
    expect(within(panel()!).getByText(text)).toBeTruthy();
    expect(within(panel()!).getByRole('button', { name: button })).toBeTruthy();
  });

  it('the queue marks a report whose send failed, and only that one', async () => {
    fakeModerationApi({
      items: [
        fakeItem({ id: 'a', title: 'Broken bench', requested: '2026-03-01T08:00:00+02:00', forward: failed }),
        fakeItem({ id: 'b', title: 'Graffiti on the bridge', requested: '2026-03-02T08:00:00+02:00', forward: { ...failed, state: 'pending', next_attempt_at: '2026-03-02T09:00:00+02:00' } }),
      ],
    });
    renderApp({ path: '/moderation', language: 'en' });
    await screen.findByText('2 reports waiting, oldest first.');
    const cards = within(document.querySelector<HTMLElement>('.moderation-cards')!).getAllByRole('article');
    expect(within(cards[0]!).getByText('Sending to the body failed')).toBeTruthy();
    expect(within(cards[1]!).queryByText('Sending to the body failed')).toBeNull();
  });

  describe('a note for the body’s case system', () => {
    const sentTakingNotes: ModerationForward = { ...failed, state: 'sent', attempts: 1, last_error: null, remote_id: 'ESP-2026-0042', sent_at: '2026-03-01T10:00:00+02:00', takes_notes: true };
    const noteField = () => within(panel()!).queryByRole('textbox', { name: "Note to City of Espoo's case system" });

    it('is sent with the CSRF header, confirmed in the focused live region, and shows in the report’s audit', async () => {
      const api = await openReview(sentTakingNotes);
      const user = userEvent.setup();
      await enterText(user, noteField()!, 'The bench has sharp edges now: please fence it off today.');
      await user.click(within(panel()!).getByRole('button', { name: 'Send note' }));

      const confirmation = await within(panel()!).findByText("Note queued for City of Espoo's case system: it is sent there once.");
      await waitFor(() => expect(document.activeElement).toBe(confirmation));
      const write = api.writes().at(-1)!;
      expect(write).toMatchObject({ method: 'POST', path: '/moderation/api/requests/r1/case-system-note', body: { text: 'The bench has sharp edges now: please fence it off today.' } });
      expect(write.headers.get('X-CSRF-Token')).toBe(CSRF_TOKEN);
      expect((noteField() as HTMLTextAreaElement).value).toBe('');
      expect(await screen.findByText(/Wrote a note for the body's case system\./)).toBeTruthy();
    });

    it('is checked by the server’s rule before sending: a blank or too long note, or HTML, is refused at the field and nothing is sent', async () => {
      const api = await openReview(sentTakingNotes);
      const user = userEvent.setup();
      const send = within(panel()!).getByRole('button', { name: 'Send note' });
      await enterText(user, noteField()!, '   ');
      await user.click(send);
      expect(await within(panel()!).findByText('Write the note first.')).toBeTruthy();
      expect(document.activeElement).toBe(noteField());
      expect(noteField()!.getAttribute('aria-invalid')).toBe('true');

      await user.clear(noteField()!);
      await enterText(user, noteField()!, 'x'.repeat(2001));
      expect(within(panel()!).getByText('2001 / 2000 characters')).toBeTruthy();
      await user.click(send);
      expect(await within(panel()!).findByText('Write at most 2000 characters.')).toBeTruthy();

      await user.clear(noteField()!);
      await enterText(user, noteField()!, 'Please see <b>this</b> again.');
      await user.click(send);
      expect(await within(panel()!).findByText('Write plain text: HTML tags and code are not allowed.')).toBeTruthy();
      expect(api.writes()).toEqual([]);
    });

    it('shows the server’s refusals in the moderator’s language: a 409 says why, a field problem shows at the field', async () => {
      let answer: 'conflict' | 'field' = 'conflict';
      const refusal = (call: { path: string }) => {
        if (!call.path.endsWith('/case-system-note')) return undefined;
        return answer === 'conflict'
          ? jsonResponse({ error: { code: 'conflict', message: "the body of service request r1 takes no notes from Kerro: only an open311 body with \"updates\": \"mysociety\" in the bodies file hears them; write to its people another way" } }, { status: 409 })
          : jsonResponse({ error: { code: 'invalid_input', message: 'text: text must not contain control characters', fields: [{ field: 'text', message: 'text must not contain control characters', code: 'control_characters' }] } }, { status: 400 });
      };
      await openReview(sentTakingNotes, 'fi', refusal);
      const user = userEvent.setup();
      const field = within(panel()!).getByRole('textbox', { name: 'Viesti asianhallintajärjestelmään: City of Espoo' });
      await enterText(user, field, 'Katsokaa tätä uudelleen.');
      await user.click(within(panel()!).getByRole('button', { name: 'Lähetä viesti' }));
      const alert = await within(panel()!).findByRole('alert');
      expect(alert.textContent).toMatch(/^Asianhallintajärjestelmä \(City of Espoo\) ei voi ottaa viestiä vastaan: ilmoitus ei ole vielä perillä/);
      expect((field as HTMLTextAreaElement).value).toBe('Katsokaa tätä uudelleen.');

      answer = 'field';
      await user.click(within(panel()!).getByRole('button', { name: 'Lähetä viesti' }));
      expect(await within(panel()!).findByText('Poista näkymättömät ohjausmerkit (ne tulevat usein kopioinnin mukana).')).toBeTruthy();
      expect(within(panel()!).queryByRole('alert')).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(field));
    });

    it('is offered only where it can go: a body taking notes, on a send waiting or made, not one given up', async () => {
      await openReview({ ...sentTakingNotes, state: 'pending', remote_id: null, sent_at: null, next_attempt_at: '2026-03-01T10:05:00+02:00' });
      expect(noteField()).not.toBeNull();
    });

    it.each([
      ['a body whose case system takes no notes', { ...sentTakingNotes, takes_notes: false }],
      ['a send given up', { ...failed, takes_notes: true }],
    ])('is not offered for %s', async (_, forward) => {
      await openReview(forward);
      expect(panel()).not.toBeNull();
      expect(noteField()).toBeNull();
    });
  });
});
