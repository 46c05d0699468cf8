/**
 * Two Kerros over real HTTP, one the other's case system: the pieces the status-back and
 * mySociety-updates tests share. `kerro` forwards to `cases` (listening on loopback), whose
 * moderator plays the city's case worker.
 */
import { expect } from 'vitest';
import type { BodyRecord } from '../../../src/server/storage/repositories/types';
import { publish, type TestApp } from '../../helpers/georeport-app';
import { validReport } from '../georeport/form';
import { submitRequest, type ModeratorSession } from '../moderation/moderation-client';

export const reporter = 'resident@example.fi';
const lat = Number(validReport.lat);
const long = Number(validReport.long);

/** The city body around the test report's point, sending to `endpoint` by open311 with `send`'s options. */
export function cityBody(endpoint: string, send: Partial<Extract<BodyRecord['send'], { method: 'open311' }>> = {}): BodyRecord {
  const [west, east, south, north] = [long - 0.1, long + 0.1, lat - 0.1, lat + 0.1];
  return {
    id: 'city',
    jurisdiction_id: 'city.test',
    names: { fi: 'Kaupunki', sv: 'Staden', en: 'City' },
    area: { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] },
    services: [validReport.service_code],
    send: { method: 'open311', endpoint, api_key: 'k', premoderation: false, ...send },
  };
}

/**
 * A published report with its reporter's email, linked to `remoteId` as the forward sender leaves
 * a report it sent: made in `cases` too (published there), or `remoteId` given for a stand-in.
 */
export async function forwardedReport(kerro: TestApp, remote: { cases: TestApp } | { remoteId: string }): Promise<{ id: string; remoteId: string }> {
  const id = await submitRequest(kerro, { email: reporter });
  await publish(kerro, id);
  let remoteId: string;
  if ('cases' in remote) {
    remoteId = await submitRequest(remote.cases, { email: reporter });
    await publish(remote.cases, remoteId);
  } else {
    remoteId = remote.remoteId;
  }
  const at = kerro.clock.now;
  await kerro.store.unitOfWork.changeRequest(id, () => ({
    set: { detailed_status: ['RECEIVED', 'PUBLIC_WORKS_NEW'], updated_at: at },
    audit: { at, moderator: 'case system', action: 'forwarded', details: {} },
    forwarded: { remote_id: remoteId },
  }));
  return { id, remoteId };
}

/** The case worker moves the case system's request to `detailed_status`, with notes if given. */
export async function caseSystemSets(moderator: ModeratorSession, remoteId: string, detailed_status: string[], status_notes?: string): Promise<void> {
  const response = await moderator.request('POST', `/requests/${remoteId}/status`, { detailed_status, status_notes });
  expect(response.statusCode, response.body).toBe(200);
}

export const requestOf = async (app: TestApp, id: string) => (await app.store.serviceRequests.find(id))!;
export const historyOf = async (app: TestApp, id: string) => (await app.store.requestHistory.listFor([id])).get(id) ?? [];
