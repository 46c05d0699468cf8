import type { PostgresDatabase, Queryable } from './database';
import {
  afterPosition,
  addHourBuckets,
  aggregateSeriesSelect,
  decodeObservation,
  filterConditions,
  fold,
  observationSelect,
  orderByOf,
  seriesKeyOf,
  seriesValuesSelect,
  whereOf,
  type ObservationRow,
} from '../observation-sql';
import type { ObservationBucket, ObservationRecord, ObservationRepository } from '../repositories/types';

const numbered = (params: unknown[]) => (value: unknown) => `$${params.push(value)}`;

/** One series' values summed per local period, as Django's Trunc (date_trunc in the zone; weeks from Monday). */
const periodsSelect = (param: (value: unknown) => string, seriesId: number, from: number, to: number, into: { period: string; timeZone: string }) => {
  const zone = param(into.timeZone);
  return `SELECT (extract(epoch FROM date_trunc(${param(into.period)}, to_timestamp(datetime / 1000.0) AT TIME ZONE ${zone}) AT TIME ZONE ${zone}) * 1000)::bigint AS start,
      sum(value) AS sum, count(*) AS count
    FROM observations WHERE series_id = ${param(seriesId)} AND datetime >= ${param(from)} AND datetime <= ${param(to)}
    GROUP BY 1`;
};
/** Rows per statement: arrays keep it one statement per chunk, chunks keep each array modest. */
const chunkSize = 20_000;

/** Series ids by key, creating or updating the series the records name. */
async function seriesIdsFor(client: Queryable, records: readonly ObservationRecord[]): Promise<Map<string, number>> {
  const unique = new Map<string, ObservationRecord>();
  for (const record of records) unique.set(seriesKeyOf(record), record);
  const rows = [...unique.values()];
  const ids = new Map<string, number>();
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const column = <T>(pick: (record: ObservationRecord) => T) => chunk.map(pick);
    const answered = await client.query<{ id: number; counter_id: number; measurement_type: string; direction: string; vehicle_type: string }>(
      `INSERT INTO observation_series (counter_id, measurement_type, measurement_type_folded, direction, vehicle_type, unit,
         phenomenon_duration_seconds, source, source_folded)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::text[])
       ON CONFLICT (counter_id, measurement_type, direction, vehicle_type) DO UPDATE SET
         unit = excluded.unit, phenomenon_duration_seconds = excluded.phenomenon_duration_seconds,
         source = excluded.source, source_folded = excluded.source_folded
       RETURNING id, counter_id, measurement_type, direction, vehicle_type`,
      [
        column((r) => r.counterId),
        column((r) => r.measurementType),
        column((r) => fold(r.measurementType)),
        column((r) => r.direction),
        column((r) => r.vehicleType),
        column((r) => r.unit),
        column((r) => r.phenomenonDurationSeconds),
        column((r) => r.source),
        column((r) => fold(r.source)),
      ],
    );
    for (const row of answered) {
      const key = seriesKeyOf({ counterId: Number(row.counter_id), measurementType: row.measurement_type, direction: row.direction, vehicleType: row.vehicle_type });
      ids.set(key, row.id);
    }
  }
  return ids;
}

export function createPostgresObservationRepository(db: PostgresDatabase): ObservationRepository {
  return {
    async upsertMany(records) {
      await db.transaction(async (client) => {
        const seriesIds = await seriesIdsFor(client, records);
        // One row per key, the last given winning: a statement may not update a row twice.
        const values = new Map<string, [number, number, number]>();
        for (const record of records) {
          const seriesId = seriesIds.get(seriesKeyOf(record))!;
          values.set(`${seriesId}|${record.datetime}`, [seriesId, record.datetime, record.value]);
        }
        const rows = [...values.values()];
        for (let start = 0; start < rows.length; start += chunkSize) {
          const chunk = rows.slice(start, start + chunkSize);
          await client.query(
            `INSERT INTO observations (series_id, datetime, value)
             SELECT * FROM unnest($1::integer[], $2::bigint[], $3::bigint[])
             ON CONFLICT (series_id, datetime) DO UPDATE SET value = excluded.value`,
            [chunk.map((row) => row[0]), chunk.map((row) => row[1]), chunk.map((row) => row[2])],
          );
        }
      });
      return { written: records.length };
    },
    async list(filter, page) {
      const params: unknown[] = [];
      const param = numbered(params);
      const conditions = filterConditions(filter, param);
      if (page.after !== undefined) conditions.push(afterPosition(page.order, page.after, param));
      const sql = `${observationSelect}${whereOf(conditions)}${orderByOf(page.order)} LIMIT ${param(page.limit)} OFFSET ${param(page.offset)}`;
      return (await db.query<ObservationRow>(sql, params)).map(decodeObservation);
    },
    async count(filter) {
      const params: unknown[] = [];
      const conditions = filterConditions(filter, numbered(params));
      const sql = `SELECT count(*) AS count FROM observations o JOIN observation_series s ON s.id = o.series_id${whereOf(conditions)}`;
      const [row] = await db.query<{ count: number }>(sql, params);
      return Number(row!.count);
    },
    async aggregate(query) {
      const buckets: ObservationBucket[] = [];
      const from = query.from ?? Number.MIN_SAFE_INTEGER;
      const to = query.to ?? Number.MAX_SAFE_INTEGER;
      const seriesParams: unknown[] = [];
      const series = await db.query<{ id: number; direction: string; unit: string }>(
        aggregateSeriesSelect(numbered(seriesParams), query.counterId, query.measurementType),
        seriesParams,
      );
      for (const one of series) {
        const params: unknown[] = [];
        if (query.foldInto) {
          // The database knows time zones: a year comes back as 365 rows, not ~8,800 hours to parse.
          const rows = await db.query<{ start: number; sum: number; count: number }>(periodsSelect(numbered(params), one.id, from, to, query.foldInto), params);
          for (const row of rows) buckets.push({ direction: one.direction, unit: one.unit, start: Number(row.start), sum: Number(row.sum), count: Number(row.count) });
          continue;
        }
        const rows = await db.query<{ datetime: number; value: number }>(seriesValuesSelect(numbered(params), one.id, from, to), params);
        addHourBuckets(buckets, one, rows.map((row) => [row.datetime, row.value] as const));
      }
      return buckets;
    },
    async listSources() {
      const rows = await db.query<{ name: string; license: string; description_fi: string; description_sv: string; description_en: string }>(
        'SELECT name, license, description_fi, description_sv, description_en FROM observation_sources ORDER BY name',
      );
      return rows.map((row) => ({ name: row.name, license: row.license, descriptions: { fi: row.description_fi, sv: row.description_sv, en: row.description_en } }));
    },
    async upsertSources(records) {
      if (records.length === 0) return;
      await db.query(
        `INSERT INTO observation_sources (name, license, description_fi, description_sv, description_en)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
         ON CONFLICT (name) DO UPDATE SET license = excluded.license, description_fi = excluded.description_fi,
           description_sv = excluded.description_sv, description_en = excluded.description_en`,
        [records.map((r) => r.name), records.map((r) => r.license), records.map((r) => r.descriptions.fi), records.map((r) => r.descriptions.sv), records.map((r) => r.descriptions.en)],
      );
    },
  };
}
