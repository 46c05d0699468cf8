/**
 * Counter observations (SQLite schema step). Each value row is three integers keyed by
 * (series, datetime) in a WITHOUT ROWID table, so one counter's year is one contiguous range of
 * the primary key's b-tree: the aggregate reads just those pages, however many other counters the
 * file holds. The strings (measurement type, direction, vehicle type, unit, source) live once per
 * series. The datetime index serves the unfiltered listing, newest first.
 */
export const observationsSchemaStep = `
  CREATE TABLE observation_series (
    id INTEGER PRIMARY KEY,
    counter_id INTEGER NOT NULL,
    measurement_type TEXT NOT NULL,
    measurement_type_folded TEXT NOT NULL,
    direction TEXT NOT NULL,
    vehicle_type TEXT NOT NULL,
    unit TEXT NOT NULL,
    phenomenon_duration_seconds INTEGER NOT NULL,
    source TEXT NOT NULL,
    source_folded TEXT NOT NULL,
    UNIQUE (counter_id, measurement_type, direction, vehicle_type)
  );
  CREATE INDEX observation_series_type ON observation_series (measurement_type_folded, counter_id);
  CREATE TABLE observations (
    series_id INTEGER NOT NULL REFERENCES observation_series(id),
    datetime INTEGER NOT NULL,
    value INTEGER NOT NULL,
    PRIMARY KEY (series_id, datetime)
  ) WITHOUT ROWID;
  CREATE INDEX observations_datetime ON observations (datetime);
  CREATE TABLE observation_sources (
    name TEXT PRIMARY KEY,
    license TEXT NOT NULL,
    description_fi TEXT NOT NULL,
    description_sv TEXT NOT NULL,
    description_en TEXT NOT NULL
  );
`;
