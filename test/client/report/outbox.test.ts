import { describe, expect, it } from 'vitest';
import { memoryShelf, type DeviceShelf } from '../../../src/client/lib/device-storage';
import { ApiError } from '../../../src/client/lib/http-client';
import type { CreatedReport, NewReport } from '../../../src/client/features/report/api/create-service-request';
import { createOutbox, NETWORK_RETRY_SECONDS, type OutboxDependencies, type OutboxEntry } from '../../../src/client/features/report/outbox/outbox';
import { emptyReportValues } from '../../../src/client/features/report/validation/report-form-values';

const label = { serviceName: 'Potholes', place: 'Mannerheimintie 1' };

function newReport(description: string, extra: Record<string, unknown> = {}): NewReport {
  return {
    values: { ...emptyReportValues, service_code: '171', lat: '60.17', long: '24.94', description },
    photos: [new Blob(['jpeg bytes'], { type: 'image/jpeg' })],
    locale: 'en',
    questions: [],
    idempotencyKey: `key-${description}`,
    ...extra,
  };
}

/** One device-wide lock, as Web Locks gives every tab of the origin. */
function deviceLock(): OutboxDependencies['exclusively'] {
  let tail = Promise.resolve();
  return (pass) => {
    const turn = tail.then(pass);
    tail = turn.catch(() => undefined);
    return turn;
  };
}

/** A fake service: records every report it is sent, answers with `answer` (default: a new id). */
function fakeService(answer?: (report: NewReport, attempt: number) => Promise<CreatedReport>) {
  const received: NewReport[] = [];
  const send = async (report: NewReport) => {
    received.push(report);
    return answer ? answer(report, received.length) : { service_request_id: `r-${received.length}`, service_notice: '' };
  };
  return { received, send };
}

function outboxWith(
  overrides: Partial<OutboxDependencies> & { send: OutboxDependencies['send'] },
  shelf: DeviceShelf<OutboxEntry> = memoryShelf<OutboxEntry>(),
) {
  const network = { online: true };
  const retries: number[] = [];
  const outbox = createOutbox({
    shelf,
    isOnline: () => network.online,
    exclusively: deviceLock(),
    retryLater: (seconds) => void retries.push(seconds),
    now: () => new Date('2026-11-20T08:15:00Z'),
    ...overrides,
  });
  return { outbox, network, retries, shelf };
}

