import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { startPostgresCluster, type PostgresCluster } from '../helpers/postgres-cluster';
import {
  addModerator,
  caseSystemReports,
  forwardingEnv,
  importHelsinkiSending,
  moderate,
  open311Send,
  publicRequest,
  reportThroughProxy,
  signIn,
  startCaseSystem,
  startupTimeoutMs,
  waitFor,
  type CaseSystem,
} from './case-system-harness';

/**
 * Issue 27 for real, scaled out: two instances A1 and A2 on one PostgreSQL database both run the
 * sender; instance B (another Kerro) is the Helsinki body's case system. Each report published
 * must reach B exactly once, whichever instance published it and whichever sender took it.
 */

const reportCount = 4;

let cluster: PostgresCluster;
let caseSystem: CaseSystem;
let a1: KerroServer;
let a2: KerroServer;
let databaseEnv: Record<string, string>;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  databaseEnv = { DATABASE_URL: await cluster.createDatabase() };
  caseSystem = await startCaseSystem();
  // One after the other: the first seeds the demo data into the empty database, the second finds it there.
  // The proxy's limit is counted across both for this one client: raised to let the reports in.
  const env = { ...forwardingEnv(caseSystem), ...databaseEnv, PROXY_POSTS_PER_MINUTE: '100' };
  a1 = await startKerroServer({ env, startupTimeoutMs });
  a2 = await startKerroServer({ env, startupTimeoutMs });
  addModerator(a1, databaseEnv);
  importHelsinkiSending(a1, open311Send(caseSystem), databaseEnv);
});

afterAll(async () => {
  await Promise.allSettled([a1?.stop(), a2?.stop(), caseSystem?.stop()]);
  await cluster?.stop();
});

it('creates each published report in the case system exactly once although both instances send', async () => {
  const run = randomUUID().slice(0, 8);
  const reports = await Promise.all(
    Array.from({ length: reportCount }, async (_, index) => {
      const description = `Pothole ${index + 1} of run ${run}, sent by two senders`;
      return { description, id: await reportThroughProxy(index % 2 === 0 ? a1 : a2, { description }) };
    }),
  );
  // Published on both instances at once: each wakes its own sender, the other finds the jobs at its next poll.
  const sessions = [await signIn(a1), await signIn(a2)];
  await Promise.all(reports.map(({ id }, index) => moderate(index % 2 === 0 ? a1 : a2, sessions[index % 2]!, `requests/${id}/publish`)));

  const startedAt = Date.now();
  for (const { id } of reports) {
    await waitFor(async () => expect((await publicRequest(a2, id)).extended_attributes?.detailed_status).toMatch(/,PUBLIC_WORKS_NEW$/), 30_000);
  }
  console.log(`[case-system] ${reportCount} reports forwarded by two senders in ${Date.now() - startedAt} ms`);
  // Every job has ended (PUBLIC_WORKS_NEW is written in the transaction that ends it): nothing more can be sent.
  for (const { id, description } of reports) {
    const found = await caseSystemReports(caseSystem.server, caseSystem.session, description);
    expect(found.map((report) => report.public.description), `request ${id}`).toEqual([description]);
    const history = (await publicRequest(a1, id)).extended_attributes!.history!;
    expect(history.filter((entry) => entry.kind === 'forwarded'), `request ${id}`).toHaveLength(1);
  }
});
