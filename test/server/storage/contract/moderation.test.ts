import { describe, expect, it } from 'vitest';
import type { NewAuditEntry, SessionRecord } from '../../../../src/server/storage/repositories/types';
import { baseTime, hour, openSecondStore, useFreshStore } from './fixtures';

const session = (id: string, moderatorId: number, createdAt = baseTime, expiresAt = baseTime + 8 * hour): Omit<SessionRecord, 'moderator_name' | 'moderator_bodies'> => ({
  id,
  moderator_id: moderatorId,
  csrf_token: `csrf-${id}`,
  created_at: createdAt,
  expires_at: expiresAt,
});

describe('moderation: moderators', () => {
  const opened = useFreshStore();

  it('creates a moderator and answers it without the password hash', async () => {
    const { moderation } = opened.store;
    const created = await moderation.createModerator('aino', 'scrypt$hash-1', baseTime);
    expect(created).toEqual({ id: expect.any(Number), name: 'aino', created_at: baseTime, disabled_at: null, bodies: [] });
    expect(Object.keys(created!).sort()).toEqual(['bodies', 'created_at', 'disabled_at', 'id', 'name']);
    expect(await moderation.findModerator('aino')).toEqual({ ...created, password_hash: 'scrypt$hash-1' });
  });

  it('answers undefined for a taken name, keeping the first moderator as it was', async () => {
    const { moderation } = opened.store;
    const first = await moderation.createModerator('aino', 'hash-1', baseTime);
    expect(await moderation.createModerator('aino', 'hash-2', baseTime + 1)).toBeUndefined();
    expect(await moderation.findModerator('aino')).toEqual({ ...first, password_hash: 'hash-1' });
    // Names are exact: another case is another name.
    const other = await moderation.createModerator('Aino', 'hash-3', baseTime + 2);
    expect(other?.id).not.toBe(first?.id);
    expect(await moderation.findModerator('AINO')).toBeUndefined();
  });

  it('of many racing to create one name, exactly one gets it', async () => {
    const other = await openSecondStore(opened);
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? opened.store : other).moderation.createModerator('eetu', `hash-${index}`, baseTime + index)),
      );
      const created = results.filter((result) => result !== undefined);
      expect(created).toHaveLength(1);
      expect(await opened.store.moderation.listModerators()).toEqual(created);
    } finally {
      await other.close();
    }
  });

  it('a sign-in name holding NUL finds no moderator, never an error', async () => {
    const { moderation } = opened.store;
    await moderation.createModerator('aino', 'h', baseTime);
    await expect.soft(moderation.findModerator('aino\u0000'), 'findModerator').resolves.toBeUndefined();
    await expect.soft(moderation.setPassword('aino\u0000', 'x'), 'setPassword').resolves.toBe(false);
    await expect.soft(moderation.setDisabled('aino\u0000', baseTime), 'setDisabled').resolves.toBe(false);
    await expect.soft(moderation.findActiveSession('s\u0000', baseTime), 'findActiveSession').resolves.toBeUndefined();
  });

  it('lists moderators by name', async () => {
    const { moderation } = opened.store;
    const b = await moderation.createModerator('bertta', 'h', baseTime);
    const a = await moderation.createModerator('aino', 'h', baseTime + 1);
    const c = await moderation.createModerator('cecilia', 'h', baseTime + 2);
    const upper = await moderation.createModerator('Veera', 'h', baseTime + 3);
    const accented = await moderation.createModerator('Åsa', 'h', baseTime + 4);
    // Code-point order: capitals before small letters, letters beyond A–Z last.
    expect(await moderation.listModerators()).toEqual([upper, a, b, c, accented]);
    expect(await moderation.findModerator('nobody')).toBeUndefined();
  });

  it('setPassword changes the hash and ends the moderator’s sessions only', async () => {
    const { moderation } = opened.store;
    const aino = (await moderation.createModerator('aino', 'old', baseTime))!;
    const eetu = (await moderation.createModerator('eetu', 'h', baseTime))!;
    await moderation.createSession(session('s-aino', aino.id));
    await moderation.createSession(session('s-eetu', eetu.id));
    expect(await moderation.setPassword('aino', 'new')).toBe(true);
    expect((await moderation.findModerator('aino'))?.password_hash).toBe('new');
    expect(await moderation.findActiveSession('s-aino', baseTime + 1)).toBeUndefined();
    expect(await moderation.findActiveSession('s-eetu', baseTime + 1)).toBeDefined();
    expect(await moderation.setPassword('nobody', 'x')).toBe(false);
  });

  it('setDisabled: a time disables and ends sessions, null enables again (sessions stay ended)', async () => {
    const { moderation } = opened.store;
    const aino = (await moderation.createModerator('aino', 'h', baseTime))!;
    await moderation.createSession(session('s1', aino.id));
    expect(await moderation.setDisabled('aino', baseTime + 10)).toBe(true);
    expect(await moderation.findModerator('aino')).toMatchObject({ disabled_at: baseTime + 10 });
    expect(await moderation.listModerators()).toEqual([{ ...aino, disabled_at: baseTime + 10 }]);
    expect(await moderation.findActiveSession('s1', baseTime + 11)).toBeUndefined();

    expect(await moderation.setDisabled('aino', null)).toBe(true);
    expect(await moderation.findModerator('aino')).toMatchObject({ disabled_at: null });
    expect(await moderation.findActiveSession('s1', baseTime + 12)).toBeUndefined();
    expect(await moderation.setDisabled('nobody', baseTime)).toBe(false);
    expect(await moderation.setDisabled('nobody', null)).toBe(false);
  });
});

