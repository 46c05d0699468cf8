/**
 * Kerro as a client of mySociety's servicerequestupdates (issue 40, item 8): a body whose send
 * says `updates: "mysociety"` is polled by `GET servicerequestupdates.json`, each update applied
 * once by its update_id, and hears by a `POST servicerequestupdates`, once each, its reporter's
 * "not fixed", a resident's update once published, and a moderator's note for it. The case system
 * is a second Kerro listening on loopback (it serves the extension); a proxy in front of it loses
 * an answer, or is down for a moment.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCaseSystemPoller } from '../../../src/server/forwarding/case-system-poller';
import { createCaseSystemUpdateSender } from '../../../src/server/forwarding/case-system-update-sender';
import { createMailLinks, ensureMailLinkSecret, mailBaseUrl } from '../../../src/server/notify/mail-links';
import { createQuestionnaireSender } from '../../../src/server/questionnaire/questionnaire-sender';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { makeJpeg } from '../../helpers/images';
import { multipartBody } from '../georeport/form';
import { addModerator, signIn, type ModeratorSession } from '../moderation/moderation-client';
import { startCaseSystemProxy } from './case-system-proxy';
import { caseSystemSets as caseSystemSetsBy, cityBody, forwardedReport as forwardedReportTo, historyOf as historyIn, requestOf as requestIn } from './kerro-and-case-system';

const day = 24 * 3_600_000;

let kerro: TestApp; // the Kerro whose body's case system speaks the extension
let cases: TestApp; // that case system
let casesModerator: ModeratorSession;
const closers: (() => Promise<void>)[] = [];

async function useCaseSystemAt(endpoint: string, updates: 'citysdk' | 'mysociety' = 'mysociety') {
  await kerro.store.bodies.importAll([cityBody(endpoint, { api_key: cases.apiKey, updates, contact_fields: ['email'] })]);
}

beforeEach(async () => {
  cases = await createTestApp({}, { listen: true });
  kerro = await createTestApp();
  await useCaseSystemAt(`${cases.baseUrl}/open311/v1`);
  await addModerator(cases, 'maija', 'correct horse battery');
  casesModerator = await signIn(cases);
}, 30_000);
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await kerro.close();
  await cases.close();
});

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const poller = () =>
  createCaseSystemPoller({
    store: kerro.store,
    mail: { links: createMailLinks('test-secret', 'http://kerro.test'), timeZone: 'Europe/Helsinki', mailFrom: kerro.config.MAIL_FROM },
    intervalMs: 3_600_000,
    log: silent,
    now: () => kerro.clock.now,
    // Every poll asks again for the last hour: an update seen before must change nothing.
    overlapMs: 3_600_000,
  });

const updateSender = () => createCaseSystemUpdateSender({ repositories: kerro.store, log: silent, now: () => kerro.clock.now });

function laterBy(ms: number) {
  kerro.clock.now += ms;
  cases.clock.now += ms;
}

const forwardedReport = () => forwardedReportTo(kerro, { cases });
const caseSystemSets = (remoteId: string, detailedStatus: string[], notes?: string) => caseSystemSetsBy(casesModerator, remoteId, detailedStatus, notes);
const requestOf = (id: string) => requestIn(kerro, id);
const historyOf = (id: string) => historyIn(kerro, id);
const caseSystemResidentUpdates = () =>
  cases.sql.all<{ id: string; service_request_id: string; text: string; client_update_id: string | null }>(
    'SELECT id, service_request_id, text, client_update_id FROM resident_updates ORDER BY created_at',
  );

describe('polling a mySociety-updates case system', () => {
  it('applies each update once by its update_id: status mapped, text as the public note; polling again applies nothing', async () => {
    const { id, remoteId } = await forwardedReport();
    const polls = poller();
    laterBy(60_000);
    await caseSystemSets(remoteId, ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], 'Crew booked for Monday.');
    laterBy(1000);
    expect(await polls.pollOnce()).toEqual([{ bodyId: 'city', outcome: 'polled', applied: 1 }]);

    const request = await requestOf(id);
    expect(request.detailed_status).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS']);
    expect(request.status_notes).toBe('Crew booked for Monday.');
    expect((await historyOf(id)).at(-1)).toMatchObject({ kind: 'status', detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], note: 'Crew booked for Monday.' });
    const applied = (await kerro.store.moderation.listAudit({ serviceRequestId: id, limit: 50 })).filter((entry) => entry.action === 'case_system_update');
    expect(applied).toHaveLength(1);
    expect(applied[0]!.details.update_id).toMatch(/^h\d+$/);

    // The same window again: the update is seen, nothing new.
    const historyLength = (await historyOf(id)).length;
    laterBy(1000);
    expect(await polls.pollOnce()).toEqual([{ bodyId: 'city', outcome: 'polled', applied: 0 }]);
    expect((await historyOf(id)).length).toBe(historyLength);
  });

  it('two updates in the same second are applied in order and never again, so the later one stands', async () => {
    const { id, remoteId } = await forwardedReport();
    const polls = poller();
    laterBy(60_000);
    await caseSystemSets(remoteId, ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], 'On our list.');
    await caseSystemSets(remoteId, ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], 'Patched.');
    laterBy(1000);
    expect(await polls.pollOnce()).toEqual([{ bodyId: 'city', outcome: 'polled', applied: 2 }]);
    expect(await requestOf(id)).toMatchObject({ status: 'closed', detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], status_notes: 'Patched.' });

    laterBy(1000);
    expect(await polls.pollOnce()).toEqual([{ bodyId: 'city', outcome: 'polled', applied: 0 }]);
    expect(await requestOf(id)).toMatchObject({ status: 'closed', detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], status_notes: 'Patched.' });
  });
});

/** Four weeks after the close, the reporter answers "not fixed" through the emailed link. */
async function reporterSaysNotFixed() {
  laterBy(28 * day);
  const links = createMailLinks(await ensureMailLinkSecret(kerro.store.settings), mailBaseUrl(kerro.config));
  const questionnaires = createQuestionnaireSender({
    repositories: kerro.store,
    log: kerro.app.log,
    mail: { links, mailFrom: kerro.config.MAIL_FROM, timeZone: kerro.config.TZ_NAME },
    afterDays: 28,
    now: () => kerro.clock.now,
  });
  expect((await questionnaires.runOnce()).sent).toBe(1);
  const rows = await kerro.sql.all<{ body_text: string }>('SELECT body_text FROM outbox ORDER BY id');
  const link = rows.map((row) => /https?:\/\/\S+\/mail\/not-fixed\?token=\S+/.exec(row.body_text)?.[0]).filter(Boolean).at(-1)!;
  const url = new URL(link);
  expect((await kerro.app.inject({ method: 'POST', url: url.pathname + url.search })).statusCode).toBe(200);
}

