/**
 * Counter observations: rows are series (counter, measurement type, direction, vehicle type, with
 * their unit, duration and source) joined to their values.
 */
import { sql, type RawBuilder } from 'kysely';
import { compiledQueries } from './compiled';
import type { Db, Engine } from './engine';
import type {
  ObservationBucket,
  ObservationFilter,
  ObservationPosition,
  ObservationRecord,
  ObservationRepository,
  ObservationSortField,
  ObservationSortKey,
} from '../repositories/types';

const columnOf: Record<ObservationSortField, RawBuilder<unknown>> = {
  datetime: sql.ref('o.datetime'),
  counterId: sql.ref('s.counter_id'),
  measurementType: sql.ref('s.measurement_type'),
  direction: sql.ref('s.direction'),
  vehicleType: sql.ref('s.vehicle_type'),
};

interface ObservationRow {
  counter_id: number;
  measurement_type: string;
  direction: string;
  vehicle_type: string;
  unit: string;
  phenomenon_duration_seconds: number;
  source: string;
  datetime: number;
  value: number;
}

const fold = (text: string) => text.toLowerCase();

/** The filter's conditions (none, one or several, to be joined with AND). */
function filterConditions(filter: ObservationFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.counterIds !== undefined) {
    conditions.push(filter.counterIds.length === 0 ? sql`1 = 0` : sql`s.counter_id IN (${sql.join(filter.counterIds)})`);
  }
  if (filter.measurementType !== undefined) conditions.push(sql`s.measurement_type_folded = ${fold(filter.measurementType)}`);
  if (filter.source !== undefined) conditions.push(sql`s.source_folded = ${fold(filter.source)}`);
  if (filter.from !== undefined) conditions.push(sql`o.datetime >= ${filter.from}`);
  if (filter.to !== undefined) conditions.push(sql`o.datetime <= ${filter.to}`);
  return conditions;
}

const whereOf = (conditions: readonly RawBuilder<unknown>[]) => (conditions.length === 0 ? sql`` : sql`WHERE ${sql.join(conditions, sql` AND `)}`);

/**
 * Rows strictly after `position` in `order`: (a > x) OR (a = x AND b > y) OR …, with < for the
 * descending fields. Mixed directions rule out a row-value comparison.
 */
function afterPosition(order: readonly ObservationSortKey[], position: ObservationPosition): RawBuilder<unknown> {
  // The same bound on the first field alone, redundant but plain: it lets the planner range-scan
  // that field's index instead of testing the OR against every row.
  const first = order[0]!;
  const bound = sql`${columnOf[first.field]} ${sql.raw(first.descending ? '<=' : '>=')} ${position[0]}`;
  const alternatives = order.map((key, index) => {
    const equal = order.slice(0, index).map((before, at) => sql`${columnOf[before.field]} = ${position[at]}`);
    return sql`(${sql.join([...equal, sql`${columnOf[key.field]} ${sql.raw(key.descending ? '<' : '>')} ${position[index]}`], sql` AND `)})`;
  });
  return sql`${bound} AND (${sql.join(alternatives, sql` OR `)})`;
}

const decodeObservation = (row: ObservationRow): ObservationRecord => ({
  counterId: Number(row.counter_id),
  measurementType: row.measurement_type,
  direction: row.direction,
  vehicleType: row.vehicle_type,
  unit: row.unit,
  phenomenonDurationSeconds: Number(row.phenomenon_duration_seconds),
  source: row.source,
  datetime: Number(row.datetime),
  value: Number(row.value),
});

/**
 * The series a record belongs to: its key, as stored in observation_series' unique index. NUL
 * separates the parts: stored text never holds control characters (the import refuses them).
 */
const seriesKeyOf = (record: { counterId: number; measurementType: string; direction: string; vehicleType: string }) =>
  `${record.counterId}\u0000${record.measurementType}\u0000${record.direction}\u0000${record.vehicleType}`;

const hourMs = 3_600_000;

/**
 * One series' rows (ascending datetime) summed per hour, appended to `buckets`. Bucketing here
 * rather than in SQL: the rows come in key order, so neither a sort nor a lookup is needed, and a
 * year of one counter is read in a few milliseconds.
 */