describe('moderation: sessions', () => {
  const opened = useFreshStore();

  it('finds an active session with its moderator’s name', async () => {
    const { moderation } = opened.store;
    const aino = (await moderation.createModerator('aino', 'h', baseTime))!;
    await moderation.createSession(session('token-sha256', aino.id, baseTime, baseTime + hour));
    expect(await moderation.findActiveSession('token-sha256', baseTime)).toEqual({
      id: 'token-sha256',
      moderator_id: aino.id,
      moderator_name: 'aino',
      moderator_bodies: [],
      csrf_token: 'csrf-token-sha256',
      created_at: baseTime,
      expires_at: baseTime + hour,
    });
    expect(await moderation.findActiveSession('other', baseTime)).toBeUndefined();
    expect(await moderation.findActiveSession('TOKEN-SHA256', baseTime)).toBeUndefined();
  });

  it('a session is active strictly before it expires', async () => {
    const { moderation } = opened.store;
    const aino = (await moderation.createModerator('aino', 'h', baseTime))!;
    await moderation.createSession(session('s', aino.id, baseTime, baseTime + hour));
    expect(await moderation.findActiveSession('s', baseTime + hour - 1)).toBeDefined();
    expect(await moderation.findActiveSession('s', baseTime + hour)).toBeUndefined();
    expect(await moderation.findActiveSession('s', baseTime + 2 * hour)).toBeUndefined();
  });

  it('a disabled moderator’s session is not active, even one created while disabled', async () => {
    const { moderation } = opened.store;
    const aino = (await moderation.createModerator('aino', 'h', baseTime))!;
    await moderation.setDisabled('aino', baseTime);
    await moderation.createSession(session('s', aino.id));
    expect(await moderation.findActiveSession('s', baseTime + 1)).toBeUndefined();
    await moderation.setDisabled('aino', null);
    expect(await moderation.findActiveSession('s', baseTime + 1)).toBeDefined();
  });

  it('deleteSession ends one session; deleting an unknown one is fine', async () => {
    const { moderation } = opened.store;
    const aino = (await moderation.createModerator('aino', 'h', baseTime))!;
    await moderation.createSession(session('s1', aino.id));
    await moderation.createSession(session('s2', aino.id));
    await moderation.deleteSession('s1');
    await moderation.deleteSession('s1');
    await moderation.deleteSession('never');
    expect(await moderation.findActiveSession('s1', baseTime + 1)).toBeUndefined();
    expect(await moderation.findActiveSession('s2', baseTime + 1)).toBeDefined();
  });

  it('createSession drops sessions that had expired by the new one’s creation', async () => {
    const { moderation } = opened.store;
    const aino = (await moderation.createModerator('aino', 'h', baseTime))!;
    await moderation.createSession(session('expires-first', aino.id, baseTime, baseTime + hour));
    await moderation.createSession(session('expires-later', aino.id, baseTime, baseTime + 3 * hour));
    // Both are still there when asked about an earlier moment.
    expect(await moderation.findActiveSession('expires-first', baseTime + 1)).toBeDefined();
    await moderation.createSession(session('new', aino.id, baseTime + hour, baseTime + 9 * hour));
    expect(await moderation.findActiveSession('expires-first', baseTime + 1)).toBeUndefined();
    expect(await moderation.findActiveSession('expires-later', baseTime + 1)).toBeDefined();
    expect(await moderation.findActiveSession('new', baseTime + hour)).toBeDefined();
  });

  it('refuses a session id twice and a session of no moderator', async () => {
    const { moderation } = opened.store;
    const aino = (await moderation.createModerator('aino', 'h', baseTime))!;
    await moderation.createSession(session('s', aino.id));
    await expect(moderation.createSession(session('s', aino.id))).rejects.toThrow();
    await expect(moderation.createSession(session('orphan', aino.id + 1000))).rejects.toThrow();
  });
});

