/**
 * The observation filters as the real service's django-filter FilterSets check them: every
 * problem collected into one DRF 400 body keyed by field (camelCase, as its renderer writes keys),
 * in the order the FilterSet declares its fields. A blank value counts as absent.
 */
import { invalidFields } from '../drf/errors';
import { lastValue, type QueryPairs } from '../drf/query-string';
import { zoneOffsetSeconds } from '../time/core';
import type { ObservationFilter } from '../storage/repositories/types';

export type Problems = Record<string, string[]>;

const required = 'This field is required.';
const invalidChoice = (value: string) => `Select a valid choice. ${value} is not one of the available choices.`;

const given = (pairs: QueryPairs, name: string) => {
  const value = lastValue(pairs, name);
  return value === undefined || value.trim() === '' ? undefined : value.trim();
};

/** A Python Decimal as django's DecimalField reads it; undefined when it is none. */
function decimal(text: string): number | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return undefined;
  return Number(text);
}

/** Epoch ms of local midnight starting that date in the zone. */
export function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const guess = wall - zoneOffsetSeconds(wall, timeZone) * 1000;
  return wall - zoneOffsetSeconds(guess, timeZone) * 1000;
}

/** A DateField value (YYYY-MM-DD, a real date) as [year, month, day]. */
function date(text: string): [number, number, number] | undefined {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return [year, month, day];
}

/**
 * start_date: from that date's local midnight; end_date: through the end of that local day,
 * as the real filter's make_aware(datetime.combine(date, time.max)).
 */
export function dateRange(pairs: QueryPairs, timeZone: string, problems: Problems): Pick<ObservationFilter, 'from' | 'to'> {
  const range: Pick<ObservationFilter, 'from' | 'to'> = {};
  const start = given(pairs, 'start_date');
  if (start !== undefined) {
    const parts = date(start);
    if (parts) range.from = localMidnight(...parts, timeZone);
    else problems.startDate = ['Enter a valid date.'];
  }
  const end = given(pairs, 'end_date');
  if (end !== undefined) {
    const parts = date(end);
    if (parts) {
      const next = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2] + 1));
      range.to = localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone) - 1;
    } else problems.endDate = ['Enter a valid date.'];
  }
  return range;
}

/** `counter` as a comma list of numbers (NumberInFilter); non-integers match nothing. */
function counterList(pairs: QueryPairs, problems: Problems): number[] | undefined {
  const text = given(pairs, 'counter');
  if (text === undefined) return undefined;
  const numbers = text.split(',').map((part) => decimal(part.trim()));
  if (numbers.some((value) => value === undefined)) {
    problems.counter = ['Enter a number.'];
    return undefined;
  }
  return (numbers as number[]).filter((value) => Number.isSafeInteger(value));
}

export interface ObservationListQuery {
  filter: ObservationFilter;
  /** The `order` names as given (datetime, -datetime, counter, -counter), or undefined. */
  order?: string[];
}

export function parseObservationListQuery(pairs: QueryPairs, timeZone: string): ObservationListQuery {
  const problems: Problems = {};
  const filter: ObservationFilter = {};
  const counterIds = counterList(pairs, problems);
  if (counterIds !== undefined) filter.counterIds = counterIds;
  Object.assign(filter, dateRange(pairs, timeZone, problems));
  const measurementType = given(pairs, 'measurement_type');
  if (measurementType !== undefined) filter.measurementType = measurementType;
  const source = given(pairs, 'source');
  if (source !== undefined) filter.source = source;
  const orderText = given(pairs, 'order');
  let order: string[] | undefined;
  if (orderText !== undefined) {
    order = orderText.split(',').map((part) => part.trim());
    const wrong = order.find((name) => !['datetime', '-datetime', 'counter', '-counter'].includes(name));
    if (wrong !== undefined) problems.order = [invalidChoice(wrong)];
  }
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return { filter, order };
}

export const periods = ['hour', 'day', 'week', 'month', 'year'] as const;
export type Period = (typeof periods)[number];

export interface AggregateQuery {
  counterId: number;
  measurementType: string;
  period: Period;
  from?: number;
  to?: number;
  descending: boolean;
}

/** The aggregate's FilterSet: counter, period and measurement_type are required. */
export function parseAggregateQuery(pairs: QueryPairs, timeZone: string): AggregateQuery | { matchesNothing: true } {
  const problems: Problems = {};
  const counterText = given(pairs, 'counter');
  const counter = counterText === undefined ? undefined : decimal(counterText);
  if (counterText === undefined) problems.counter = [required];
  else if (counter === undefined) problems.counter = ['Enter a number.'];
  const range = dateRange(pairs, timeZone, problems);
  const period = given(pairs, 'period');
  if (period === undefined) problems.period = [required];
  else if (!(periods as readonly string[]).includes(period)) problems.period = [invalidChoice(period)];
  const measurementType = given(pairs, 'measurement_type');
  if (measurementType === undefined) problems.measurementType = [required];
  const order = given(pairs, 'order');
  if (order !== undefined && order !== 'start_time' && order !== '-start_time') problems.order = [invalidChoice(order)];
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  if (!Number.isSafeInteger(counter)) return { matchesNothing: true };
  return { counterId: counter!, measurementType: measurementType!, period: period as Period, ...range, descending: order !== 'start_time' };
}
