import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { startSmtpServer } from '../server/notify/smtp-test-server';
import {
  addModerator,
  adminOn,
  caseSystemReports,
  forwardingEnv,
  importHelsinkiSending,
  mailContent,
  moderate,
  moderationDetail,
  open311Send,
  publicRequest,
  reportThroughProxy,
  signIn,
  startCaseSystem,
  startupTimeoutMs,
  waitFor,
  waitForCaseSystemReport,
  type CaseSystem,
  type ModeratorSession,
} from './case-system-harness';

/**
 * Issue 27 for real: instance A forwards its Helsinki body's reports to instance B, another
 * Kerro acting as the body's case system over Open311 (separate processes, real HTTP), and
 * polls B for their status every 5 s (the shortest CASE_SYSTEM_POLL_SECONDS allows).
 */

const resident = 'resident@example.org';
/** One poll period (5 s) and the time to apply it, with room for a loaded machine. */
const withinOnePollMs = 12_000;

let caseSystem: CaseSystem;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: KerroServer;
let aSession: ModeratorSession;

beforeAll(async () => {
  smtp = await startSmtpServer();
  caseSystem = await startCaseSystem();
  a = await startKerroServer({ env: { ...forwardingEnv(caseSystem), SMTP_URL: smtp.url }, publicBaseUrl: true, startupTimeoutMs });
  addModerator(a);
  importHelsinkiSending(a, open311Send(caseSystem));
  aSession = await signIn(a);
});

afterAll(async () => {
  await Promise.allSettled([a?.stop(), caseSystem?.stop()]);
  await smtp?.close();
});

/** Waits until A's request shows it was taken by the case system: PUBLIC_WORKS_NEW and a `forwarded` history entry. */
const waitUntilForwarded = (id: string, timeoutMs?: number) =>
  waitFor(async () => {
    const request = await publicRequest(a, id);
    expect(request.extended_attributes?.detailed_status).toMatch(/,PUBLIC_WORKS_NEW$/);
    expect(request.extended_attributes?.history?.map((entry) => entry.kind)).toContain('forwarded');
    return request;
  }, timeoutMs);

describe('a body whose case system is another Kerro, over Open311', () => {
  it('sends a published report to the case system once, and brings its status and note back to the resident', async () => {
    const description = `Pothole for the case system ${randomUUID()}`;
    const id = await reportThroughProxy(a, { description, email: resident });
    await moderate(a, aSession, `requests/${id}/publish`);

    const remote = await waitForCaseSystemReport(caseSystem.server, caseSystem.session, description);
    expect(remote.public.service_code).toBe('171');
    expect(remote.media, 'the photo, sent as media[]').toHaveLength(1);
    const forwarded = await waitUntilForwarded(id);
    expect(forwarded.status).toBe('open');
    // A keeps the case system's id, which its moderators see.
    expect((await moderationDetail(a, aSession, id)).forward).toMatchObject({ state: 'sent', remote_id: remote.service_request_id, last_error: null });

    const note = `Crew booked for Tuesday ${randomUUID().slice(0, 8)}.`;
    await moderate(caseSystem.server, caseSystem.session, `requests/${remote.service_request_id}/publish`);
    await moderate(caseSystem.server, caseSystem.session, `requests/${remote.service_request_id}/status`, {
      detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'],
      status_notes: note,
    });
    const changedAt = Date.now();
    const updated = await waitFor(async () => {
      const request = await publicRequest(a, id);
      expect(request.extended_attributes?.detailed_status).toBe('IN_PROCESS,PUBLIC_WORKS_IN_PROGRESS');
      return request;
    }, withinOnePollMs);
    console.log(`[case-system] the case system's change showed on A after ${Date.now() - changedAt} ms (polled every 5 s)`);
    expect(updated.status).toBe('open');
    expect(updated.status_notes).toBe(note);
    const latest = updated.extended_attributes!.history!.at(-1)!;
    expect(latest).toMatchObject({ detailed_status: 'IN_PROCESS,PUBLIC_WORKS_IN_PROGRESS', note });

    const mail = await smtp.mailWhere((received) => received.to.includes(resident) && mailContent(received.raw).text.includes(note));
    expect(mailContent(mail.raw).text).toContain(id);
    // Still the one report in the case system, and A's history holds the change once.
    expect(await caseSystemReports(caseSystem.server, caseSystem.session, description)).toHaveLength(1);
    expect((await publicRequest(a, id)).extended_attributes!.history!.filter((entry) => entry.note === note)).toHaveLength(1);
  });

  it('keeps the send pending while the case system is down, and sends it once when it is back', async () => {
    await caseSystem.goDown();
    const description = `Pothole while the case system was down ${randomUUID()}`;
    const id = await reportThroughProxy(a, { description, email: resident });
    await moderate(a, aSession, `requests/${id}/publish`);

    // Its moderators and the operator see it waiting, with the case system's error.
    const unreachable = /could not reach the case system \(ECONNREFUSED\)/;
    await waitFor(async () => {
      expect((await moderationDetail(a, aSession, id)).forward).toMatchObject({ state: 'pending', last_error: expect.stringMatching(unreachable) });
    }, 30_000);
    const pendingLine = adminOn(a, ['bodies', 'sends'])
      .split('\n')
      .find((row) => row.includes(id));
    console.log(`[case-system] while down, bodies sends: ${pendingLine?.trim()}`);
    expect(pendingLine).toMatch(/ pending /);
    expect(pendingLine).toMatch(unreachable);
    expect(pendingLine).not.toContain(caseSystem.apiKey);
    expect((await publicRequest(a, id)).extended_attributes?.detailed_status).not.toContain('PUBLIC_WORKS');

    await caseSystem.comeBack();
    const comeBackAt = Date.now();
    const remote = await waitForCaseSystemReport(caseSystem.server, caseSystem.session, description, 90_000);
    await waitUntilForwarded(id, 30_000);
    console.log(`[case-system] sent ${Date.now() - comeBackAt} ms after the case system came back`);
    expect((await caseSystemReports(caseSystem.server, caseSystem.session, description)).map((report) => report.service_request_id)).toEqual([
      remote.service_request_id,
    ]);
  });
});