describe('the report outbox', () => {
  it('keeps a report made offline, photos included, and sends it once when the connection is back', async () => {
    const service = fakeService();
    const { outbox, network } = outboxWith({ send: service.send });
    network.online = false;
    const report = newReport('A hole');
    const queued = await outbox.queue(report, { gaveEmail: true, label });

    await outbox.sendWaiting();
    expect(service.received).toEqual([]);
    expect(outbox.entries()).toMatchObject([{ id: queued.id, state: 'waiting', label, gaveEmail: true }]);
    const kept = outbox.entries()[0]!;
    expect(kept.state === 'waiting' && (await kept.report.photos[0]!.text())).toBe('jpeg bytes');

    network.online = true;
    await outbox.sendWaiting();
    await outbox.sendWaiting();
    // The very report the form would have sent, through the one send function, once.
    expect(service.received).toEqual([report]);
    expect(outbox.entries()).toEqual([
      { id: queued.id, state: 'sent', label, gaveEmail: true, queuedAt: '2026-11-20T08:15:00.000Z', sentAt: '2026-11-20T08:15:00.000Z', created: { service_request_id: 'r-1', service_notice: '' } },
    ]);
  });

  it('names a queued report by its idempotency key, which travels with it to the send function', async () => {
    const service = fakeService();
    const { outbox } = outboxWith({ send: service.send });
    const queued = await outbox.queue(newReport('A hole', { idempotencyKey: 'key-1' }), { gaveEmail: false, label });
    expect(queued.id).toBe('key-1');
    await outbox.sendWaiting();
    expect(service.received.map((report) => report.idempotencyKey)).toEqual(['key-1']);
  });

  it('sends each report once when the connection returns in two tabs, and `online` and Background Sync fire together', async () => {
    let answerFirst: (() => void) | undefined;
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
    const service = fakeService(async (_report, attempt) => {
      if (attempt === 1) await firstHeld; // the first send is still on its way when the other triggers come
      return { service_request_id: `r-${attempt}`, service_notice: '' };
    });
    const shelf = memoryShelf<OutboxEntry>();
    const lock = deviceLock();
    const tabA = outboxWith({ send: service.send, exclusively: lock }, shelf).outbox;
    const tabB = outboxWith({ send: service.send, exclusively: lock }, shelf).outbox;
    await tabA.queue(newReport('first'), { gaveEmail: false, label });
    await tabA.queue(newReport('second'), { gaveEmail: false, label });

    const passes = [tabA.sendWaiting(), tabA.sendWaiting(), tabB.sendWaiting(), tabB.sendWaiting()];
    answerFirst!();
    await Promise.all(passes);
    expect(service.received.map((report) => report.values.description).sort()).toEqual(['first', 'second']);
    await tabB.refresh();
    expect(tabB.entries().map((entry) => entry.state)).toEqual(['sent', 'sent']);
  });

  it('keeps a report waiting when the line drops on the way, and sends it on the next pass', async () => {
    const service = fakeService(async (_report, attempt) => {
      if (attempt === 1) throw new ApiError({ kind: 'network', status: 0, url: '/proxy/open311/v1/requests.json' });
      return { service_request_id: 'r-2', service_notice: '' };
    });
    const { outbox, retries } = outboxWith({ send: service.send });
    await outbox.queue(newReport('A hole'), { gaveEmail: false, label });
    await outbox.sendWaiting();
    expect(outbox.entries().map((entry) => entry.state)).toEqual(['waiting']);
    // The browser still thinks it is online (a bad line), so no `online` will come: a timer tries again.
    expect(retries).toEqual([NETWORK_RETRY_SECONDS]);
    await outbox.sendWaiting();
    expect(outbox.entries().map((entry) => entry.state)).toEqual(['sent']);
    expect(service.received).toHaveLength(2);
  });

  it('sets no timer when the device went offline on the way: `online` brings the next pass', async () => {
    const network = { online: true };
    const service = fakeService(async () => {
      network.online = false;
      throw new ApiError({ kind: 'network', status: 0, url: '/x' });
    });
    const { outbox, retries } = outboxWith({ send: service.send, isOnline: () => network.online });
    await outbox.queue(newReport('A hole'), { gaveEmail: false, label });
    await outbox.sendWaiting();
    expect(retries).toEqual([]);
    expect(outbox.entries()[0]!.state).toBe('waiting');
  });

  it('waits as long as a busy service asks (429 Retry-After), then tries again', async () => {
    const service = fakeService(async (_report, attempt) => {
      if (attempt === 1) throw new ApiError({ kind: 'http', status: 429, url: '/x', retryAfterSeconds: 120 });
      return { service_request_id: 'r-2', service_notice: '' };
    });
    const { outbox, retries } = outboxWith({ send: service.send });
    await outbox.queue(newReport('A hole'), { gaveEmail: false, label });
    await outbox.sendWaiting();
    expect(retries).toEqual([120]);
    expect(outbox.entries()[0]!.state).toBe('waiting');
  });

  it('does not retry a report the service refuses, and keeps its words for the resident', async () => {
    const service = fakeService(async () => {
      throw new ApiError({ kind: 'http', status: 400, url: '/x', errors: [{ code: 400, description: 'service_code is not a known service type' }] });
    });
    const { outbox, retries } = outboxWith({ send: service.send });
    await outbox.queue(newReport('A hole'), { gaveEmail: false, label });
    await outbox.sendWaiting();
    await outbox.sendWaiting();
    expect(service.received).toHaveLength(1);
    expect(retries).toEqual([]);
    expect(outbox.entries()).toMatchObject([{ state: 'refused', problem: 'service_code is not a known service type' }]);
    expect(outbox.entries()[0]).not.toHaveProperty('report');
  });

  it('never sends a cancelled report', async () => {
    const service = fakeService();
    const { outbox, network } = outboxWith({ send: service.send });
    network.online = false;
    const queued = await outbox.queue(newReport('A hole'), { gaveEmail: false, label });
    await outbox.remove(queued.id);
    network.online = true;
    await outbox.sendWaiting();
    expect(service.received).toEqual([]);
    expect(outbox.entries()).toEqual([]);
  });

  it('tells its listeners when a report is queued and when it went', async () => {
    const service = fakeService();
    const { outbox } = outboxWith({ send: service.send });
    const seen: string[][] = [];
    outbox.subscribe(() => seen.push(outbox.entries().map((entry) => entry.state)));
    await outbox.queue(newReport('A hole'), { gaveEmail: false, label });
    await outbox.sendWaiting();
    expect(seen[0]).toEqual(['waiting']);
    expect(seen.at(-1)).toEqual(['sent']);
  });
});
