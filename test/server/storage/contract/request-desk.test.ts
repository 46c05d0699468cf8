/** Assignments and internal notes (issue 41, item 5): each change with its audit entry, the assigned_to_me filter, on both engines. */
import { describe, expect, it } from 'vitest';
import { baseTime, minute, newRequest, storeServiceTypes, useFreshStore } from './fixtures';

describe('the request desk', () => {
  const opened = useFreshStore();

  async function seed() {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.createMany([
      newRequest('first', { requested_at: baseTime, updated_at: baseTime }),
      newRequest('second', { requested_at: baseTime + minute, updated_at: baseTime + minute }),
      newRequest('third', { requested_at: baseTime + 2 * minute, updated_at: baseTime + 2 * minute }),
    ]);
    return store;
  }

  it('assigns, re-assigns and unassigns, auditing each with what it replaced; the same assignee again writes nothing', async () => {
    const store = await seed();
    expect(await store.requestDesk.assign('first', 'esa', 'esa', baseTime)).toEqual({ from: null });
    expect(await store.requestDesk.assign('first', 'esa', 'eeva', baseTime + 1)).toBeUndefined();
    expect(await store.requestDesk.assign('first', 'eeva', 'esa', baseTime + 2)).toEqual({ from: 'esa' });
    expect(Object.fromEntries(await store.requestDesk.assignmentsFor(['first', 'second']))).toEqual({
      first: { service_request_id: 'first', moderator_name: 'eeva', assigned_by: 'esa', assigned_at: baseTime + 2 },
    });
    expect(await store.requestDesk.assign('first', null, 'eeva', baseTime + 3)).toEqual({ from: 'eeva' });
    expect((await store.requestDesk.assignmentsFor(['first'])).size).toBe(0);
    const audit = await store.moderation.listAudit({ serviceRequestId: 'first', limit: 10 });
    expect(audit.map((entry) => [entry.action, entry.moderator, entry.details])).toEqual([
      ['unassign', 'eeva', { from: 'eeva', to: null }],
      ['assign', 'esa', { from: 'esa', to: 'eeva' }],
      ['assign', 'esa', { from: null, to: 'esa' }],
    ]);
  });

  it('lists each moderator’s own with the assigned_to_me flag, keeping the list’s order', async () => {
    const store = await seed();
    await store.requestDesk.assign('first', 'esa', 'esa', baseTime);
    await store.requestDesk.assign('third', 'esa', 'esa', baseTime);
    await store.requestDesk.assign('second', 'eeva', 'esa', baseTime);
    const mine = async (moderator: string) =>
      (await store.serviceRequests.listByModeration({ moderation: 'published', order: 'newest', limit: 10, flag: 'assigned_to_me', moderator })).map((row) => row.service_request_id);
    expect(await mine('esa')).toEqual(['third', 'first']);
    expect(await mine('eeva')).toEqual(['second']);
    expect(await mine('nobody')).toEqual([]);
  });

  it('keeps internal notes oldest first, each audited without its text', async () => {
    const store = await seed();
    const note = await store.requestDesk.addNote({ service_request_id: 'second', author: 'esa', text: 'Rang the contractor.', created_at: baseTime });
    await store.requestDesk.addNote({ service_request_id: 'second', author: 'eeva', text: 'Coming Friday.', created_at: baseTime + minute });
    expect(note).toEqual({ id: expect.any(Number), service_request_id: 'second', author: 'esa', text: 'Rang the contractor.', created_at: baseTime });
    expect((await store.requestDesk.listNotes('second')).map((row) => [row.author, row.text])).toEqual([
      ['esa', 'Rang the contractor.'],
      ['eeva', 'Coming Friday.'],
    ]);
    expect(await store.requestDesk.listNotes('first')).toEqual([]);
    const audit = await store.moderation.listAudit({ serviceRequestId: 'second', limit: 10 });
    expect(audit.map((entry) => entry.action)).toEqual(['internal_note', 'internal_note']);
    expect(audit.at(-1)!.details).toEqual({ note: note.id });
  });
});
