import type { PostgresDatabase } from './database';
import { inOrderOf, withinDistance } from '../counter-geometry';
import { boundingBox } from '../geo';
import { counterColumns as columns, decodeCounter as fromRow, foldSource, sameCounterContent as sameContent, type CounterRow } from '../counter-rows';
import type { CounterFilter, CounterRecord, CounterRepository, CounterRevision, StoredCounter, UpsertSummary } from '../repositories/types';

/**
 * Whole batches go in as one array per column (unnest), so an import is one statement per kind
 * of write however many counters it holds, and never near the bound-parameter limit.
 */
const columnArrays = `$1::bigint[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::integer[], $7::integer[],
  $8::text[], $9::integer[], $10::bigint[], $11::bigint[], $12::double precision[], $13::double precision[]`;
const unnestedColumns = `id, name, source, source_folded, source_id, classifying, crs_epsg, municipality_code,
  data_received, first_stored_observation, last_stored_observation, longitude, latitude`;

function toColumnArrays(records: readonly CounterRecord[]): unknown[][] {
  const arrays: unknown[][] = Array.from({ length: 13 }, () => []);
  for (const record of records) {
    const values = [
      record.id,
      record.name,
      record.source,
      foldSource(record.source),
      record.sourceId,
      record.classifying ? 1 : 0,
      record.crsEpsg,
      record.municipalityCode,
      record.dataReceived ? 1 : 0,
      record.firstStoredObservation,
      record.lastStoredObservation,
      record.longitude,
      record.latitude,
    ];
    values.forEach((value, index) => arrays[index]!.push(value));
  }
  return arrays;
}

/** WHERE clause for the indexed parts of a filter; the exact distance is checked in code. */
function whereClause(filter: CounterFilter): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.source !== undefined) conditions.push(`source_folded = ${param(foldSource(filter.source))}`);
  if (filter.municipalityCodes !== undefined) {
    // An empty list matches nothing, as SQLite's `1 = 0`.
    conditions.push(`municipality_code = ANY(${param(filter.municipalityCodes)}::text[])`);
  }
  if (filter.near !== undefined) {
    const { latitude, longitude, distanceKm: radius } = filter.near;
    // The GiST index finds the candidates: a sphere distance (PostGIS's radius differs from
    // geo.ts's by parts per billion) with a generous margin, so it never drops a counter the
    // exact check keeps. Only for finite radii: PostGIS refuses a NaN or negative tolerance.
    if (Number.isFinite(radius) && radius >= 0) {
      conditions.push(
        `ST_DWithin(location, ST_SetSRID(ST_MakePoint(${param(longitude)}::double precision, ${param(latitude)}::double precision), 4326)::geography,
          ${param(radius * 1000 * 1.01 + 1000)}::double precision, false)`,
      );
    }
    // The same box as SQLite on top, so the candidates the exact check sees are SQLite's.
    const box = boundingBox(latitude, longitude, radius);
    conditions.push(`latitude BETWEEN ${param(box.minLatitude)}::double precision AND ${param(box.maxLatitude)}::double precision`);
    if (box.longitudes) {
      conditions.push(
        `longitude BETWEEN ${param(box.longitudes.min)}::double precision AND ${param(box.longitudes.max)}::double precision`,
      );
    }
  }
  return { sql: conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '', params };
}

