/**
 * Resolving a jurisdiction_id reads the bodies' version row once, whether it moved or not: the
 * jurisdictions take their token from the bodies repository's own read, not a read of their own
 * before it. Counted on a real SQLite file by the statements its connection runs (better-sqlite3's
 * `verbose` hook), with the bodies written by another store on the file, as another process would.
 */
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJurisdictions, type Jurisdictions } from '../../../src/server/georeport/jurisdiction';
import { openStore, type Store } from '../../../src/server/storage';
import { sharedRepositories } from '../../../src/server/storage/kysely/repositories';
import type { BodyRecord } from '../../../src/server/storage/repositories/bodies';
import { sqliteEngine } from '../../../src/server/storage/sqlite/kysely-engine';

const square: BodyRecord['area'] = { type: 'Polygon', coordinates: [[[24.6, 60.0], [25.2, 60.0], [25.2, 60.4], [24.6, 60.4], [24.6, 60.0]]] };
const body = (id: string): BodyRecord => ({
  id,
  jurisdiction_id: `${id}.test`,
  names: { fi: id, sv: id, en: id },
  area: square,
  services: ['171'],
  send: { method: 'console' },
});

let dataDir: string;
let writer: Store;
let connection: Database.Database;
let jurisdictions: Jurisdictions;
const statements: string[] = [];

/** How many times `work` read the bodies' version row on the counted connection. */
async function versionReads(work: () => Promise<unknown>): Promise<number> {
  statements.length = 0;
  await work();
  return statements.filter((text) => /from "change_versions"/i.test(text)).length;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kerro-jurisdiction-reads-'));
  writer = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined, DATABASE_POOL_SIZE: 1, DATABASE_STATEMENT_TIMEOUT_MS: 15_000, MEDIA_DIR: undefined });
  await writer.bodies.importAll([body('city')]);
  // The reader: the repositories the app runs, on a connection of its own that reports each statement it runs.
  connection = new Database(join(dataDir, 'kerro.sqlite'), { verbose: (text) => statements.push(String(text)) });
  connection.pragma('busy_timeout = 5000');
  jurisdictions = createJurisdictions(sharedRepositories(sqliteEngine(connection)).bodies, 'kerro.test');
});

afterAll(async () => {
  connection?.close();
  await writer?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('resolving a jurisdiction_id', () => {
  it('reads the bodies’ version once when the bodies are not yet known, and when they are', async () => {
    expect(await versionReads(async () => expect((await jurisdictions.resolve('city.test')).body?.id).toBe('city'))).toBe(1);
    expect(await versionReads(async () => expect((await jurisdictions.resolve('city.test')).body?.id).toBe('city'))).toBe(1);
  });

  it('reads it once after another store wrote the bodies, and sees the write', async () => {
    await writer.bodies.importAll([body('town')]);
    expect(await versionReads(async () => expect((await jurisdictions.resolve('town.test')).body?.id).toBe('town'))).toBe(1);
    expect(await versionReads(() => expect(jurisdictions.resolve('gone.test')).rejects.toThrow(/jurisdiction_id gone.test not found/))).toBe(1);
  });

  it('reads nothing when none is sent', async () => {
    expect(await versionReads(() => jurisdictions.resolve(undefined))).toBe(0);
  });
});
