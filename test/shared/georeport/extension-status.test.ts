/** Kerro's statuses in servicerequestupdates' words, both ways (src/shared/georeport/extension-status.ts's one table). */
import { describe, expect, it } from 'vitest';
import { detailedStatusOfUpdate, extensionStatusOf, residentStateOf } from '../../../src/shared/georeport/extension-status';

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

describe('in: a case system\'s update read back', () => {
  const current = ['RECEIVED', 'PUBLIC_WORKS_NEW'];
  const of = (status: string, external_status_code?: string) => detailedStatusOfUpdate({ status, external_status_code }, current);

  it('maps each word to the detailed status Kerro would send it for; a word Kerro has no status for keeps the current one', () => {
    expect(of('in_progress')).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS']);
    expect(of('fixed')).toEqual(['PROCESSED', 'PUBLIC_WORKS_COMPLETED']);
    expect(of('no_further_action')).toEqual(['PROCESSED', 'PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION']);
    expect(of('not_councils_responsibility')).toEqual(['REJECTED', 'PUBLIC_WORKS_INTERRUPTED']);
    expect(of('internal_referral')).toBe(current);
    expect(of('something_else')).toBe(current);
  });

  it('keeps action_scheduled (and planned, its older name) open, as FixMyStreet does: the work is booked, not done', () => {
    expect(of('action_scheduled')).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER']);
    expect(of('planned')).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER']);
  });

  it('takes a Kerro case system\'s own detailed status from external_status_code when it agrees with the word on open/closed', () => {
    expect(of('no_further_action', 'REJECTED')).toEqual(['REJECTED']);
    expect(of('action_scheduled', 'IN_PROCESS,PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER')).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER']);
    // Closed there, but the word is an open one: the word wins.
    expect(of('in_progress', 'PROCESSED')).toEqual(['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS']);
    // Not Kerro's words: ignored.
    expect(of('fixed', 'COMPLETE')).toEqual(['PROCESSED', 'PUBLIC_WORKS_COMPLETED']);
  });
});
