/**
 * What must hold across instances behind a load balancer, on real PostgreSQL: two pools on one
 * database stand for two Kerro processes, and every property is exercised with both at once.
 * (Behaviour shared with SQLite is the contract suite's; this file is about concurrency only.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCounterRepository } from '../../../src/server/storage/kysely/counters';
import { createLoginThrottle, createRateLimits } from '../../../src/server/storage/kysely/throttle';
import { createPostgresDatabase, type PostgresDatabase } from '../../../src/server/storage/postgres/database';
import { runMigrations } from '../../../src/server/storage/postgres/migrations';
import { postgresEngine } from '../../../src/server/storage/postgres/kysely-engine';
import { createOutboxStore, insertOutboxMessage } from '../../../src/server/storage/kysely/outbox';
import { createUnitOfWork } from '../../../src/server/storage/kysely/unit-of-work';
import { encodeRequest } from '../../../src/server/storage/request-rows';
import type { CounterRecord, NewOutboxMessage, NewServiceRequest } from '../../../src/server/storage/repositories/types';
import { startPostgresCluster, type PostgresCluster } from '../../helpers/postgres-cluster';

let cluster: PostgresCluster | undefined;
/** The outbox and the unit of work are written once, on Kysely over a store's pool. */
const createPostgresOutboxStore = (db: PostgresDatabase) => createOutboxStore(postgresEngine(db));
const createPostgresUnitOfWork = (db: PostgresDatabase) => createUnitOfWork(postgresEngine(db));

/** Two "instances": separate pools, as two processes would have. */
let first: PostgresDatabase;
let second: PostgresDatabase;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const url = await cluster.createDatabase();
  first = createPostgresDatabase({ url, poolSize: 10, statementTimeoutMs: 15_000 });
  second = createPostgresDatabase({ url, poolSize: 10, statementTimeoutMs: 15_000 });
  await runMigrations(first);
}, 60_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await cluster?.stop();
});

describe('login throttle across instances', () => {
  const limitsOf = (scopes: string[], max: number) => scopes.map((scope) => ({ scope, windowMs: 60_000, max }));
  it('allows exactly max of 151 simultaneous reservations for one scope', async () => {
    const throttles = [createLoginThrottle(postgresEngine(first)), createLoginThrottle(postgresEngine(second))];
    const now = 1_700_000_000_000;
    const results = await Promise.all(
      Array.from({ length: 151 }, (_, index) => throttles[index % 2]!.reserve(limitsOf(['name:alice', 'ip:192.0.2.1'], 5), now)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    for (const result of results) if (!result.allowed) expect(result.retryAt).toBe(now + 60_000);
    const rows = await first.query<{ scope: string; n: number }>(
      'SELECT scope, COUNT(*) AS n FROM login_attempts GROUP BY scope ORDER BY scope',
    );
    expect(rows).toEqual([
      { scope: 'ip:192.0.2.1', n: 5 },
      { scope: 'name:alice', n: 5 },
    ]);
  }, 30_000);

  it('never deadlocks when reservations share some of their scopes in either order', async () => {
    const throttles = [createLoginThrottle(postgresEngine(first)), createLoginThrottle(postgresEngine(second))];
    const now = 1_700_000_100_000;
    const scopeSets = [
      ['name:bob', 'ip:198.51.100.1'],
      ['ip:198.51.100.1', 'name:carol'],
      ['name:carol', 'name:bob'],
    ];
    // Attempts older than a day, of every scope, are cleaned up by every call, concurrently.
    await first.query(
      `INSERT INTO login_attempts (scope, attempt, at) SELECT 'old:' || n, 'x' || n, $1 FROM generate_series(1, 500) AS n`,
      [now - 25 * 3_600_000],
    );
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, index) => throttles[index % 2]!.reserve(limitsOf(scopeSets[index % 3]!, 4), now)),
    );
    const counts = await first.query<{ scope: string; n: number }>('SELECT scope, COUNT(*) AS n FROM login_attempts WHERE at = $1 GROUP BY scope', [
      now,
    ]);
    for (const { n } of counts) expect(n).toBeLessThanOrEqual(4);
    expect(results.some((result) => result.allowed)).toBe(true);
    expect((await first.query('SELECT 1 FROM login_attempts WHERE at <= $1', [now - 24 * 3_600_000])).length).toBe(0);
  }, 30_000);
});

