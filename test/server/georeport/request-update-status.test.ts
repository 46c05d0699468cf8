/** Kerro's statuses in servicerequestupdates' words, both ways (src/server/georeport/request-update-status.ts's table). */
import { describe, expect, it } from 'vitest';
import { extensionStatusOf, residentStateOf } from '../../../src/server/georeport/request-update-status';

const change = (detailed: string[], kind: Parameters<typeof extensionStatusOf>[0]['kind'] = 'status', duplicateOf: string | null = null) =>
  extensionStatusOf({ kind, detailed_status: detailed, duplicate_of: duplicateOf });

describe('out: a public change\'s status', () => {
  it('follows the public-works value when there is one, else the base value', () => {
    expect(
      [
        ['RECEIVED'], ['IN_PROCESS'], ['PROCESSED'], ['ARCHIVED'], ['REJECTED'],
        ['RECEIVED', 'PUBLIC_WORKS_NEW'], ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'],
        ['PROCESSED', 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER'], ['PROCESSED', 'PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION'], ['REJECTED', 'PUBLIC_WORKS_INTERRUPTED'],
      ].map((detailed) => change(detailed)),
    ).toEqual(['open', 'in_progress', 'fixed', 'closed', 'no_further_action', 'open', 'in_progress', 'fixed', 'action_scheduled', 'no_further_action', 'closed']);
  });

  it('says reopen and fixed for the reporter\'s answers, and duplicate for a duplicate\'s closing', () => {
    expect(change(['IN_PROCESS'], 'reopened')).toBe('reopen');
    expect(change(['PROCESSED'], 'confirmed_fixed')).toBe('fixed');
    expect(change(['REJECTED'], 'status', 'original-id')).toBe('duplicate');
    // Before it became a duplicate, its changes keep their own status.
    expect(change(['IN_PROCESS'], 'note', 'original-id')).toBe('in_progress');
  });
});

describe('in: the reporter\'s word in a posted status', () => {
  it('is "fixed" only for a closing status on an open request, "still there" only for an opening one on a closed request', () => {
    expect(residentStateOf('fixed', 'open')).toBe('fixed');
    expect(residentStateOf('closed', 'open')).toBe('fixed');
    expect(residentStateOf('fixed', 'closed')).toBeUndefined();
    expect(residentStateOf('reopen', 'closed')).toBe('still_there');
    expect(residentStateOf('open', 'closed')).toBe('still_there');
    expect(residentStateOf('open', 'open')).toBeUndefined();
    for (const other of ['in_progress', 'duplicate', 'not_councils_responsibility', 'no_further_action', 'unchanged'] as const) {
      expect([residentStateOf(other, 'open'), residentStateOf(other, 'closed')]).toEqual([undefined, undefined]);
    }
  });
});
