import { describe, expect, it } from 'vitest';
import { statusOfDetailedStatus } from '../../../src/shared/georeport/detailed-status';
import { mapCaseSystemStatus, type CaseSystemRequest } from '../../../src/server/forwarding/status-mapping';

const forwarded = { detailed_status: ['RECEIVED', 'PUBLIC_WORKS_NEW'], status_notes: 'Sent on.' };
const remote = (fields: Partial<CaseSystemRequest>): CaseSystemRequest => ({ service_request_id: 'r1', status: 'open', updated_at: 0, ...fields });
const listOf = (fields: Partial<CaseSystemRequest>, current = forwarded) => mapCaseSystemStatus(remote(fields), current).detailed_status;

describe('a case system request becomes Kerro status', () => {
  it('keeps both values the case system gives, base first', () => {
    expect(listOf({ detailed_status: 'IN_PROCESS,PUBLIC_WORKS_IN_PROGRESS' })).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS']);
    expect(listOf({ status: 'closed', detailed_status: 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER, PROCESSED' })).toEqual([
      'PROCESSED',
      'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER',
    ]);
  });

  it.each([
    ['RECEIVED', 'open', 'PUBLIC_WORKS_NEW'],
    ['IN_PROCESS', 'open', 'PUBLIC_WORKS_IN_PROGRESS'],
    ['PROCESSED', 'closed', 'PUBLIC_WORKS_COMPLETED'],
    ['ARCHIVED', 'closed', 'PUBLIC_WORKS_COMPLETED'],
    ['REJECTED', 'closed', 'PUBLIC_WORKS_INTERRUPTED'],
  ] as const)('derives the public-works value of %s', (base, status, publicWorks) => {
    const list = listOf({ status, detailed_status: base });
    expect(list).toEqual([base, publicWorks]);
    expect(statusOfDetailedStatus(list)).toBe(status);
  });

  it.each([
    ['PUBLIC_WORKS_NEW', 'open', 'RECEIVED'],
    ['PUBLIC_WORKS_IN_PROGRESS', 'open', 'IN_PROCESS'],
    ['PUBLIC_WORKS_COMPLETED', 'closed', 'PROCESSED'],
    ['PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION', 'closed', 'PROCESSED'],
    ['PUBLIC_WORKS_INTERRUPTED', 'closed', 'REJECTED'],
  ] as const)('derives the base value of %s alone', (publicWorks, status, base) => {
    expect(listOf({ status, detailed_status: publicWorks })).toEqual([base, publicWorks]);
  });

  it('lets the case system’s open/closed win over a derived base value', () => {
    expect(listOf({ status: 'open', detailed_status: 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER' })).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER']);
    expect(listOf({ status: 'closed', detailed_status: 'PUBLIC_WORKS_IN_PROGRESS' })).toEqual(['PROCESSED', 'PUBLIC_WORKS_IN_PROGRESS']);
  });

  it('reads a plain GeoReport open/closed, and drops words it does not know', () => {
    expect(listOf({ status: 'closed' })).toEqual(['PROCESSED', 'PUBLIC_WORKS_COMPLETED']);
    expect(listOf({ status: 'open', detailed_status: 'WAITING_FOR_PARTS' })).toEqual(['RECEIVED', 'PUBLIC_WORKS_NEW']);
    expect(listOf({ status: 'open' }, { detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], status_notes: '' })).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS']);
    expect(listOf({ status: 'open' }, { detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], status_notes: '' })).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS']);
  });

  it('takes the case system’s notes when it sends some, cleaned and cut to the moderators’ limit', () => {
    expect(mapCaseSystemStatus(remote({ status_notes: 'Crew booked\u0007 for Monday.\nThanks.' }), forwarded).status_notes).toBe('Crew booked for Monday.\nThanks.');
    expect(mapCaseSystemStatus(remote({ status_notes: '' }), forwarded).status_notes).toBe('');
    expect(mapCaseSystemStatus(remote({ status_notes: null }), forwarded).status_notes).toBe('Sent on.');
    expect(mapCaseSystemStatus(remote({}), forwarded).status_notes).toBe('Sent on.');
    expect(mapCaseSystemStatus(remote({ status_notes: 'x'.repeat(5000) }), forwarded).status_notes).toHaveLength(2000);
  });
});