export function createPostgresCounterRepository(db: PostgresDatabase): CounterRepository {
  /** Ids and revisions within the exact distance, in the filter's order (the SQL only narrows the scan). */
  const nearRevisions = async (filter: CounterFilter & { near: NonNullable<CounterFilter['near']> }): Promise<CounterRevision[]> => {
    const { sql, params } = whereClause(filter);
    const rows = await db.query<{ id: number; revision: number; latitude: number; longitude: number }>(
      `SELECT id, revision, latitude, longitude FROM counters${sql}`,
      params,
    );
    return withinDistance(rows, filter.near).map(({ id, revision }) => ({ id, revision }));
  };

  /** Whole rows within the exact distance, in the filter's order: one query for a distance page. */
  const nearRows = async (filter: CounterFilter & { near: NonNullable<CounterFilter['near']> }): Promise<StoredCounter[]> => {
    const { sql, params } = whereClause(filter);
    const rows = await db.query<CounterRow>(`SELECT ${columns} FROM counters${sql}`, params);
    return withinDistance(rows, filter.near).map(fromRow);
  };

  const findMany = async (ids: readonly number[]): Promise<StoredCounter[]> => {
    if (ids.length === 0) return [];
    const rows = await db.query<CounterRow>(`SELECT ${columns} FROM counters WHERE id = ANY($1::bigint[]) ORDER BY id`, [ids]);
    return rows.map(fromRow);
  };

  const listRevisions = async (filter: CounterFilter, offset: number, limit: number): Promise<CounterRevision[]> => {
    if (filter.near) return (await nearRevisions({ ...filter, near: filter.near })).slice(offset, offset + limit);
    const { sql, params } = whereClause(filter);
    return db.query<CounterRevision>(
      `SELECT id, revision FROM counters${sql} ORDER BY id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
  };

  return {
    async countMatching(filter) {
      if (filter.near) return (await nearRevisions({ ...filter, near: filter.near })).length;
      const { sql, params } = whereClause(filter);
      const [row] = await db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM counters${sql}`, params);
      return row!.n;
    },
    async listMatching(filter, offset, limit) {
      if (filter.near) return (await nearRows({ ...filter, near: filter.near })).slice(offset, offset + limit);
      const entries = await listRevisions(filter, offset, limit);
      return inOrderOf(entries, await findMany(entries.map((entry) => entry.id)));
    },
    listRevisions,
    async find(id) {
      const [row] = await db.query<CounterRow>(`SELECT ${columns} FROM counters WHERE id = $1`, [id]);
      return row ? fromRow(row) : undefined;
    },
    findMany,
    async count() {
      const [row] = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM counters');
      return row!.n;
    },
    async listWithin(area) {
      // ST_Within on plane coordinates, as the real service's geometry column: a point on an
      // edge is not within. The area goes in as GeoJSON (ST_GeomFromGeoJSON reads it as EPSG:4326).
      const geometry = JSON.stringify({ type: 'MultiPolygon', coordinates: area });
      const rows = await db.query<CounterRow>(
        `SELECT ${columns} FROM counters WHERE ST_Within(location::geometry, ST_GeomFromGeoJSON($1)) ORDER BY id`,
        [geometry],
      );
      return rows.map(fromRow);
    },
    async upsertMany(records) {
      return db.transaction(async (client) => {
        // The row lock makes concurrent imports take turns: each reads the version, and the
        // existing rows, only after the previous import committed.
        const [dataset] = await client.query<{ version: number }>('SELECT version FROM counter_dataset WHERE id = 1 FOR UPDATE');
        const version = dataset!.version + 1;
        const existing = new Map<number, CounterRecord>();
        if (records.length > 0) {
          const rows = await client.query<CounterRow>(`SELECT ${columns} FROM counters WHERE id = ANY($1::bigint[])`, [
            records.map((record) => record.id),
          ]);
          for (const row of rows) existing.set(row.id, fromRow(row));
        }
        // Decided one record at a time as SQLite does (an id given twice compares with its
        // earlier version), then written as one insert and one update of each id's last version.
        const summary: UpsertSummary = { inserted: 0, updated: 0, unchanged: 0 };
        const current = new Map(existing);
        const toInsert = new Map<number, CounterRecord>();
        const toUpdate = new Map<number, CounterRecord>();
        for (const record of records) {
          const stored = current.get(record.id);
          if (!stored) {
            toInsert.set(record.id, record);
            summary.inserted += 1;
          } else if (sameContent(stored, record)) {
            summary.unchanged += 1;
            continue;
          } else {
            (existing.has(record.id) ? toUpdate : toInsert).set(record.id, record);
            summary.updated += 1;
          }
          current.set(record.id, record);
        }
        if (toInsert.size > 0) {
          await client.query(
            `INSERT INTO counters (${unnestedColumns}, revision)
             SELECT *, $14::bigint FROM unnest(${columnArrays})`,
            [...toColumnArrays([...toInsert.values()]), version],
          );
        }
        if (toUpdate.size > 0) {
          await client.query(
            `UPDATE counters SET name = u.name, source = u.source, source_folded = u.source_folded, source_id = u.source_id,
               classifying = u.classifying, crs_epsg = u.crs_epsg, municipality_code = u.municipality_code,
               data_received = u.data_received, first_stored_observation = u.first_stored_observation,
               last_stored_observation = u.last_stored_observation, longitude = u.longitude, latitude = u.latitude,
               revision = $14::bigint
             FROM unnest(${columnArrays}) AS u(${unnestedColumns})
             WHERE counters.id = u.id`,
            [...toColumnArrays([...toUpdate.values()]), version],
          );
        }
        if (summary.inserted + summary.updated > 0) {
          await client.query('UPDATE counter_dataset SET version = $1 WHERE id = 1', [version]);
        }
        return summary;
      });
    },
    async datasetVersion() {
      const [row] = await db.query<{ version: number }>('SELECT version FROM counter_dataset WHERE id = 1');
      return row!.version;
    },
  };
}