describe('rate limits across instances', () => {
  it('counts hits from both instances together, each exactly once', async () => {
    const limits = [createRateLimits(postgresEngine(first)), createRateLimits(postgresEngine(second))];
    const now = 1_700_000_000_000;
    const results = await Promise.all(Array.from({ length: 200 }, (_, index) => limits[index % 2]!.hit('ip:203.0.113.7', 60_000, now + index)));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    for (const result of results) expect(result.resetAt).toBe(results[0]!.resetAt);
    expect(await limits[1]!.hit('ip:203.0.113.7', 60_000, now + 1_000)).toEqual({ count: 201, resetAt: results[0]!.resetAt });
  }, 30_000);

  it('never deadlocks while many keys roll over and are cleaned up at once', async () => {
    const limits = [createRateLimits(postgresEngine(first)), createRateLimits(postgresEngine(second))];
    const start = 1_800_000_000_000;
    const keys = Array.from({ length: 40 }, (_, index) => `key:${index}`);
    await Promise.all(keys.map((key, index) => limits[index % 2]!.hit(key, 1_000, start)));
    // Every window has ended: each hit restarts its key while others delete the ended rows.
    const later = await Promise.all(
      [...keys, ...keys, ...keys].map((key, index) => limits[index % 2]!.hit(key, 1_000, start + 5_000)),
    );
    expect(later.every((result) => result.resetAt === start + 6_000)).toBe(true);
    const rows = await first.query<{ hits: number }>('SELECT hits FROM rate_limits WHERE key LIKE $1', ['key:%']);
    expect(rows).toHaveLength(40);
    expect(rows.every((row) => row.hits === 3)).toBe(true);
  }, 30_000);
});

function outboxMessage(index: number, at: number): NewOutboxMessage {
  return {
    message_id: `<m${index}-${at}@kerro.test>`,
    service_request_id: null,
    to_address: `r${index}@example.test`,
    locale: 'en',
    subject: `Subject ${index}`,
    body_text: 'Body',
    body_html: '',
    unsubscribe_url: '',
    created_at: at,
  };
}

describe('outbox across instances', () => {
  it('leases each due message to exactly one of several concurrent senders', async () => {
    const createdAt = 1_700_000_000_000;
    const ids: number[] = [];
    for (let index = 0; index < 60; index++) ids.push(await insertOutboxMessage(postgresEngine(first).db, outboxMessage(index, createdAt)));
    const stores = [createPostgresOutboxStore(first), createPostgresOutboxStore(second)];
    const now = createdAt + 1_000;
    // Six senders (three per instance) each see every due message and race for all of them.
    const claims = await Promise.all(
      Array.from({ length: 6 }, async (_, sender) => {
        const store = stores[sender % 2]!;
        const due = await store.listDue(now, 100);
        const claimed = await Promise.all(due.map((id) => store.claim(id, now, now + 60_000)));
        return claimed.filter((message) => message !== undefined);
      }),
    );
    const claimedIds = claims.flat().map((message) => message.id);
    expect(claimedIds.sort((a, b) => a - b)).toEqual(ids);
    expect(claims.flat().every((message) => message.attempts === 1)).toBe(true);
    const attempts = await first.query<{ attempts: number }>('SELECT attempts FROM outbox WHERE id = ANY($1::bigint[])', [ids]);
    expect(attempts.every((row) => row.attempts === 1)).toBe(true);
    // Leased: no longer due for anyone until the lease ends.
    expect(await stores[1]!.listDue(now, 100)).toEqual([]);
    expect(await stores[0]!.claim(ids[0]!, now, now + 60_000)).toBeUndefined();
    expect((await stores[1]!.claim(ids[0]!, now + 60_000, now + 120_000))?.attempts).toBe(2);
  }, 30_000);
});

function serviceRequest(id: string): NewServiceRequest {
  return {
    service_request_id: id,
    service_code: 'potholes',
    title: 'Pothole',
    description: 'A deep one',
    lat: 60.17,
    long: 24.94,
    address_string: null,
    address_id: null,
    zip_code: null,
    service_object_type: null,
    service_object_id: null,
    email: 'citizen@example.test',
    first_name: null,
    last_name: null,
    phone: null,
    device_id: null,
    account_id: null,
    locale: 'en',
    detailed_status: ['RECEIVED'],
    status_notes: '',
    agency_responsible: '',
    service_notice: '',
    moderation: 'pending',
    external_media_url: null,
    attributes: {},
    requested_at: 1_700_000_000_000,
    updated_at: 1_700_000_000_000,
    expected_at: null,
    media: [],
  };
}

