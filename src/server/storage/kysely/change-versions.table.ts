/** The version rows caches ask (addresses, bodies, service objects, requests read them). */

/** Version rows that triggers move on every write to their tables, by any process. */
export interface ChangeVersionsTable {
  name: string;
  version: number;
}

export interface ChangeVersionTables {
  change_versions: ChangeVersionsTable;
}