describe('telling a mySociety-updates case system of a reopen', () => {
  it('posts the reporter\'s "not fixed" there once, though the first answer is lost and the sender runs again; it is not read back', async () => {
    const proxy = await startCaseSystemProxy(cases.baseUrl, { dropFirstAnswer: true });
    closers.push(proxy.close);
    await useCaseSystemAt(`${proxy.url}/open311/v1`);
    const { id, remoteId } = await forwardedReport();
    laterBy(60_000);
    await caseSystemSets(remoteId, ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], 'Patched.');
    laterBy(1000);
    expect((await poller().pollOnce())[0]!.applied).toBe(1);
    expect((await requestOf(id)).status).toBe('closed');

    await reporterSaysNotFixed();
    expect((await requestOf(id)).status).toBe('open');
    const audit = (await kerro.store.moderation.listAudit({ serviceRequestId: id, limit: 50 })).find((entry) => entry.action === 'reopen_by_reporter');
    expect(audit?.details.body_told).toBe('case_system_update');

    const sender = updateSender();
    // The case system takes it, but its answer is lost on the way back.
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await caseSystemResidentUpdates()).toHaveLength(1);
    laterBy(3_600_000);
    expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(proxy.posts).toBe(2);

    const [posted, ...more] = await caseSystemResidentUpdates();
    expect(more).toEqual([]);
    expect(posted).toMatchObject({ service_request_id: remoteId, text: expect.stringContaining('not fixed') as unknown });
    const [job] = await kerro.store.caseSystemUpdates.list({ limit: 10, serviceRequestId: id });
    expect(job).toMatchObject({ status: 'reopen', remote_update_id: posted!.id, attempts: 2 });
    expect(posted!.client_update_id).toBe(job!.id);

    // Its moderator publishes it (the reporter's own word: the request reopens there too). Polled
    // back, the update itself is Kerro's own and is not applied; the case system's own status
    // change that followed it is.
    casesModerator = await signIn(cases); // four weeks on, the session has expired
    const published = await casesModerator.request('POST', `/updates/${posted!.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const historyLength = (await historyOf(id)).length;
    laterBy(1000);
    expect((await poller().pollOnce())[0]).toEqual({ bodyId: 'city', outcome: 'polled', applied: 1 });
    expect((await historyOf(id)).slice(historyLength)).toEqual([expect.objectContaining({ kind: 'status', detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], note: '' })]);
    expect((await requestOf(id)).status_notes).toBe('');
    const appliedIds = (await kerro.store.moderation.listAudit({ serviceRequestId: id, limit: 50 }))
      .filter((entry) => entry.action === 'case_system_update')
      .map((entry) => entry.details.update_id);
    expect(appliedIds).not.toContain(posted!.id);
  });
});

/** A neighbour's update with a photo, posted on Kerro and published by Kerro's moderator; its id and photo file. */
async function neighbourUpdatePublished(id: string, text: string) {
  const form = await multipartBody(
    { api_key: kerro.apiKey, description: text, email: 'neighbour@example.fi', name: 'Nelli Naapuri', show_name: 'true' },
    [{ name: 'media', fileName: 'now.jpg', type: 'image/jpeg', data: await makeJpeg(40, 30) }],
  );
  const posted = await kerro.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/updates.json`, ...form });
  expect(posted.statusCode, posted.body).toBe(200);
  const updateId = (posted.json() as { update_id: string }[])[0]!.update_id;
  await addModerator(kerro, 'kaisa', 'correct horse battery');
  const published = await (await signIn(kerro, 'kaisa')).request('POST', `/updates/${updateId}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  return { updateId, mediaFile: (await kerro.store.residentUpdates.find(updateId))!.media_file! };
}

/** What the case system lists in its servicerequestupdates GET (the public's view there) since the test began. */
async function caseSystemListing() {
  const query = new URLSearchParams({ api_key: cases.apiKey, start_date: new Date(cases.clock.now - 60 * day).toISOString(), end_date: new Date(cases.clock.now).toISOString() });
  const answer = await cases.app.inject({ method: 'GET', url: `/open311/v1/servicerequestupdates.json?${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { service_request_id: string; description: string; status: string }[];
}

/** The case system's moderator publishes the one update Kerro posted; it then shows, once, in its listing. */
async function caseSystemPublishes(remoteId: string, text: string) {
  const [posted, ...more] = await caseSystemResidentUpdates();
  expect(more).toEqual([]);
  expect(posted).toMatchObject({ service_request_id: remoteId, text });
  const published = await (await signIn(cases)).request('POST', `/updates/${posted!.id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  expect((await caseSystemListing()).filter((update) => update.description === text)).toEqual([
    expect.objectContaining({ service_request_id: remoteId, description: text }),
  ]);
  return posted!;
}

const auditOf = async (id: string, action: string) => (await kerro.store.moderation.listAudit({ serviceRequestId: id, limit: 50 })).filter((entry) => entry.action === action);

describe('telling a mySociety-updates case system of residents\' updates and moderators\' notes', () => {
  it('posts a resident\'s update once a moderator publishes it: once, though the case system is down at first; its text, status and photo link, nobody\'s name or address', async () => {
    const proxy = await startCaseSystemProxy(cases.baseUrl, { unavailableFirstPosts: 1 });
    closers.push(proxy.close);
    await useCaseSystemAt(`${proxy.url}/open311/v1`);
    const { id, remoteId } = await forwardedReport();
    const text = 'The hole has grown; a cone fell into it.';
    const { mediaFile } = await neighbourUpdatePublished(id, text);
    expect((await auditOf(id, 'publish_update'))[0]?.details.body_told).toBe('case_system_update');

    const sender = updateSender();
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await caseSystemResidentUpdates()).toEqual([]);
    const [waiting] = await kerro.store.caseSystemUpdates.list({ limit: 10, serviceRequestId: id });
    expect(waiting).toMatchObject({ kind: 'resident_update', attempts: 1, sent_at: null, last_error: expect.stringContaining('503') as unknown });
    laterBy(3_600_000);
    expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(proxy.posts).toBe(2);

    const forms = await proxy.forms();
    const [first, second] = forms.map((form) => Object.fromEntries([...form.keys()].map((key) => [key, form.getAll(key).map(String)])));
    expect(second).toEqual(first);
    expect(second).toMatchObject({
      service_request_id: [remoteId],
      status: ['OPEN'],
      description: [text],
      media_url: [`http://kerro.test/media/${mediaFile}`],
      update_id_ext: [waiting!.id],
    });
    for (const personal of ['email', 'first_name', 'last_name', 'phone']) expect(second).not.toHaveProperty(personal);
    expect(JSON.stringify(forms.map((form) => [...form.values()]))).not.toMatch(/Nelli|neighbour@|resident@/);
    // The link is the photo's public copy.
    expect((await kerro.app.inject({ method: 'GET', url: `/media/${mediaFile}` })).statusCode).toBe(200);

    await caseSystemPublishes(remoteId, text);
  });

  it('posts a moderator\'s note for the body once, with the report\'s status; a blank one is refused', async () => {
    const { id, remoteId } = await forwardedReport();
    await addModerator(kerro, 'kaisa', 'correct horse battery');
    const moderator = await signIn(kerro, 'kaisa');
    const blank = await moderator.request('POST', `/requests/${id}/case-system-note`, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('text is required');
    const text = 'Residents say the drain beside it is blocked too.';
    const noted = await moderator.request('POST', `/requests/${id}/case-system-note`, { text });
    expect(noted.statusCode, noted.body).toBe(200);
    expect((await auditOf(id, 'case_system_note')).map((entry) => entry.details)).toEqual([{ body_told: 'case_system_update' }]);
    // Nothing public changes here.
    expect((await historyOf(id)).map((event) => event.kind)).not.toContain('note');

    const sender = updateSender();
    expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const [job] = await kerro.store.caseSystemUpdates.list({ limit: 10, serviceRequestId: id });
    expect(job).toMatchObject({ kind: 'moderator_note', status: 'open' });
    const posted = await caseSystemPublishes(remoteId, text);
    expect(job!.remote_update_id).toBe(posted.id);
    // Not the reporter's word: the body's contact_fields (email) do not go with it.
    expect((await cases.sql.all<{ email: string | null }>('SELECT email FROM resident_updates WHERE id = ?', posted.id))[0]!.email).toBeNull();
  });

  it('tells a CitySDK case system nothing: the audit says so, and a note is refused with the reason', async () => {
    await useCaseSystemAt(`${cases.baseUrl}/open311/v1`, 'citysdk');
    const { id } = await forwardedReport();
    await neighbourUpdatePublished(id, 'Still there this morning.');
    expect((await auditOf(id, 'publish_update'))[0]?.details.body_told).toBe('not_told_case_system');
    const note = await (await signIn(kerro, 'kaisa')).request('POST', `/requests/${id}/case-system-note`, { text: 'Please look again.' });
    expect(note.statusCode).toBe(409);
    expect(note.json().error.message).toContain('"updates": "mysociety"');
    expect(await kerro.store.caseSystemUpdates.list({ limit: 10, serviceRequestId: id })).toEqual([]);
    expect(await updateSender().runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await caseSystemResidentUpdates()).toEqual([]);
  });
});