describe('moderation: audit log', () => {
  const opened = useFreshStore();

  const entry = (n: number, overrides: Partial<NewAuditEntry> = {}): NewAuditEntry => ({
    at: baseTime + n,
    moderator: 'aino',
    action: 'publish',
    service_request_id: `req-${n % 3}`,
    details: { n, from: 'pending', to: 'published', nested: { list: [1, 'two', null], flag: true } },
    ...overrides,
  });

  it('records entries and lists them newest first with every field', async () => {
    const { moderation } = opened.store;
    expect(await moderation.listAudit({ limit: 10 })).toEqual([]);
    await moderation.recordAudit(entry(1));
    await moderation.recordAudit(entry(2, { service_request_id: null, action: 'sign_in', details: {} }));
    const listed = await moderation.listAudit({ limit: 10 });
    expect(listed).toEqual([
      { id: expect.any(Number), ...entry(2, { service_request_id: null, action: 'sign_in', details: {} }) },
      { id: expect.any(Number), ...entry(1) },
    ]);
    expect(listed[0]!.id).toBeGreaterThan(listed[1]!.id);
  });

  it('orders by record order, not by `at`', async () => {
    const { moderation } = opened.store;
    await moderation.recordAudit(entry(1, { at: baseTime + 100 }));
    await moderation.recordAudit(entry(2, { at: baseTime }));
    expect((await moderation.listAudit({ limit: 10 })).map((listed) => listed.details.n)).toEqual([2, 1]);
  });

  it('pages with beforeId (exclusive) and filters by request', async () => {
    const { moderation } = opened.store;
    for (let n = 1; n <= 10; n += 1) await moderation.recordAudit(entry(n));
    const pages: number[][] = [];
    let beforeId: number | undefined;
    for (;;) {
      const page = await moderation.listAudit({ limit: 4, beforeId });
      if (page.length === 0) break;
      pages.push(page.map((listed) => listed.details.n as number));
      beforeId = page[page.length - 1]!.id;
    }
    expect(pages).toEqual([[10, 9, 8, 7], [6, 5, 4, 3], [2, 1]]);

    const ofRequest = await moderation.listAudit({ limit: 10, serviceRequestId: 'req-1' });
    expect(ofRequest.map((listed) => listed.details.n)).toEqual([10, 7, 4, 1]);
    const secondPage = await moderation.listAudit({ limit: 2, serviceRequestId: 'req-1', beforeId: ofRequest[1]!.id });
    expect(secondPage.map((listed) => listed.details.n)).toEqual([4, 1]);
    expect(await moderation.listAudit({ limit: 10, serviceRequestId: 'req-9' })).toEqual([]);
    expect(await moderation.listAudit({ limit: 0 })).toEqual([]);
  });

  it('filters by moderator, action and a time range (from inclusive, until exclusive), together and with paging', async () => {
    const { moderation } = opened.store;
    const written: [string, NewAuditEntry['action']][] = [
      ['aino', 'publish'],
      ['ville', 'publish'],
      ['aino', 'status'],
      ['aino', 'publish'],
      ['ville', 'reject'],
      ['aino', 'publish'],
    ];
    for (const [index, [moderator, action]] of written.entries()) {
      await moderation.recordAudit(entry(index + 1, { at: baseTime + (index + 1) * hour, moderator, action }));
    }
    const ns = (entries: { details: Record<string, unknown> }[]) => entries.map((listed) => listed.details.n);
    expect(ns(await moderation.listAudit({ limit: 10, moderator: 'aino' }))).toEqual([6, 4, 3, 1]);
    expect(ns(await moderation.listAudit({ limit: 10, moderator: 'Aino' }))).toEqual([]);
    expect(ns(await moderation.listAudit({ limit: 10, action: 'publish' }))).toEqual([6, 4, 2, 1]);
    expect(ns(await moderation.listAudit({ limit: 10, from: baseTime + 2 * hour, until: baseTime + 5 * hour }))).toEqual([4, 3, 2]);
    expect(ns(await moderation.listAudit({ limit: 10, moderator: 'aino', action: 'publish', from: baseTime + 2 * hour }))).toEqual([6, 4]);
    const first = await moderation.listAudit({ limit: 2, moderator: 'aino', action: 'publish' });
    expect(ns(first)).toEqual([6, 4]);
    expect(ns(await moderation.listAudit({ limit: 2, moderator: 'aino', action: 'publish', beforeId: first[1]!.id }))).toEqual([1]);
    expect(await moderation.listAudit({ limit: 10, moderator: 'nobody' })).toEqual([]);
  });
});
