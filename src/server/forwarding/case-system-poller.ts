/**
 * Status back (issue 27): every CASE_SYSTEM_POLL_SECONDS, each case system a body's sender names
 * (an open311 body's: `statusFrom` in forwarding/senders/) is asked what changed, and each change
 * of a report Kerro forwarded there becomes that request's status, notes, public history and
 * subscriber email (case-system-plan.ts).
 *
 * - One instance polls a body at a time: `forwards.claimPoll` leases it, `releasePoll` records
 *   the window applied, or the error (then the window is not advanced and the next poll asks again).
 *   The lease scales with the interval (leases.ts): a pass starts no ask after its asking time, so
 *   it ends inside its lease, and one that died holds the body about one interval, not half an hour.
 * - Windows are inclusive at both ends, and each starts `overlapMs` before where the last ended,
 *   so a change at an edge, or stamped late by a case system whose clock runs behind ours, is seen
 *   twice rather than never; seen again, it changes nothing (the plan returns nothing).
 * - A case system's listing may be cut at its page size, and it need not be sorted by update
 *   (Kerro's own is sorted by report time): an answer as long as `pageLimit` is not trusted, the
 *   window is halved until an answer is shorter, and the rest is asked next.
 * - Reports no window's listing has shown since they were sent (e.g. a case system that lists
 *   only published requests, as Kerro does to all but the caller that created them) are asked for
 *   by id, in batches; one asked with nothing new is not asked again for an hour (issue 40, item 5).
 *   Once a listing shows a report, the windows follow it and it is never asked by id.
 * - Never backwards: an update older than the newest one applied to the report is ignored.
 * - A body whose send says `updates: "mysociety"` is read by servicerequestupdates instead
 *   (case-system-update-reads.ts), in the same windows (at most 90 days each, as the extension's
 *   servers allow): each update is applied once by its update_id (recorded in the transaction
 *   that applies it, or at once when it changes nothing), its status word mapped by the one
 *   table (shared/georeport/extension-status.ts), its text the public note. Every change there
 *   is an update, so no report is asked for by id.
 */
import type { MessageSettings } from '../notify/subscriber-messages';
import type { BodyRecord, ForwardedReport, Repositories } from '../storage/repositories/types';
import { caseSystemPlan } from './case-system-plan';
import { caseSystemTimeoutMs, pollLeaseTimes } from './leases';
import { senderOf } from './senders';
import { CaseSystemError, listByIds, listUpdated, type CaseSystemSite } from './case-system-reads';
import { listRequestUpdates, requestOfUpdate, type CaseSystemUpdate } from './case-system-update-reads';
import type { CaseSystemRequest } from './status-mapping';

export interface PollerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface CaseSystemPollerOptions {
  store: Pick<Repositories, 'bodies' | 'forwards' | 'unitOfWork' | 'serviceTypes' | 'caseSystemUpdates' | 'responseTemplates'>;
  /** How the update emails are worded (links, zone, sender); service names and the time are read per pass. */
  mail: Omit<MessageSettings, 'serviceTypes' | 'now'>;
  intervalMs: number;
  log: PollerLogger;
  now?: () => number;
  /** How long one answer may take (caseSystemTimeoutMs); the lease allows for it. */
  timeoutMs?: number;
  /** An answer this long may have been cut at the case system's page size. */
  pageLimit?: number;
  overlapMs?: number;
  /** Where a body's `api_key_env` is read (process.env). */
  env?: NodeJS.ProcessEnv;
}

export interface BodyPollOutcome {
  bodyId: string;
  outcome: 'polled' | 'leased elsewhere' | 'nothing forwarded' | 'failed';
  applied: number;
  error?: string;
}

export interface CaseSystemPoller {
  start(): void;
  /** Waits for a pass in progress, then stops; safe to call twice. */
  stop(): Promise<void>;
  /** One full pass over every body whose case system gives status back (after any pass in progress), for tests and operators. */
  pollOnce(): Promise<BodyPollOutcome[]>;
}

/** Below the page size of the servers we know (Kerro's 200): a full answer costs only a narrower second ask. */
export const defaultPageLimit = 50;
const defaultOverlapMs = 5 * 60_000;
/** The first poll of a body starts this long before its oldest forward: a case system's clock may run behind ours. */
const firstWindowMarginMs = 60 * 60_000;
const idBatch = 50;
const unseenPerPass = 500;
/** A report asked by id with nothing new is not asked again for this long: a pending report may wait in a case system for days. */
const checkedRestMs = 60 * 60_000;
/** Asks per body per pass; what is left is asked next pass (polled_until records how far it got). */
const maxAsksPerPass = 40;
/** The longest window a servicerequestupdates server answers (Kerro's, open311-adapter's). */
const updatesMaxSpanMs = 90 * 86_400_000;

