import { describe, expect, it } from 'vitest';
import {
  addDays,
  defaultWindow,
  isCalendarDate,
  localToday,
  MAX_WINDOW_DAYS,
  normaliseWindow,
  windowLength,
  windowToApiRange,
} from '../../../src/client/features/map/lib/date-window';

const today = '2026-11-21';

describe('calendar dates', () => {
  it('accepts real dates only', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-1-1')).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
  });

  it('adds days across months and years, and counts both ends of a window', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(windowLength({ from: '2026-11-21', to: '2026-11-21' })).toBe(1);
    expect(windowLength(defaultWindow(today))).toBe(MAX_WINDOW_DAYS);
  });

  it("gives today's date in local time", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('normaliseWindow keeps every window within 90 days', () => {
  it('uses the last 90 days when the URL names no dates', () => {
    expect(normaliseWindow({ from: null, to: null }, today)).toEqual({ window: { from: '2026-08-24', to: today }, adjusted: null });
  });

  it('fills in a missing end', () => {
    expect(normaliseWindow({ from: null, to: '2026-06-30' }, today).window).toEqual({ from: '2026-04-02', to: '2026-06-30' });
    expect(normaliseWindow({ from: '2026-01-01', to: null }, today).window).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    // Never past today when the start is recent.
    expect(normaliseWindow({ from: '2026-11-01', to: null }, today).window).toEqual({ from: '2026-11-01', to: today });
  });

  it('moves the end the person did not touch, and says which', () => {
    expect(normaliseWindow({ from: '2026-01-01', to: '2026-11-21' }, today, 'from')).toEqual({
      window: { from: '2026-01-01', to: '2026-03-31' },
      adjusted: 'to',
    });
    expect(normaliseWindow({ from: '2026-01-01', to: '2026-11-21' }, today, 'to')).toEqual({
      window: { from: '2026-08-24', to: '2026-11-21' },
      adjusted: 'from',
    });
    expect(normaliseWindow({ from: '2026-08-24', to: '2026-11-21' }, today, 'to').adjusted).toBeNull();
  });

  it('swaps reversed ends', () => {
    expect(normaliseWindow({ from: '2026-10-10', to: '2026-10-01' }, today, 'from')).toEqual({
      window: { from: '2026-10-01', to: '2026-10-10' },
      adjusted: 'to',
    });
  });

  it('ignores malformed dates', () => {
    expect(normaliseWindow({ from: 'yesterday', to: '2026-02-31' }, today).window).toEqual(defaultWindow(today));
  });
});

describe('windowToApiRange', () => {
  const spanMs = (range: { start_date: string; end_date: string }) => Date.parse(range.end_date) - Date.parse(range.start_date);

  it('covers the first day from midnight to the last second of the last day, in W3C UTC form', () => {
    const range = windowToApiRange({ from: '2026-06-01', to: '2026-06-01' });
    expect(range.start_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Date.parse(range.start_date)).toBe(new Date(2026, 5, 1, 0, 0, 0).getTime());
    expect(Date.parse(range.end_date)).toBe(new Date(2026, 5, 1, 23, 59, 59).getTime());
  });

  it('never spans more than 90 × 24 hours, whatever the window or a DST change does', () => {
    // Each of these windows is the longest the UI allows; some cross a DST change in Europe.
    for (const to of ['2026-11-21', '2026-04-15', '2026-03-30', '2026-10-26', '2027-01-01']) {
      const window = { from: addDays(to, -(MAX_WINDOW_DAYS - 1)), to };
      expect(spanMs(windowToApiRange(window))).toBeLessThanOrEqual(MAX_WINDOW_DAYS * 86_400_000);
    }
  });
});
