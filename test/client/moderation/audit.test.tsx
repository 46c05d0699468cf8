/**
 * The audit log in words (issue 41, item 10): every action the server writes reads as a sentence
 * in the moderator's language, naming statuses, service types and bodies; an action of a later
 * server reads as a generic sentence; the log is filtered by who, action and days from the address.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { auditActions } from '../../../src/shared/moderation/audit-actions';
import type { SupportedLocale } from '../../../src/shared/locales';
import { auditSentence, type AuditWords } from '../../../src/client/features/moderation/lib/audit-sentences';
import { enterText } from '../enter-text';
import { jsonResponse, renderApp } from '../render-app';
import { createTestI18n } from '../test-i18n';
import { fakeModerationApi, type RecordedCall } from './fake-moderation-api';

type Entry = { id: number; at: string; moderator: string; action: string; service_request_id: string | null; details: Record<string, unknown> };
let nextId = 500;
const entry = (action: string, details: Record<string, unknown> = {}, moderator = 'maija'): Entry => ({
  id: (nextId -= 1),
  at: '2026-03-02T12:00:00+02:00',
  moderator,
  action,
  service_request_id: action === 'sign_in' || action === 'sign_out' ? null : 'abc',
  details,
});

/** One entry of every kind the server writes, with details as it writes them (shared/moderation/audit-actions.ts), and one from a later server. */
const everyKind: Entry[] = [
  entry('sign_in'),
  entry('sign_out'),
  entry('publish', { notified: true }),
  entry('reject', { from: 'pending', reason_given: true, notified: true }),
  entry('edit', { fields: ['title', 'description'] }),
  entry('remove_media', { media: 0 }),
  entry('status', { from: ['RECEIVED'], to: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], status_notes_changed: true, notified: true }),
  entry('duplicate', { original: 'def', from: 'published', subscribers_moved: 2 }),
  entry('merge_duplicate', { duplicate: 'ghi', subscribers_moved: 1 }),
  entry('move', { from: { lat: 60.17, long: 24.938 }, to: { lat: 60.2939, long: 25.0403 }, body: { from: 'hel', to: 'van' } }),
  entry('service_type', { from: '171', to: '174' }),
  entry('publish_update', { update: 12, from: ['IN_PROCESS'], to: ['PROCESSED'], notified: true }),
  entry('reject_update', { update: 13 }),
  entry('abuse_reported', { report: 3, email_given: false }, 'resident'),
  entry('abuse_resolved', { resolution: 'hide', reports: 2 }),
  entry('forward_retry'),
  entry('forwarded', { body: 'hel', method: 'open311', remote_id: 'HEL-77' }, 'case system'),
  entry('case_system_update', { body: 'hel', remote_id: 'HEL-77', from: ['RECEIVED'], to: ['IN_PROCESS'], status_notes_changed: false, notified: true }, 'case system'),
  entry('questionnaire_fixed', {}, 'reporter'),
  entry('questionnaire_not_fixed', { reopened: false }, 'reporter'),
  entry('reopen_by_reporter', { from: ['PROCESSED'], body_told: 'department_email', notified: true }, 'reporter'),
  entry('recorded_by_staff', { email_given: true, phone_given: true, name_given: true }),
  entry('recorded_by_staff', { email_given: false, phone_given: true, name_given: false }),
  entry('assign_to_robot', { robot: 7 }),
];

const serviceType = (code: string, name: string) => ({ service_code: code, service_name: name, description: '', metadata: false, type: 'realtime', keywords: '', group: '' });
const serviceNames: Record<string, [string, string]> = { en: ['Pothole', 'Broken street light'], fi: ['Kuoppa', 'Rikkinäinen katuvalo'], sv: ['Grop', 'Trasig gatubelysning'] };
const bodies = [
  { id: 'hel', jurisdiction_id: 'hel.fi', name: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' }, services: ['171', '174'] },
  { id: 'van', jurisdiction_id: 'vantaa.fi', name: { fi: 'Vantaan kaupunki', sv: 'Vanda stad', en: 'City of Vantaa' }, services: ['171', '174'] },
];

/** The console's API with these audit entries, plus the service list and bodies the sentences name. */
function serve(audit: (call: RecordedCall) => Response) {
  return fakeModerationApi({
    override: (call) => {
      if (call.path === '/moderation/api/audit') return audit(call);
      if (call.path === '/proxy/open311/v1/services.json') {
        const [pothole, light] = serviceNames[call.search.get('locale') ?? 'en']!;
        return jsonResponse([serviceType('171', pothole), serviceType('174', light)]);
      }
      if (call.path === '/proxy/bodies/v1/bodies.json') return jsonResponse(bodies);
      return undefined;
    },
  });
}

/** The results count, read from its live region (the page has the route announcer's too). */
const announced = () => screen.getAllByRole('status').find((region) => region.classList.contains('audit-count'))?.textContent;

async function tableRows() {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(1, 3).map((cell) => cell.textContent));
}