/** How one body's changes are asked for in a window and applied. */
interface WindowReader {
  ask(window: { from: number; to: number }): Promise<readonly unknown[]>;
  apply(answer: readonly unknown[]): Promise<void>;
  maxSpanMs: number;
}

export function createCaseSystemPoller(options: CaseSystemPollerOptions): CaseSystemPoller {
  const { store, log } = options;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? caseSystemTimeoutMs;
  const pageLimit = options.pageLimit ?? defaultPageLimit;
  const overlapMs = options.overlapMs ?? defaultOverlapMs;
  const { leaseMs, askingMs } = pollLeaseTimes(options.intervalMs, timeoutMs);

  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let running: Promise<unknown> = Promise.resolve();

  const pollOnce = (): Promise<BodyPollOutcome[]> => {
    const pass = running.then(pollAllBodies, pollAllBodies);
    running = pass.catch(() => undefined);
    return pass;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      pollOnce()
        .catch((error: unknown) => log.warn({ error: messageOf(error) }, 'case system poll pass failed'))
        .finally(schedule);
    }, options.intervalMs);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    pollOnce,
  };

  async function pollAllBodies(): Promise<BodyPollOutcome[]> {
    const outcomes: BodyPollOutcome[] = [];
    for (const body of await store.bodies.list()) {
      const site = caseSystemOf(body, options.env ?? process.env);
      if (site) outcomes.push(await pollBody(body, site));
    }
    return outcomes;
  }

  async function pollBody(body: BodyRecord, site: CaseSystemSite): Promise<BodyPollOutcome> {
    const bodyId = body.id;
    const [oldest] = await store.forwards.list({ limit: 1, bodyId });
    if (!oldest) return { bodyId, outcome: 'nothing forwarded', applied: 0 };
    const startedAt = now();
    const lease = await store.forwards.claimPoll(bodyId, startedAt, startedAt + leaseMs);
    if (!lease) return { bodyId, outcome: 'leased elsewhere', applied: 0 };
    const counter = { applied: 0 };
    // Asks after this could outlast the lease: what is left is asked next pass.
    const askUntil = startedAt + askingMs;
    try {
      const from = lease.polled_until === null ? oldest.created_at - firstWindowMarginMs : lease.polled_until - overlapMs;
      const polledUntil = await pollWindows(body, readerOf(body, site, counter), from, wholeSecond(startedAt), askUntil);
      if (site.updates !== 'mysociety') await pollUnseen(body, site, askUntil, counter);
      await store.forwards.releasePoll(bodyId, { polledUntil });
      if (counter.applied > 0) log.info({ bodyId, applied: counter.applied }, 'case system updates applied');
      return { bodyId, outcome: 'polled', applied: counter.applied };
    } catch (error) {
      const message = messageOf(error);
      log.warn({ bodyId, error: message, applied: counter.applied }, 'case system poll failed; its window is asked again next poll');
      await store.forwards.releasePoll(bodyId, { error: message }).catch(() => undefined);
      return { bodyId, outcome: 'failed', applied: counter.applied, error: message };
    }
  }

  function readerOf(body: BodyRecord, site: CaseSystemSite, counter: { applied: number }): WindowReader {
    if (site.updates === 'mysociety') {
      return {
        ask: (window) => listRequestUpdates(site, window, timeoutMs),
        apply: (answer) => applyUpdates(body, answer as CaseSystemUpdate[], counter),
        maxSpanMs: updatesMaxSpanMs,
      };
    }
    return {
      ask: (window) => listUpdated(site, window, timeoutMs),
      apply: async (answer) => {
        const listed = answer as CaseSystemRequest[];
        await applyAll(body, listed, counter);
        // Shown by a window: from now on the windows follow it, and it is never asked by id.
        await store.forwards.markListed(body.id, listed.map((entry) => entry.service_request_id), now());
      },
      maxSpanMs: Number.POSITIVE_INFINITY,
    };
  }

  /** Asks [from, end] in windows short enough that no answer is cut; returns how far it got. */
  async function pollWindows(body: BodyRecord, reader: WindowReader, from: number, end: number, askUntil: number): Promise<number> {
    let start = wholeSecond(Math.min(from, end));
    let to = Math.min(end, start + reader.maxSpanMs);
    for (let asks = 0; asks < maxAsksPerPass && (asks === 0 || now() <= askUntil); asks += 1) {
      const answer = await reader.ask({ from: start, to });
      const cut = answer.length >= pageLimit;
      if (cut && to - start > 1000) {
        to = start + wholeSecond((to - start) / 2);
        continue;
      }
      if (cut) log.warn({ bodyId: body.id, at: to }, 'case system answered a full page for one second; some of its updates there may be missed');
      await reader.apply(answer);
      if (to >= end) return end;
      start = to;
      to = Math.min(end, start + reader.maxSpanMs);
    }
    return start;
  }

  async function pollUnseen(body: BodyRecord, site: CaseSystemSite, askUntil: number, counter: { applied: number }): Promise<void> {
    const unseen = await store.forwards.listUnseen(body.id, { checkedAfter: now() - checkedRestMs, limit: unseenPerPass });
    for (let index = 0; index < unseen.length && now() <= askUntil; index += idBatch) {
      const batch = unseen.slice(index, index + idBatch);
      const answer = await listByIds(site, batch.map((report) => report.remote_id), timeoutMs);
      const changed = await applyAll(body, answer, counter, batch);
      // Something new: asked again next pass, as more may follow; nothing new (or not shown): rests an hour.
      const ids = batch.map((report) => report.service_request_id);
      await store.forwards.markChecked(ids.filter((id) => !changed.has(id)), now());
      await store.forwards.markChecked(ids.filter((id) => changed.has(id)), null);
    }
  }

  /** The body's saved responses tied to a status: a status change without a note takes one's text (case-system-plan.ts). */
  async function statusTemplatesOf(body: BodyRecord) {
    return (await store.responseTemplates.list({ bodyIds: [body.id] })).filter((template) => template.status !== null);
  }

  /** Applies each answer entry of a report Kerro forwarded, never one older than what was applied; returns the requests it changed. */
  async function applyAll(body: BodyRecord, answer: CaseSystemRequest[], counter: { applied: number }, known?: ForwardedReport[]): Promise<Set<string>> {
    const changedIds = new Set<string>();
    if (answer.length === 0) return changedIds;
    const reports = known ?? (await store.forwards.findByRemoteIds(body.id, answer.map((entry) => entry.service_request_id)));
    const byRemoteId = new Map(reports.map((report) => [report.remote_id, report]));
    const serviceTypes = await store.serviceTypes.list();
    const templates = await statusTemplatesOf(body);
    for (const entry of answer) {
      const report = byRemoteId.get(entry.service_request_id);
      if (!report) continue; // not one Kerro sent
      if (report.remote_updated_at !== null && entry.updated_at < report.remote_updated_at) continue;
      const at = now();
      const plan = caseSystemPlan({ now: at, mail: { ...options.mail, serviceTypes, now: at } }, body.id, entry, undefined, templates);
      let changed = false;
      await store.unitOfWork.changeRequest(report.service_request_id, (current) => {
        const change = plan(current);
        changed = change !== undefined;
        return change;
      });
      if (changed) {
        counter.applied += 1;
        changedIds.add(report.service_request_id);
      }
      // The same report twice in one answer is applied in order, never backwards.
      byRemoteId.set(entry.service_request_id, { ...report, remote_updated_at: Math.max(report.remote_updated_at ?? 0, entry.updated_at) });
    }
    return changedIds;
  }

  /** Applies each mySociety update of a report Kerro forwarded once, by its update_id, never one older than what was applied. */
  async function applyUpdates(body: BodyRecord, answer: CaseSystemUpdate[], counter: { applied: number }): Promise<void> {
    if (answer.length === 0) return;
    const seen = await store.caseSystemUpdates.seen(body.id, answer.map((update) => update.update_id));
    const fresh = answer.filter((update) => !seen.has(update.update_id));
    if (fresh.length === 0) return;
    const reports = await store.forwards.findByRemoteIds(body.id, fresh.map((update) => update.service_request_id));
    const byRemoteId = new Map(reports.map((report) => [report.remote_id, report]));
    const serviceTypes = await store.serviceTypes.list();
    const templates = await statusTemplatesOf(body);
    for (const update of fresh) {
      const report = byRemoteId.get(update.service_request_id);
      if (!report || seen.has(update.update_id)) continue; // not one Kerro sent, or twice in one answer
      seen.add(update.update_id);
      if (report.remote_updated_at !== null && update.updated_at < report.remote_updated_at) continue;
      const at = now();
      const context = { now: at, mail: { ...options.mail, serviceTypes, now: at } };
      let changed = false;
      await store.unitOfWork.changeRequest(report.service_request_id, (current) => {
        const change = caseSystemPlan(context, body.id, requestOfUpdate(update, current.detailed_status), update.update_id, templates)(current);
        changed = change !== undefined;
        return change;
      });
      if (changed) counter.applied += 1;
      else await store.caseSystemUpdates.markSeen({ body_id: body.id, update_id: update.update_id, service_request_id: report.service_request_id }, at);
      byRemoteId.set(update.service_request_id, { ...report, remote_updated_at: Math.max(report.remote_updated_at ?? 0, update.updated_at) });
    }
  }
}

/** The body's case system, when its sender brings status back from one. */
export function caseSystemOf(body: BodyRecord, env: NodeJS.ProcessEnv): CaseSystemSite | undefined {
  return senderOf(body.send).forwarding?.statusFrom?.(body.send, env);
}

const wholeSecond = (epochMs: number) => Math.floor(epochMs / 1000) * 1000;

function messageOf(error: unknown): string {
  if (error instanceof CaseSystemError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
