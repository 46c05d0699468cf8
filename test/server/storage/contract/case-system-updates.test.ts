/** Updates owed to case systems (issue 40, item 8): queued with a change, claimed whole, ended once with the case system's id seen. */
import { describe, expect, it } from 'vitest';
import type { NewCaseSystemUpdate } from '../../../../src/server/storage/repositories/types';
import { baseTime, hour, minute, newRequest, storeServiceTypes, useFreshStore } from './fixtures';

const residentUpdate: NewCaseSystemUpdate = {
  body_id: 'works',
  kind: 'resident_update',
  status: 'in_progress',
  description: 'The hole has grown.',
  media_url: 'https://kerro.example.fi/media/0123456789abcdef0123456789abcdef.jpg',
};
const reopen: NewCaseSystemUpdate = { body_id: 'works', kind: 'reopen', status: 'reopen', description: 'Not fixed.', media_url: null };

describe('case-system updates: the queue of what Kerro owes a case system', () => {
  const opened = useFreshStore();

  it('keeps each update\'s kind and photo link from the change that queued it to the sender and the operator\'s list', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('r-1'));
    for (const [update, at] of [[residentUpdate, baseTime + minute], [reopen, baseTime + 2 * minute]] as const) {
      await store.unitOfWork.changeRequest('r-1', () => ({ set: {}, audit: { at, moderator: 'maija', action: 'case_system_note', details: {} }, caseSystemUpdate: update }));
    }
    const due = await store.caseSystemUpdates.listDue(baseTime + hour, 10);
    expect(due).toHaveLength(2);

    const first = await store.caseSystemUpdates.claim(due[0]!, baseTime + hour, baseTime + 2 * hour);
    expect(first).toEqual({ id: due[0], service_request_id: 'r-1', ...residentUpdate, created_at: baseTime + minute, attempts: 1 });
    const second = await store.caseSystemUpdates.claim(due[1]!, baseTime + hour, baseTime + 2 * hour);
    expect(second).toMatchObject({ kind: 'reopen', media_url: null });

    await store.caseSystemUpdates.end(due[0]!, baseTime + hour, 'remote-7');
    expect(await store.caseSystemUpdates.seen('works', ['remote-7', 'remote-8'])).toEqual(new Set(['remote-7']));
    expect(await store.caseSystemUpdates.list({ limit: 10, serviceRequestId: 'r-1' })).toEqual([
      expect.objectContaining({ id: due[0], kind: 'resident_update', status: 'in_progress', sent_at: baseTime + hour, remote_update_id: 'remote-7' }),
      expect.objectContaining({ id: due[1], kind: 'reopen', sent_at: null }),
    ]);
  });
});
