/**
 * The date window of the request filters. The GeoReport API refuses a start_date to end_date span
 * over 90 days (HTTP 400), so the UI keeps every window within 90 calendar days and turns it into
 * API times that never exceed the limit, whatever the time zone or a DST change does.
 */

/** A calendar date as the date input gives it: YYYY-MM-DD, in the person's own time zone. */
export type CalendarDate = string;

export interface DateWindow {
  from: CalendarDate;
  to: CalendarDate;
}

export const MAX_WINDOW_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_SPAN_MS = MAX_WINDOW_DAYS * DAY_MS;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: CalendarDate): [number, number, number] | null {
  const match = datePattern.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  // Rejects 2026-02-31 and the like, which Date would roll over silently.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return [year, month, day];
}

export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && parts(value) !== null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Today's date where the person is. */
export function localToday(now: Date = new Date()): CalendarDate {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Calendar arithmetic (no time zone involved): addDays('2026-03-01', -1) is '2026-02-28'. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [year, month, day] = parts(date) ?? [1970, 1, 1];
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** Days the window covers, both ends included: a single day is 1. */
export function windowLength(dateWindow: DateWindow): number {
  const [fy, fm, fd] = parts(dateWindow.from) ?? [1970, 1, 1];
  const [ty, tm, td] = parts(dateWindow.to) ?? [1970, 1, 1];
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / DAY_MS) + 1;
}

/** The window shown when the URL names none: the last 90 days, today included. */
export function defaultWindow(today: CalendarDate): DateWindow {
  return { from: addDays(today, -(MAX_WINDOW_DAYS - 1)), to: today };
}

/**
 * Makes any pair of dates a usable window: missing ends are filled in, reversed ends swapped,
 * and a window over 90 days is shortened from the side that was not just changed.
 * `adjusted` says which end moved, so the UI can explain it.
 */
export function normaliseWindow(
  input: { from: CalendarDate | null; to: CalendarDate | null },
  today: CalendarDate,
  changed: 'from' | 'to' = 'to',
): { window: DateWindow; adjusted: 'from' | 'to' | null } {
  const from = isCalendarDate(input.from) ? input.from : null;
  const to = isCalendarDate(input.to) ? input.to : null;
  if (!from && !to) return { window: defaultWindow(today), adjusted: null };
  if (!from) return { window: { from: addDays(to!, -(MAX_WINDOW_DAYS - 1)), to: to! }, adjusted: null };
  if (!to) {
    const end = addDays(from, MAX_WINDOW_DAYS - 1);
    return { window: { from, to: end < today ? end : today < from ? from : today }, adjusted: null };
  }
  let usable = from <= to ? { from, to } : { from: to, to: from };
  let adjusted: 'from' | 'to' | null = from <= to ? null : changed === 'from' ? 'to' : 'from';
  if (windowLength(usable) > MAX_WINDOW_DAYS) {
    if (changed === 'from') {
      usable = { from: usable.from, to: addDays(usable.from, MAX_WINDOW_DAYS - 1) };
      adjusted = 'to';
    } else {
      usable = { from: addDays(usable.to, -(MAX_WINDOW_DAYS - 1)), to: usable.to };
      adjusted = 'from';
    }
  }
  return { window: usable, adjusted };
}

/** W3C datetime in UTC, whole seconds: what every GeoReport server accepts. */
function w3c(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The API's start_date/end_date for a window: from local midnight of the first day to the last
 * second of the last day. A DST change inside the window can make 90 local days an hour longer
 * than 90 × 24 h, so the start is pulled in to keep the span within the limit.
 */
export function windowToApiRange(dateWindow: DateWindow): { start_date: string; end_date: string } {
  const [fy, fm, fd] = parts(dateWindow.from) ?? [1970, 1, 1];
  const [ty, tm, td] = parts(dateWindow.to) ?? [1970, 1, 1];
  const end = new Date(ty, tm - 1, td, 23, 59, 59).getTime();
  const start = Math.max(new Date(fy, fm - 1, fd, 0, 0, 0).getTime(), end - MAX_SPAN_MS);
  return { start_date: w3c(start), end_date: w3c(end) };
}
