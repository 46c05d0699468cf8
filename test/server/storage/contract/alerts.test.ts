/** Email alerts: double opt-in, the resident's list, and the sender's exactly-once scan and daily digests. */
import { describe, expect, it } from 'vitest';
import type { AlertMatching, AlertRecipient, Store } from '../../../../src/server/storage/repositories/types';
import { openTestSql } from '../../../helpers/test-store';
import { baseTime, day, helsinki, minute, newRequest, openSecondStore, outboxMessage, storeServiceTypes, useFreshStore } from './fixtures';

let serial = 0;
const message = (label: string) => (recipient: AlertRecipient) =>
  outboxMessage(`${label}-${recipient.id}-${(serial += 1)}`, { to_address: recipient.email, subject: `${label} ${recipient.id}` });

/** Matches every candidate the repository offers (the real rule is the sender's, tested with it). */
const matching = (streetKeys: string[] = []): AlertMatching => ({
  streetKeys,
  maxRadiusMeters: 2000,
  matches: () => true,
  immediate: (recipient, report) => ({ ...message('immediate')(recipient), service_request_id: report.service_request_id }),
});

async function outboxOf(opened: { env: Record<string, string> }) {
  const sql = openTestSql(opened.env);
  try {
    return await sql.all<{ to_address: string; subject: string; service_request_id: string | null }>('SELECT to_address, subject, service_request_id FROM outbox ORDER BY id');
  } finally {
    await sql.close();
  }
}

const point = { kind: 'point' as const, lat: helsinki.lat, long: helsinki.long, radius_m: 500 as const };

async function confirmedAlert(store: Store, email: string, at: number, extra: Partial<{ frequency: 'immediate' | 'daily'; area: typeof point | { kind: 'street'; street: string } | { kind: 'body'; body_id: string } }> = {}) {
  await store.alerts.subscribe({ email, area: extra.area ?? point, frequency: extra.frequency ?? 'immediate', locale: 'fi', now: at }, message('confirm'));
  const [alert] = (await store.alerts.listByEmail(email)).slice(-1);
  await store.alerts.confirm(alert!.id, at);
  return alert!.id;
}

/** A request made pending, then published at `at` with its history event, as moderation does. */
async function publishAt(store: Store, id: string, at: number, overrides: Parameters<typeof newRequest>[1] = {}) {
  await store.serviceRequests.create(newRequest(id, { moderation: 'pending', ...overrides }));
  await store.unitOfWork.changeRequest(id, () => ({
    set: { moderation: 'published' },
    audit: { at, moderator: 'aino', action: 'publish', details: {} },
    history: [{ at, kind: 'published', detailed_status: ['RECEIVED'], note: '' }],
  }));
}

