/**
 * Saved responses in the status back (issue 41, item 4): a case system's status change that comes
 * without a note of its own takes the text of the body's saved response tied to that status (and
 * the report's type, or any type), in the report's language; one with its own note keeps it.
 * A second Kerro on loopback is the body's case system, as in case-system-poller.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCaseSystemPoller } from '../../../src/server/forwarding/case-system-poller';
import { createMailLinks } from '../../../src/server/notify/mail-links';
import type { NewResponseTemplate } from '../../../src/server/storage/repositories/types';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { addModerator, signIn, type ModeratorSession } from '../moderation/moderation-client';
import { caseSystemSets, cityBody, forwardedReport, historyOf, requestOf } from './kerro-and-case-system';

let kerro: TestApp;
let cases: TestApp;
let caseWorker: ModeratorSession;

const poll = () =>
  createCaseSystemPoller({
    store: kerro.store,
    mail: { links: createMailLinks('test-secret', 'http://kerro.test'), timeZone: 'Europe/Helsinki', mailFrom: kerro.config.MAIL_FROM },
    intervalMs: 3_600_000,
    log: { info: () => undefined, warn: () => undefined },
    now: () => kerro.clock.now,
    overlapMs: 0,
    env: {},
  }).pollOnce();

const later = () => {
  kerro.clock.now += 60_000;
  cases.clock.now = kerro.clock.now;
};

const save = (template: Partial<NewResponseTemplate> & { title: string }) =>
  kerro.store.responseTemplates.create(
    { body_id: 'city', text_fi: `${template.title} (fi)`, text_sv: `${template.title} (sv)`, text_en: `${template.title} (en)`, service_code: null, status: null, ...template },
    kerro.clock.now,
    (id) => ({ at: kerro.clock.now, moderator: 'aino', action: 'response_create', service_request_id: null, details: { response: id, body: 'city' } }),
  );

beforeEach(async () => {
  cases = await createTestApp({}, { listen: true });
  kerro = await createTestApp();
  await kerro.store.bodies.importAll([cityBody(`${cases.baseUrl}/open311/v1`)]);
  await addModerator(cases, 'maija', 'correct horse battery');
  caseWorker = await signIn(cases);
}, 30_000);
afterEach(async () => {
  await kerro.close();
  await cases.close();
});

describe('a case system’s status without a note, and the body’s saved responses', () => {
  it('takes the most specific saved response for the new status, in the report’s language, into the note and the public history', async () => {
    await save({ title: 'Closed, any type', status: 'PROCESSED' });
    await save({ title: 'Completed, potholes', status: 'PUBLIC_WORKS_COMPLETED', service_code: '171' });
    await save({ title: 'Completed, benches', status: 'PUBLIC_WORKS_COMPLETED', service_code: '999' });
    await save({ title: 'No status' });
    const { id, remoteId } = await forwardedReport(kerro, { cases });
    await kerro.sql.run("UPDATE service_requests SET locale = 'sv' WHERE service_request_id = ?", id);

    later();
    await caseSystemSets(caseWorker, remoteId, ['PROCESSED', 'PUBLIC_WORKS_COMPLETED']);
    expect((await poll())[0]!.applied).toBe(1);
    const request = await requestOf(kerro, id);
    expect(request.detailed_status).toEqual(['PROCESSED', 'PUBLIC_WORKS_COMPLETED']);
    expect(request.status_notes).toBe('Completed, potholes (sv)');
    expect((await historyOf(kerro, id)).at(-1)).toMatchObject({ kind: 'status', note: 'Completed, potholes (sv)' });
  });

  it('keeps the case system’s own note, and fills nothing when no saved response is tied to the status', async () => {
    await save({ title: 'Closed', status: 'PROCESSED' });
    const { id, remoteId } = await forwardedReport(kerro, { cases });

    later();
    await caseSystemSets(caseWorker, remoteId, ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS']);
    expect((await poll())[0]!.applied).toBe(1);
    expect((await requestOf(kerro, id)).status_notes).toBe('');

    later();
    await caseSystemSets(caseWorker, remoteId, ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], 'Filled with asphalt.');
    expect((await poll())[0]!.applied).toBe(1);
    expect((await requestOf(kerro, id)).status_notes).toBe('Filled with asphalt.');
  });

  it('leaves a report of another body alone: only the report’s own body’s saved responses count', async () => {
    await save({ title: 'Other body', status: 'PROCESSED', body_id: 'elsewhere' });
    const { id, remoteId } = await forwardedReport(kerro, { cases });
    later();
    await caseSystemSets(caseWorker, remoteId, ['PROCESSED', 'PUBLIC_WORKS_COMPLETED']);
    expect((await poll())[0]!.applied).toBe(1);
    expect((await requestOf(kerro, id)).status_notes).toBe('');
  });
});
