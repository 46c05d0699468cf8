import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../src/server/admin/cli';
import type { Store } from '../../../src/server/storage';
import { useStorePerTest } from '../../helpers/store-per-test';
import { printedLines } from './printed-lines';

let dir: string;
let store: Store;
let env: Record<string, string>;
const opened = useStorePerTest('kerro-observations-');
beforeEach(() => ({ dir, store, env } = opened));

const header = 'counter_id,datetime,typeofmeasurement,direction,vehicletype,unit,value,source';

const file = (name: string, content: string) => opened.file(name, content);

/** Through the real command line entry, on the test's store (another connection, as the CLI is another process). */
async function run(args: string[]) {
  const { out, err, io } = printedLines();
  const code = await runAdmin(args, io, { ...env, DEMO_DATA: 'false' });
  return { code, out, err };
}

const everything = { order: [{ field: 'datetime' as const, descending: false }, { field: 'direction' as const, descending: false }], offset: 0, limit: 100 };

describe('observations import', () => {
  it('imports a good file with progress, and replaces a value imported again', async () => {
    const path = file(
      'counts.csv',
      `\uFEFF${header}\r\n7,2025-06-01T08:00:00+03:00,count,in,bicycle,pcs,12,EcoCounter\r\n7;2025-06-01T08:00:00+03:00;count;out;bicycle;pcs;3;EcoCounter\r\n`,
    );
    const first = await run(['observations', 'import', path]);
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    expect(first.out[0]).toBe(`Reading ${path} …`);
    expect(first.out).toContain('  read 2 rows');
    expect(first.out.at(-1)).toMatch(/^Imported 2 observations from .* in \d+\.\d s\.$/);
    const again = file('again.csv', `counter_id,datetime,typeofmeasurement,value,source\n7,2025-06-01T05:00:00Z,count,20,EcoCounter\n`);
    expect((await run(['observations', 'import', again])).code).toBe(0);
    const rows = await store.observations.list({}, everything);
    expect(rows.map((row) => [row.direction, row.vehicleType, row.value, row.phenomenonDurationSeconds])).toEqual([
      ['', '', 20, 3600],
      ['in', 'bicycle', 12, 3600],
      ['out', 'bicycle', 3, 3600],
    ]);
  });

  it('names every bad row by its line and imports nothing', async () => {
    const path = file(
      'bad.csv',
      `${header}\n7,2025-06-01T08:00:00+03:00,count,in,bicycle,pcs,12,EcoCounter\n0,2025-06-01T08:00:00,count,in,bicycle,pcs,1.5,EcoCounter\n\n8,2025-06-01T09:00:00Z,,in,bicycle,pcs,4,\n`,
    );
    const result = await run(['observations', 'import', path]);
    expect(result.code).toBe(1);
    expect(result.err).toEqual([
      `${path} line 3: counter_id must be a whole number above 0 (got "0"); datetime must be an ISO 8601 time with its UTC offset, such as 2025-06-01T08:00:00+03:00 (got "2025-06-01T08:00:00"); value must be a whole number (got "1.5")`,
      `${path} line 5: typeofmeasurement is empty; source is empty`,
      'Nothing was imported: fix the rows above and run the import again.',
    ]);
    expect(await store.observations.count({})).toBe(0);
  });

  it('refuses a wrong header, an empty file and a missing one', async () => {
    const wrongHeader = await run(['observations', 'import', file('h.csv', 'counter,datetime,value\n7,2025-06-01T08:00:00Z,1\n')]);
    expect(wrongHeader.code).toBe(1);
    expect(wrongHeader.err[0]).toContain('missing: counter_id, typeofmeasurement, source; not known: counter');
    expect((await run(['observations', 'import', file('e.csv', '')])).err[0]).toContain('the file is empty');
    expect((await run(['observations', 'import', join(dir, 'nope.csv')])).err[0]).toContain('cannot be read (ENOENT)');
    expect((await run(['observations', 'import'])).code).toBe(2);
  });
});
