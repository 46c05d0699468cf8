/**
 * `/api/observations/`: the real ObservationSerializer's fields (camelCase as its renderer writes
 * them), newest first unless `order` says otherwise, by cursor or, with `page`, by page number.
 */
import { formatCounterTime } from '../counters/time';
import { lastValue, type QueryPairs } from '../drf/query-string';
import type { ObservationRecord, ObservationRepository, ObservationSortField, ObservationSortKey } from '../storage/repositories/types';
import { cursorLink, decodeCursor, numberedPage, pageSizeOf, positionValues } from '../drf/observation-paging';
import { parseObservationListQuery } from './query';

const fixedOrder: ObservationSortField[] = ['measurementType', 'direction', 'vehicleType'];

/**
 * The real pager's ordering: the `order` names, then -datetime after a lone counter or counter
 * after a lone datetime, then measurement type, direction and vehicle type; whatever of
 * datetime and counter is still missing closes it so the order is total.
 */
export function sortKeysOf(order: readonly string[] | undefined): ObservationSortKey[] {
  const names = order ?? ['-datetime', 'counter'];
  const keys: ObservationSortKey[] = [];
  const add = (field: ObservationSortField, descending: boolean) => {
    if (!keys.some((key) => key.field === field)) keys.push({ field, descending });
  };
  for (const name of names) add(name.endsWith('counter') ? 'counterId' : 'datetime', name.startsWith('-'));
  if (names.length === 1) add(keys[0]!.field === 'counterId' ? 'datetime' : 'counterId', keys[0]!.field === 'counterId');
  for (const field of fixedOrder) add(field, false);
  add('datetime', false);
  add('counterId', false);
  return keys;
}

export interface ObservationContext {
  repository: ObservationRepository;
  timeZone: string;
  /** This endpoint's absolute URL without a query. */
  listUrl: string;
  /** The counters' list URL, for each row's `counter` link. */
  countersUrl: string;
  /** The query as sent, which paging links keep (DRF builds them from the request's URL); `pairs` when absent. */
  sent?: QueryPairs;
  /** The path's format suffix: DRF's hyperlinks carry it (`…/counters/7.json`). */
  suffix?: string;
}

function serialize(record: ObservationRecord, context: ObservationContext) {
  return {
    typeofmeasurement: record.measurementType,
    phenomenondurationseconds: record.phenomenonDurationSeconds,
    vehicletype: record.vehicleType,
    direction: record.direction,
    unit: record.unit,
    value: record.value,
    datetime: formatCounterTime(record.datetime, context.timeZone),
    source: record.source,
    counter: context.suffix === undefined ? `${context.countersUrl}${record.counterId}/` : `${context.countersUrl}${record.counterId}.${context.suffix}`,
    counterId: record.counterId,
  };
}

const positionOf = (record: ObservationRecord, keys: readonly ObservationSortKey[]) => keys.map((key) => String(record[key.field]));

export async function renderObservationList(pairs: QueryPairs, context: ObservationContext): Promise<object> {
  const { filter, order } = parseObservationListQuery(pairs, context.timeZone);
  const keys = sortKeysOf(order);
  const limit = pageSizeOf(pairs);
  const { repository } = context;
  const sent = context.sent ?? pairs;
  if (lastValue(pairs, 'page') !== undefined) {
    const count = await repository.count(filter);
    const page = numberedPage(context.listUrl, sent, count, limit);
    const rows = await repository.list(filter, { order: keys, offset: page.offset, limit });
    return { count, next: page.next, previous: page.previous, results: rows.map((row) => serialize(row, context)) };
  }
  const cursor = decodeCursor(lastValue(pairs, 'cursor'), keys.length);
  const numeric = keys.map((key) => key.field === 'datetime' || key.field === 'counterId');
  const after = cursor.position === undefined ? undefined : positionValues(cursor.position, numeric);
  const queryOrder = cursor.reverse ? keys.map((key) => ({ ...key, descending: !key.descending })) : keys;
  const fetched = await repository.list(filter, { order: queryOrder, after, offset: cursor.offset, limit: limit + 1 });
  const more = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  if (cursor.reverse) rows.reverse();
  const started = cursor.position !== undefined || cursor.offset > 0;
  const hasNext = cursor.reverse ? started : more;
  const hasPrevious = cursor.reverse ? more : started;
  const first = rows[0];
  const last = rows.at(-1);
  return {
    next: hasNext && last ? cursorLink(context.listUrl, sent, { offset: 0, reverse: false, position: positionOf(last, keys) }) : null,
    previous: hasPrevious && first ? cursorLink(context.listUrl, sent, { offset: 0, reverse: true, position: positionOf(first, keys) }) : null,
    results: rows.map((row) => serialize(row, context)),
  };
}