const expectedRows: Record<'en' | 'fi', string[][]> = {
  en: [
    ['maija', 'Signed in to the console.'],
    ['maija', 'Signed out of the console.'],
    ['maija', 'Published the report. Email queued to the reporter and followers.'],
    ['maija', 'Rejected the report with a public reason. Email queued to the reporter and followers.'],
    ['maija', "Edited the report's title and description."],
    ['maija', 'Removed photo 1 from the report.'],
    ['maija', 'Changed the status from Received to Resolved · Public works done, and the public notes. Email queued to the reporter and followers.'],
    ['maija', 'Marked the report a duplicate of report def. Its 2 subscribers now follow the original.'],
    ['maija', 'Merged the duplicate report ghi into this one. Its 1 subscriber now follows this report.'],
    ['maija', 'Moved the pin from 60.17000, 24.93800 to 60.29390, 25.04030. The report passed from City of Helsinki to City of Vantaa.'],
    ['maija', 'Changed the type from Pothole to Broken street light.'],
    ['maija', 'Published resident update 12. Changed the status from Being handled to Resolved. Email queued to the reporter and followers.'],
    ['maija', 'Rejected resident update 13.'],
    ['A resident', 'Reported the report as abusive, leaving no email address.'],
    ['maija', 'Hid the report and closed 2 reports of abuse.'],
    ['maija', 'Put the failed send to the body back in the queue.'],
    ['Case system', 'Sent the report to City of Helsinki. Its reference there: HEL-77.'],
    ['Case system', 'An update came back from the case system of City of Helsinki. The status changed from Received to Being handled. Email queued to the reporter and followers.'],
    ['The reporter', 'Answered that the problem is fixed.'],
    ['The reporter', 'Answered that the problem is not fixed; the report had been reopened or hidden meanwhile, so it stayed as it was.'],
    ['The reporter', 'Answered that the problem is not fixed, which reopened the report (it was Resolved). Its body was told by email. Email queued to the reporter and followers.'],
    ['maija', 'Recorded the report for a caller (by phone or at the desk); the receipt was emailed to the caller.'],
    ['maija', 'Recorded the report for a caller (by phone or at the desk).'],
    ['maija', 'Made a change this version of the console cannot describe yet.'],
  ],
  fi: [
    ['maija', 'Kirjautui konsoliin.'],
    ['maija', 'Kirjautui ulos konsolista.'],
    ['maija', 'Julkaisi ilmoituksen. Sähköposti ilmoittajalle ja seuraajille on jonossa.'],
    ['maija', 'Hylkäsi ilmoituksen ja kirjoitti julkisen perustelun. Sähköposti ilmoittajalle ja seuraajille on jonossa.'],
    ['maija', 'Muokkasi ilmoituksen tekstejä: otsikko ja kuvaus.'],
    ['maija', 'Poisti ilmoituksesta kuvan 1.'],
    ['maija', 'Muutti tilaa ja julkista vastausta: tila oli Vastaanotettu, nyt Käsitelty · Kunnossapito valmis. Sähköposti ilmoittajalle ja seuraajille on jonossa.'],
    ['maija', 'Merkitsi ilmoituksen kaksoiskappaleeksi ilmoituksesta def. Sen 2 tilaajaa seuraavat nyt alkuperäistä.'],
    ['maija', 'Yhdisti tähän kaksoiskappaleen ghi. Sen 1 tilaaja seuraa nyt tätä ilmoitusta.'],
    ['maija', 'Siirsi sijaintia: oli 60,17000, 24,93800, nyt 60,29390, 25,04030. Vastuutaho vaihtui: oli Helsingin kaupunki, nyt Vantaan kaupunki.'],
    ['maija', 'Vaihtoi tyyppiä: oli Kuoppa, nyt Rikkinäinen katuvalo.'],
    ['maija', 'Julkaisi asukkaan päivityksen 12. Muutti tilaa: oli Käsittelyssä, nyt Käsitelty. Sähköposti ilmoittajalle ja seuraajille on jonossa.'],
    ['maija', 'Hylkäsi asukkaan päivityksen 13.'],
    ['Asukas', 'Ilmoitti ilmoituksen asiattomaksi jättämättä sähköpostiosoitetta.'],
    ['maija', 'Piilotti ilmoituksen ja sulki 2 asiattomuusilmoitusta.'],
    ['maija', 'Palautti epäonnistuneen lähetyksen jonoon.'],
    ['Käsittelyjärjestelmä', 'Lähetti ilmoituksen vastuutaholle (Helsingin kaupunki). Sen tunnus siellä: HEL-77.'],
    ['Käsittelyjärjestelmä', 'Käsittelyjärjestelmästä tuli päivitys (vastuutaho: Helsingin kaupunki). Tila muuttui: oli Vastaanotettu, nyt Käsittelyssä. Sähköposti ilmoittajalle ja seuraajille on jonossa.'],
    ['Ilmoittaja', 'Vastasi, että ongelma on korjattu.'],
    ['Ilmoittaja', 'Vastasi, ettei ongelmaa ole korjattu; ilmoitus oli sillä välin avattu uudelleen tai piilotettu, joten se jäi ennalleen.'],
    ['Ilmoittaja', 'Vastasi, ettei ongelmaa ole korjattu, ja ilmoitus avautui uudelleen (tila oli Käsitelty). Vastuutaholle kerrottiin sähköpostilla. Sähköposti ilmoittajalle ja seuraajille on jonossa.'],
    ['maija', 'Kirjasi ilmoituksen soittajan tai asiakaspalvelussa asioineen puolesta; kuittaus lähetettiin hänen sähköpostiinsa.'],
    ['maija', 'Kirjasi ilmoituksen soittajan tai asiakaspalvelussa asioineen puolesta.'],
    ['maija', 'Teki muutoksen, jota tämä konsolin versio ei vielä osaa kuvata.'],
  ],
};

