import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database';
import { counterColumns as columns, decodeCounter as fromRow, encodeCounter as toRowParams, foldSource, sameCounterContent as sameContent, type CounterRow } from '../counter-rows';
import { areaBounds, inOrderOf, insideArea, withinDistance } from '../counter-geometry';
import { boundingBox } from '../geo';
import type { CounterFilter, CounterRecord, CounterRepository, CounterRevision, StoredCounter } from '../repositories/types';

/** WHERE clause for the indexed parts of a filter; the exact distance is checked in code. */
function whereClause(filter: CounterFilter): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.source !== undefined) {
    conditions.push('source_folded = ?');
    params.push(foldSource(filter.source));
  }
  if (filter.municipalityCodes !== undefined) {
    if (filter.municipalityCodes.length === 0) conditions.push('1 = 0');
    else conditions.push(`municipality_code IN (${filter.municipalityCodes.map(() => '?').join(', ')})`);
    params.push(...filter.municipalityCodes);
  }
  if (filter.near !== undefined) {
    const box = boundingBox(filter.near.latitude, filter.near.longitude, filter.near.distanceKm);
    conditions.push('latitude BETWEEN ? AND ?');
    params.push(box.minLatitude, box.maxLatitude);
    if (box.longitudes) {
      conditions.push('longitude BETWEEN ? AND ?');
      params.push(box.longitudes.min, box.longitudes.max);
    }
  }
  return { sql: conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '', params };
}

export function createSqliteCounterRepository(db: SqliteDatabase): CounterRepository {
  // Listing SQL differs only by filter shape; a handful of shapes in practice, prepared once each.
  const statements = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size > 200) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  const selectOne = db.prepare(`SELECT ${columns} FROM counters WHERE id = ?`);
  const countAll = db.prepare('SELECT COUNT(*) FROM counters').pluck();
  const selectVersion = db.prepare('SELECT version FROM counter_dataset WHERE id = 1').pluck();
  const updateVersion = db.prepare('UPDATE counter_dataset SET version = ? WHERE id = 1');
  const insert = db.prepare(
    `INSERT INTO counters (id, name, source, source_folded, source_id, classifying, crs_epsg, municipality_code,
       data_received, first_stored_observation, last_stored_observation, longitude, latitude, revision)
     VALUES (@id, @name, @source, @source_folded, @source_id, @classifying, @crs_epsg, @municipality_code,
       @data_received, @first_stored_observation, @last_stored_observation, @longitude, @latitude, @revision)`,
  );
  const update = db.prepare(
    `UPDATE counters SET name = @name, source = @source, source_folded = @source_folded, source_id = @source_id,
       classifying = @classifying, crs_epsg = @crs_epsg, municipality_code = @municipality_code,
       data_received = @data_received, first_stored_observation = @first_stored_observation,
       last_stored_observation = @last_stored_observation, longitude = @longitude, latitude = @latitude,
       revision = @revision
     WHERE id = @id`,
  );

  /** Ids and revisions within the exact distance, in the filter's order (the bounding box only narrows the scan). */
  const nearRevisions = (filter: CounterFilter & { near: NonNullable<CounterFilter['near']> }): CounterRevision[] => {
    const { sql, params } = whereClause(filter);
    const rows = prepare(`SELECT id, revision, latitude, longitude FROM counters${sql}`).all(...params) as (CounterRevision & {
      latitude: number;
      longitude: number;
    })[];
    return withinDistance(rows, filter.near).map(({ id, revision }) => ({ id, revision }));
  };

  /** Whole rows within the exact distance, in the filter's order: one query for a distance page. */
  const nearRows = (filter: CounterFilter & { near: NonNullable<CounterFilter['near']> }): StoredCounter[] => {
    const { sql, params } = whereClause(filter);
    const rows = prepare(`SELECT ${columns} FROM counters${sql}`).all(...params) as CounterRow[];
    return withinDistance(rows, filter.near).map(fromRow);
  };

  const findMany = (ids: readonly number[]): StoredCounter[] => {
    const found: StoredCounter[] = [];
    // Chunks keep the statement shapes few and under any bound-parameter limit.
    for (let start = 0; start < ids.length; start += 100) {
      const chunk = ids.slice(start, start + 100);
      const rows = prepare(`SELECT ${columns} FROM counters WHERE id IN (${chunk.map(() => '?').join(', ')})`).all(
        ...chunk,
      ) as CounterRow[];
      found.push(...rows.map(fromRow));
    }
    return found.sort((a, b) => a.id - b.id);
  };

  const listRevisions = (filter: CounterFilter, offset: number, limit: number): CounterRevision[] => {
    if (filter.near) return nearRevisions({ ...filter, near: filter.near }).slice(offset, offset + limit);
    const { sql, params } = whereClause(filter);
    const rows = prepare(`SELECT id, revision FROM counters${sql} ORDER BY id LIMIT ? OFFSET ?`)
      .raw()
      .all(...params, limit, offset) as [number, number][];
    return rows.map(([id, revision]) => ({ id, revision }));
  };

  const upsertAll = db.transaction((records: readonly CounterRecord[]) => {
    const version = (selectVersion.get() as number) + 1;
    const summary = { inserted: 0, updated: 0, unchanged: 0 };
    for (const record of records) {
      const existing = selectOne.get(record.id) as CounterRow | undefined;
      if (!existing) {
        insert.run(toRowParams(record, version));
        summary.inserted += 1;
      } else if (sameContent(fromRow(existing), record)) {
        summary.unchanged += 1;
      } else {
        update.run(toRowParams(record, version));
        summary.updated += 1;
      }
    }
    if (summary.inserted + summary.updated > 0) updateVersion.run(version);
    return summary;
  });

  return {
    async countMatching(filter) {
      if (filter.near) return nearRevisions({ ...filter, near: filter.near }).length;
      const { sql, params } = whereClause(filter);
      return prepare(`SELECT COUNT(*) FROM counters${sql}`).pluck().get(...params) as number;
    },
    async listMatching(filter, offset, limit) {
      if (filter.near) return nearRows({ ...filter, near: filter.near }).slice(offset, offset + limit);
      const entries = listRevisions(filter, offset, limit);
      return inOrderOf(entries, findMany(entries.map((entry) => entry.id)));
    },
    async listRevisions(filter, offset, limit) {
      return listRevisions(filter, offset, limit);
    },
    async find(id) {
      const row = selectOne.get(id) as CounterRow | undefined;
      return row ? fromRow(row) : undefined;
    },
    async findMany(ids) {
      return findMany(ids);
    },
    async count() {
      return countAll.get() as number;
    },
    async listWithin(area) {
      const box = areaBounds(area);
      const rows = prepare(
        `SELECT ${columns} FROM counters WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ? ORDER BY id`,
      ).all(box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude) as CounterRow[];
      return rows.filter((row) => insideArea(row.longitude, row.latitude, area)).map(fromRow);
    },
    async upsertMany(records) {
      // IMMEDIATE takes the write lock first, so the version read inside cannot go stale.
      return upsertAll.immediate(records);
    },
    async datasetVersion() {
      return selectVersion.get() as number;
    },
  };
}