function addHourBuckets(buckets: ObservationBucket[], series: { direction: string; unit: string }, rows: readonly { datetime: number; value: number }[]): void {
  let last: ObservationBucket | undefined;
  for (const row of rows) {
    const datetime = Number(row.datetime);
    const start = datetime - (((datetime % hourMs) + hourMs) % hourMs);
    if (last?.start !== start) {
      last = { direction: series.direction, unit: series.unit, start, sum: 0, count: 0 };
      buckets.push(last);
    }
    last.sum += Number(row.value);
    last.count += 1;
  }
}

/** Rows per statement: under both engines' bound-parameter limits (SQLite 32,766; PostgreSQL 65,535). */
const rowsPerStatement = (columns: number) => Math.floor(30_000 / columns);

function chunksOf<T>(rows: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/** Series ids by key, creating the series the records name or updating their unit, duration and source (the last given wins). */
async function seriesIdsFor(trx: Db, records: readonly ObservationRecord[]): Promise<Map<string, number>> {
  const lastOfSeries = new Map<string, ObservationRecord>();
  for (const record of records) lastOfSeries.set(seriesKeyOf(record), record);
  const ids = new Map<string, number>();
  for (const chunk of chunksOf([...lastOfSeries.values()], rowsPerStatement(9))) {
    const rows = await trx
      .insertInto('observation_series')
      .values(
        chunk.map((record) => ({
          counter_id: record.counterId,
          measurement_type: record.measurementType,
          measurement_type_folded: fold(record.measurementType),
          direction: record.direction,
          vehicle_type: record.vehicleType,
          unit: record.unit,
          phenomenon_duration_seconds: record.phenomenonDurationSeconds,
          source: record.source,
          source_folded: fold(record.source),
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['counter_id', 'measurement_type', 'direction', 'vehicle_type']).doUpdateSet((eb) => ({
          unit: eb.ref('excluded.unit'),
          phenomenon_duration_seconds: eb.ref('excluded.phenomenon_duration_seconds'),
          source: eb.ref('excluded.source'),
          source_folded: eb.ref('excluded.source_folded'),
        })),
      )
      .returning(['id', 'counter_id', 'measurement_type', 'direction', 'vehicle_type'])
      .execute();
    for (const row of rows) {
      ids.set(seriesKeyOf({ counterId: Number(row.counter_id), measurementType: row.measurement_type, direction: row.direction, vehicleType: row.vehicle_type }), row.id);
    }
  }
  return ids;
}

export function createObservationRepository(engine: Engine): ObservationRepository {
  const { db } = engine;
  // The aggregate's statements run once per series on every request: compiled once.
  const run = compiledQueries();
  return {
    async upsertMany(records) {
      await engine.write(async (trx) => {
        const seriesIds = await seriesIdsFor(trx, records);
        // One row per key, the last given winning: a PostgreSQL statement may not update a row twice.
        const values = new Map<string, { series_id: number; datetime: number; value: number }>();
        let previous: ObservationRecord | undefined;
        let seriesId = 0;
        for (const record of records) {
          // Consecutive records mostly belong to the series of the one before: skip the key then.
          if (
            previous?.counterId !== record.counterId ||
            previous.measurementType !== record.measurementType ||
            previous.direction !== record.direction ||
            previous.vehicleType !== record.vehicleType
          ) {
            seriesId = seriesIds.get(seriesKeyOf(record))!;
          }
          previous = record;
          values.set(`${seriesId}|${record.datetime}`, { series_id: seriesId, datetime: record.datetime, value: record.value });
        }
        for (const chunk of chunksOf([...values.values()], rowsPerStatement(3))) {
          await trx
            .insertInto('observations')
            .values(chunk)
            .onConflict((conflict) => conflict.columns(['series_id', 'datetime']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
            .execute();
        }
      });
      return { written: records.length };
    },
    async list(filter, page) {
      const conditions = filterConditions(filter);
      if (page.after !== undefined) conditions.push(afterPosition(page.order, page.after));
      // Newest first over every counter: SQLite's planner would read the whole table and sort it
      // (~300 ms over 5 million rows); walking the datetime index sorts only the ties (~1 ms).
      const hint = page.order[0]?.field === 'datetime' && filter.counterIds === undefined ? engine.indexedBy('observations_datetime') : sql``;
      const order = page.order.map((key) => sql`${columnOf[key.field]}${sql.raw(key.descending ? ' DESC' : '')}`);
      const { rows } = await sql<ObservationRow>`SELECT s.counter_id, s.measurement_type, s.direction, s.vehicle_type, s.unit,
          s.phenomenon_duration_seconds, s.source, o.datetime, o.value
        FROM observations AS o ${hint} JOIN observation_series AS s ON s.id = o.series_id
        ${whereOf(conditions)} ORDER BY ${sql.join(order)} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
      return rows.map(decodeObservation);
    },
    async count(filter) {
      const { rows } = await sql<{ count: number }>`SELECT count(*) AS count
        FROM observations AS o JOIN observation_series AS s ON s.id = o.series_id ${whereOf(filterConditions(filter))}`.execute(db);
      return Number(rows[0]!.count);
    },
    async aggregate(query) {
      const buckets: ObservationBucket[] = [];
      const from = query.from ?? Number.MIN_SAFE_INTEGER;
      const to = query.to ?? Number.MAX_SAFE_INTEGER;
      // Each series' key range read alone, in the primary key's own order: no grouping or sorting.
      const series = await run(db, 'series', [query.counterId, fold(query.measurementType)], ([counterId, measurementType]) =>
        db
          .selectFrom('observation_series')
          .select(['id', 'direction', 'unit'])
          .where('counter_id', '=', counterId as number)
          .where('measurement_type_folded', '=', measurementType as string),
      );
      const valuesOf = (seriesId: unknown, givenFrom: unknown, givenTo: unknown) =>
        db
          .selectFrom('observations')
          .where('series_id', '=', seriesId as number)
          .where('datetime', '>=', givenFrom as number)
          .where('datetime', '<=', givenTo as number);
      const into = query.foldInto;
      // SQLite knows no time zones (no periodStart): it sends the hours, which the caller folds.
      const folded = into && engine.periodStart(sql.ref('datetime'), into) !== undefined;
      for (const one of series) {
        if (folded) {
          // The database knows time zones: a year comes back as 365 rows, not ~8,800 hours to parse.
          const rows = await run(db, 'periods', [one.id, from, to, into.period, into.timeZone], ([seriesId, givenFrom, givenTo, period, timeZone]) =>
            valuesOf(seriesId, givenFrom, givenTo)
              .select((eb) => [
                engine.periodStart(sql.ref('datetime'), { period: period as typeof into.period, timeZone: timeZone as string })!.as('start'),
                eb.fn.sum<number>('value').as('sum'),
                eb.fn.countAll<number>().as('count'),
              ])
              .groupBy(sql`1`),
          );
          for (const row of rows) buckets.push({ direction: one.direction, unit: one.unit, start: Number(row.start), sum: Number(row.sum), count: Number(row.count) });
        } else {
          const rows = await run(db, 'hours', [one.id, from, to], ([seriesId, givenFrom, givenTo]) => valuesOf(seriesId, givenFrom, givenTo).select(['datetime', 'value']));
          addHourBuckets(buckets, one, rows);
        }
      }
      return buckets;
    },
    async listSources() {
      const rows = await db.selectFrom('observation_sources').selectAll().orderBy('name').execute();
      return rows.map((row) => ({ name: row.name, license: row.license, descriptions: { fi: row.description_fi, sv: row.description_sv, en: row.description_en } }));
    },
    async upsertSources(records) {
      // One row per name, the last given winning: a PostgreSQL statement may not update a row twice.
      const byName = new Map(records.map((record) => [record.name, record]));
      if (byName.size === 0) return;
      await db
        .insertInto('observation_sources')
        .values(
          [...byName.values()].map((record) => ({
            name: record.name,
            license: record.license,
            description_fi: record.descriptions.fi,
            description_sv: record.descriptions.sv,
            description_en: record.descriptions.en,
          })),
        )
        .onConflict((conflict) =>
          conflict.column('name').doUpdateSet((eb) => ({
            license: eb.ref('excluded.license'),
            description_fi: eb.ref('excluded.description_fi'),
            description_sv: eb.ref('excluded.description_sv'),
            description_en: eb.ref('excluded.description_en'),
          })),
        )
        .execute();
    },
  };
}