describe('audit log page', () => {
  it('words every kind of entry as a sentence in English, naming statuses, types and bodies, linking each request', async () => {
    serve(() => jsonResponse({ items: everyKind, next_before: null }));
    renderApp({ path: '/moderation/audit', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    await screen.findByText(/Changed the type from Pothole to Broken street light/);
    await screen.findByText(/City of Vantaa/);
    expect(await tableRows()).toEqual(expectedRows.en);
    const table = screen.getByRole('table', { name: 'Moderator actions, newest first' });
    const first = within(table).getAllByRole('row')[3]!;
    expect(within(first).getByRole('link', { name: 'abc' }).getAttribute('href')).toBe('/moderation/requests/abc');
    expect(first.querySelector('time')!.getAttribute('datetime')).toBe('2026-03-02T12:00:00+02:00');
    expect(announced()).toBe('24 entries shown.');
  });

  it('words them in Finnish too, with the names in Finnish', async () => {
    serve(() => jsonResponse({ items: everyKind, next_before: null }));
    renderApp({ path: '/moderation/audit', language: 'fi' });
    await screen.findByText(/Kuoppa/);
    await screen.findByText(/Vantaan kaupunki/);
    expect(await tableRows()).toEqual(expectedRows.fi);
    expect(announced()).toBe('24 merkintää näkyvissä.');
  });

  it('pages back with "Show older entries" using the last id, keeping the filters', async () => {
    const api = serve((call) =>
      call.search.get('before') === null ? jsonResponse({ items: everyKind.slice(0, 3), next_before: everyKind[2]!.id }) : jsonResponse({ items: everyKind.slice(3, 4), next_before: null }),
    );
    renderApp({ path: '/moderation/audit?moderator=maija', language: 'en' });
    await waitFor(() => expect(announced()).toBe('3 entries shown; older ones can be loaded.'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(announced()).toBe('4 entries shown.'));
    expect(screen.getByText(/Rejected the report with a public reason/)).toBeTruthy();
    const asked = api.calls.filter((call) => call.path === '/moderation/api/audit').map((call) => [call.search.get('before'), call.search.get('moderator')]);
    expect(asked).toEqual([
      [null, 'maija'],
      [String(everyKind[2]!.id), 'maija'],
    ]);
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });
});

describe('audit sentences', () => {
  /** The sentence makers' inputs with no lists loaded: each action's own words must still come out. */
  const wordsIn = (language: SupportedLocale): AuditWords => {
    const i18n = createTestI18n(language);
    return {
      t: i18n.getFixedT(language, 'moderation'),
      status: (value) => `<${value}>`,
      serviceName: () => undefined,
      bodyName: () => undefined,
      list: (items) => items.join(' + '),
      coordinates: (lat, long) => `${lat}/${long}`,
    };
  };
  const sampleOf = (action: string) => everyKind.find((kind) => kind.action === action) ?? entry(action);

  it.each(['fi', 'sv', 'en'] as const)('gives every action the server can write a sentence of its own in %s, never its code', (language) => {
    const words = wordsIn(language);
    const unknown = auditSentence(entry('assign_to_robot'), words);
    for (const action of auditActions) {
      const sentence = auditSentence(sampleOf(action), words);
      expect(sentence, action).not.toBe(unknown);
      if (action.includes('_')) expect(sentence, action).not.toContain(action);
      expect(sentence, action).not.toMatch(/audit\.|{{|}}/);
      // With no details at all (an older row), still a sentence of its own.
      const bare = auditSentence(entry(action), words);
      expect(bare, action).not.toBe(unknown);
      expect(bare, action).not.toMatch(/audit\.|{{|}}|undefined/);
    }
    // Every action has a name in the filter's list.
    const t = words.t as (key: string) => string;
    for (const action of auditActions) expect(t(`audit.actionNames.${action}`), action).not.toMatch(/^audit\./);
  });
});

describe('audit log filters', () => {
  const filteredEntries = [entry('publish', {}, 'ville'), entry('publish', {}, 'ville')];

  it('applies who, action and days from a labelled form, keeps them in the address, and announces the count', async () => {
    const api = serve((call) =>
      call.search.get('moderator') === 'ville' ? jsonResponse({ items: filteredEntries, next_before: null }) : jsonResponse({ items: everyKind, next_before: null }),
    );
    const { router } = renderApp({ path: '/moderation/audit', language: 'en' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Filter the log' });
    await waitFor(() => expect(announced()).toBe('24 entries shown.'));
    await enterText(user, within(form).getByRole('textbox', { name: 'Who' }), 'ville');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Action' }), 'Published a report');
    // A date field takes its value whole (the browser's picker), as a change event gives it.
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-03-02' } });
    await user.click(within(form).getByRole('button', { name: 'Show entries' }));
    await waitFor(() => expect(announced()).toBe('2 entries shown.'));
    expect(router.state.location.pathname + router.state.location.search).toBe('/moderation/audit?moderator=ville&action=publish&from=2026-03-01&to=2026-03-02');
    const asked = api.calls.filter((call) => call.path === '/moderation/api/audit').at(-1)!;
    expect(Object.fromEntries(['moderator', 'action', 'from', 'to'].map((name) => [name, asked.search.get(name)]))).toEqual({
      moderator: 'ville',
      action: 'publish',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    // The form shows what the address holds, and clearing goes back to every entry.
    expect((screen.getByRole('combobox', { name: 'Action' }) as HTMLSelectElement).value).toBe('publish');
    await user.click(screen.getByRole('link', { name: 'Clear the filters' }));
    await waitFor(() => expect(announced()).toBe('24 entries shown.'));
    expect(router.state.location.search).toBe('');
  });

  it('says at the field what to fix when the address holds a filter the server refuses, and refuses a reversed range before asking', async () => {
    serve((call) => {
      if (call.search.get('from') !== '2026-02-30') return jsonResponse({ items: [], next_before: null });
      const message = 'from must be a date as YYYY-MM-DD, such as 2026-03-31';
      return new Response(JSON.stringify({ error: { code: 'invalid_input', message: `from: ${message}`, fields: [{ field: 'from', message, code: 'invalid_date' }] } }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const { router } = renderApp({ path: '/moderation/audit?from=2026-02-30', language: 'en' });
    await screen.findByText('The filters in this address cannot be used: Give a date as YYYY-MM-DD, such as 2026-03-31.');
    const from = screen.getByLabelText('From');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(from.getAttribute('aria-describedby')!)!.textContent).toContain('Give a date as YYYY-MM-DD');

    fireEvent.change(from, { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show entries' }));
    expect(await screen.findByText('The end date must be the start date or later.')).toBeTruthy();
    expect(router.state.location.search).toBe('?from=2026-02-30');
  });
});