describe('alerts', () => {
  const opened = useFreshStore();

  it('double opt-in: pending until confirmed, the same area again re-sends while pending and nothing once confirmed', async () => {
    const { store } = opened;
    expect(await store.alerts.subscribe({ email: 'Pekka@Example.org', area: point, frequency: 'daily', locale: 'sv', now: baseTime }, message('confirm'))).toBe('confirmation_queued');
    const [alert] = await store.alerts.listByEmail('pekka@example.org');
    expect(alert).toEqual({ id: alert!.id, email: 'pekka@example.org', area: point, place: null, frequency: 'daily', locale: 'sv', created_at: baseTime, confirmed: false, unsubscribed: false });
    // Asked again while pending: the place as named now is kept with it, and the recipient carries it.
    const place = { fi: 'Hämeentie 30', sv: 'Tavastvägen 30' };
    const recipients: AlertRecipient[] = [];
    const keeping = (recipient: AlertRecipient) => {
      recipients.push(recipient);
      return message('confirm')(recipient);
    };
    expect(await store.alerts.subscribe({ email: 'pekka@example.org', area: point, place, frequency: 'immediate', locale: 'fi', now: baseTime + 1 }, keeping)).toBe('confirmation_queued');
    expect(await store.alerts.listByEmail('PEKKA@example.org')).toEqual([expect.objectContaining({ id: alert!.id, place })]);
    expect(recipients).toEqual([expect.objectContaining({ id: alert!.id, place })]);
    expect((await store.alerts.confirm(alert!.id, baseTime + 2))!.confirmed).toBe(true);
    expect(await store.alerts.subscribe({ email: 'pekka@example.org', area: point, frequency: 'immediate', locale: 'fi', now: baseTime + 3 }, message('confirm'))).toBe('already_active');
    expect((await outboxOf(opened)).map((row) => row.subject)).toEqual([`confirm ${alert!.id}`, `confirm ${alert!.id}`]);

    const street = { kind: 'street' as const, street: '  Hämeentie ' };
    await store.alerts.subscribe({ email: 'pekka@example.org', area: street, frequency: 'immediate', locale: 'fi', now: baseTime }, message('confirm'));
    expect((await store.alerts.listByEmail('pekka@example.org')).map((record) => record.area)).toEqual([point, { kind: 'street', street: 'Hämeentie' }]);
  });

  it('unsubscribe ends an alert for good; remove deletes only the address’s own', async () => {
    const { store } = opened;
    const id = await confirmedAlert(store, 'aino@example.org', baseTime);
    expect(await store.alerts.remove(id, 'someone@example.org')).toBe(false);
    expect((await store.alerts.unsubscribe(id, baseTime + 1))!.unsubscribed).toBe(true);
    expect((await store.alerts.confirm(id, baseTime + 2))!.unsubscribed).toBe(true);
    expect(await store.alerts.listByEmail('aino@example.org')).toEqual([]);
    expect(await store.alerts.remove(id, 'AINO@example.org')).toBe(true);
    expect(await store.alerts.find(id)).toBeUndefined();
  });

  it('tells each matching alert of a report once, only reports published after it was confirmed, even with two instances scanning', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await publishAt(store, 'before', baseTime);
    const pointAlert = await confirmedAlert(store, 'near@example.org', baseTime + minute);
    const streetAlert = await confirmedAlert(store, 'street@example.org', baseTime + minute, { area: { kind: 'street', street: 'Aleksanterinkatu' } });
    await confirmedAlert(store, 'other-street@example.org', baseTime + minute, { area: { kind: 'street', street: 'Hämeentie' } });
    await confirmedAlert(store, 'far@example.org', baseTime + minute, { area: { ...point, lat: helsinki.lat + 0.1 } });
    await publishAt(store, 'after', baseTime + 2 * minute);

    const second = await openSecondStore(opened);
    try {
      const [mine, theirs] = await Promise.all([store.alerts.unscannedPublications(baseTime + 3 * minute, 10), second.alerts.unscannedPublications(baseTime + 3 * minute, 10)]);
      expect(mine).toEqual([{ service_request_id: 'after', published_at: baseTime + 2 * minute }]);
      expect(theirs).toEqual(mine);
      const sent = await Promise.all([
        store.alerts.deliverPublication(mine[0]!, matching(['aleksanterinkatu']), baseTime + 3 * minute),
        second.alerts.deliverPublication(theirs[0]!, matching(['aleksanterinkatu']), baseTime + 3 * minute),
      ]);
      expect(sent.sort()).toEqual([0, 2]);
    } finally {
      await second.close();
    }
    expect((await outboxOf(opened)).filter((row) => row.subject.startsWith('immediate'))).toEqual([
      { to_address: 'near@example.org', subject: `immediate ${pointAlert}`, service_request_id: 'after' },
      { to_address: 'street@example.org', subject: `immediate ${streetAlert}`, service_request_id: 'after' },
    ]);
    expect(await store.alerts.unscannedPublications(baseTime + 4 * minute, 10)).toEqual([]);
  });

  it('a report hidden again before the scan is told to nobody; a body alert hears of its body’s reports only', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await confirmedAlert(store, 'body@example.org', baseTime, { area: { kind: 'body', body_id: 'helsinki' } });
    await publishAt(store, 'no-body', baseTime + minute);
    await publishAt(store, 'hidden', baseTime + minute);
    await store.unitOfWork.changeRequest('hidden', () => ({ set: { moderation: 'rejected' }, audit: { at: baseTime + minute, moderator: 'aino', action: 'reject', details: {} } }));
    const due = await store.alerts.unscannedPublications(baseTime + 2 * minute, 10);
    expect(due.map((report) => report.service_request_id).sort()).toEqual(['hidden', 'no-body']);
    for (const report of due) expect(await store.alerts.deliverPublication(report, matching(), baseTime + 2 * minute)).toBe(0);
  });

  it('a daily alert gets one digest a local day, of the reports still published', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    const id = await confirmedAlert(store, 'daily@example.org', baseTime, { frequency: 'daily' });
    await publishAt(store, 'one', baseTime + minute);
    await publishAt(store, 'two', baseTime + 2 * minute);
    for (const report of await store.alerts.unscannedPublications(baseTime + 3 * minute, 10)) {
      expect(await store.alerts.deliverPublication(report, matching(), baseTime + 3 * minute)).toBe(0);
    }
    const digest = (recipient: AlertRecipient, reports: readonly { service_request_id: string }[]) =>
      outboxMessage(`digest-${(serial += 1)}`, { to_address: recipient.email, subject: `digest ${reports.map((report) => report.service_request_id).join(',')}` });

    expect(await store.alerts.dueDigests('2026-11-21', 10)).toEqual([id]);
    expect(await store.alerts.sendDigest(id, '2026-11-21', baseTime + day, digest)).toBe(true);
    expect(await store.alerts.sendDigest(id, '2026-11-21', baseTime + day, digest)).toBe(false);
    await publishAt(store, 'three', baseTime + day + minute);
    for (const report of await store.alerts.unscannedPublications(baseTime + day + 2 * minute, 10)) await store.alerts.deliverPublication(report, matching(), baseTime + day + 2 * minute);
    expect(await store.alerts.dueDigests('2026-11-21', 10)).toEqual([]);
    expect(await store.alerts.dueDigests('2026-11-22', 10)).toEqual([id]);
    expect(await store.alerts.sendDigest(id, '2026-11-22', baseTime + 2 * day, digest)).toBe(true);
    expect((await outboxOf(opened)).filter((row) => row.subject.startsWith('digest')).map((row) => row.subject)).toEqual(['digest one,two', 'digest three']);
  });
});