async function insertRequest(db: PostgresDatabase, request: NewServiceRequest): Promise<void> {
  await db.query("INSERT INTO service_types (service_code) VALUES ('potholes') ON CONFLICT DO NOTHING");
  const row = encodeRequest(request);
  const columns = Object.keys(row);
  await db.query(
    `INSERT INTO service_requests (${columns.join(', ')}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
    Object.values(row),
  );
  await db.query(
    `INSERT INTO request_media (service_request_id, position, file_name, content_type, byte_size) VALUES ($1, 0, $2, 'image/jpeg', 10)`,
    [request.service_request_id, `${request.service_request_id}.jpg`],
  );
}

describe('unit of work across instances', () => {
  const tableCounts = async () => {
    const [row] = await first.query<{ audit: number; outbox: number; media: number; versions: number }>(
      `SELECT (SELECT COUNT(*) FROM audit_log) AS audit, (SELECT COUNT(*) FROM outbox) AS outbox,
              (SELECT COUNT(*) FROM request_media) AS media,
              (SELECT version FROM change_versions WHERE name = 'service_requests') AS versions`,
    );
    return row!;
  };

  it('writes nothing when the plan throws, and rethrows its error', async () => {
    await insertRequest(first, serviceRequest('uow-throws'));
    const before = await tableCounts();
    const refusal = new Error('refused by the plan');
    await expect(
      createPostgresUnitOfWork(second).changeRequest('uow-throws', () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await tableCounts()).toEqual(before);
  });

  it('rolls back the request, photo and audit rows when a later write of the change fails', async () => {
    await insertRequest(first, serviceRequest('uow-late-failure'));
    const taken = outboxMessage(9_999, 1_700_000_000_000);
    await insertOutboxMessage(postgresEngine(first).db, taken);
    const before = await tableCounts();
    // The message id is taken: the outbox insert, the last write, fails on its unique constraint.
    await expect(
      createPostgresUnitOfWork(second).changeRequest('uow-late-failure', () => ({
        set: { moderation: 'rejected', detailed_status: ['CLOSED'], updated_at: 1_700_000_500_000 },
        removeMediaPosition: 0,
        audit: { at: 1_700_000_500_000, moderator: 'mod', action: 'reject', details: {} },
        notification: taken,
      })),
    ).rejects.toThrow(/duplicate key/);
    expect(await tableCounts()).toEqual(before);
    const [row] = await first.query<{ moderation: string; status: string }>(
      'SELECT moderation, status FROM service_requests WHERE service_request_id = $1',
      ['uow-late-failure'],
    );
    expect(row).toEqual({ moderation: 'pending', status: 'open' });
  });

  it('serialises concurrent changes of one request: each plan sees the previous one committed', async () => {
    await insertRequest(first, serviceRequest('uow-serial'));
    const units = [createPostgresUnitOfWork(first), createPostgresUnitOfWork(second)];
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        units[index % 2]!.changeRequest('uow-serial', (current) => ({
          set: { status_notes: `${current.status_notes}x` },
          audit: { at: 1_700_000_000_000 + index, moderator: 'mod', action: 'status', details: {} },
        })),
      ),
    );
    expect(results.every((result) => result?.notificationQueued === false)).toBe(true);
    const [row] = await first.query<{ status_notes: string }>('SELECT status_notes FROM service_requests WHERE service_request_id = $1', [
      'uow-serial',
    ]);
    expect(row!.status_notes).toBe('x'.repeat(30));
    const [audit] = await first.query<{ n: number }>('SELECT COUNT(*) AS n FROM audit_log WHERE service_request_id = $1', ['uow-serial']);
    expect(audit!.n).toBe(30);
  }, 30_000);
});

function counter(id: number, name: string): CounterRecord {
  return {
    id,
    name,
    source: 'Test',
    sourceId: id,
    classifying: true,
    crsEpsg: 3067,
    municipalityCode: '091',
    dataReceived: true,
    firstStoredObservation: 1_600_000_000_000,
    lastStoredObservation: null,
    longitude: 24.9 + id / 100_000,
    latitude: 60.1 + id / 100_000,
  };
}

describe('counter imports across instances', () => {
  it('applies both of two concurrent overlapping imports, one after the other', async () => {
    const counters = [createCounterRepository(postgresEngine(first)), createCounterRepository(postgresEngine(second))];
    const versionBefore = await counters[0]!.datasetVersion();
    const batchA = Array.from({ length: 2_000 }, (_, index) => counter(index + 1, `A${index + 1}`));
    const batchB = Array.from({ length: 2_000 }, (_, index) => counter(index + 1_001, `B${index + 1_001}`));
    const [summaryA, summaryB] = await Promise.all([counters[0]!.upsertMany(batchA), counters[1]!.upsertMany(batchB)]);
    // Whichever went second saw the first's rows of the overlap (1001..2000) and updated them.
    const total = (summary: typeof summaryA) => summary.inserted + summary.updated + summary.unchanged;
    expect(total(summaryA)).toBe(2_000);
    expect(total(summaryB)).toBe(2_000);
    expect(summaryA.inserted + summaryB.inserted).toBe(3_000);
    expect(summaryA.updated + summaryB.updated).toBe(1_000);
    expect(await counters[1]!.count()).toBe(3_000);
    expect(await counters[0]!.datasetVersion()).toBe(versionBefore + 2);

    const bFirst = summaryA.updated === 1_000; // A updated the overlap: B committed first
    const overlap = await counters[0]!.find(1_500);
    expect(overlap?.name).toBe(bFirst ? 'A1500' : 'B1500');
    expect(overlap?.revision).toBe(versionBefore + 2);
    const revisions = await first.query<{ revision: number; n: number }>(
      'SELECT revision, COUNT(*) AS n FROM counters GROUP BY revision ORDER BY revision',
    );
    expect(revisions).toEqual([
      { revision: versionBefore + 1, n: 1_000 },
      { revision: versionBefore + 2, n: 2_000 },
    ]);
  }, 30_000);
});
