import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { addressesCommand } from '../../../src/server/admin/commands/addresses';
import { runAdmin } from '../../../src/server/admin/cli';
import { demoAddressPoints } from '../../../src/server/demo/addresses';
import type { Store } from '../../../src/server/storage';
import { createdStoreEnv } from '../../helpers/test-store';
import { useStorePerTest } from '../../helpers/store-per-test';
import { printedLines } from './printed-lines';

let dir: string;
let store: Store;
const opened = useStorePerTest('kerro-addresses-');
beforeEach(() => ({ dir, store } = opened));

const header = 'street_fi,street_sv,number,postal_code,municipality_fi,municipality_sv,lat,long';

const file = (name: string, content: string) => opened.file(name, content);

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await addressesCommand(args, { out: (line) => out.push(line), err: (line) => err.push(line) }, store);
  return { code, out, err };
}

describe('addresses import', () => {
  it('loads a good file, saying what it does, and replaces the demo points and its own source', async () => {
    await store.addresses.replace(['demo'], demoAddressPoints().slice(0, 50));
    await store.addresses.replace(['espoo'], [{ ...demoAddressPoints()[0]!, source: 'espoo' }]);
    const path = file(
      'helsinki.csv',
      `\uFEFF${header}\r\n` +
        'Hämeentie,Tavastvägen,30,00530,Helsinki,Helsingfors,60.1874,24.9604\r\n' +
        '"Aleksis Kiven katu","Aleksis Kivis gata",12 A,00510,Helsinki,Helsingfors,60.1939,24.9471\r\n' +
        '\r\n' +
        'Svartbäcksvägen,,2,00100,,Helsingfors,60.1,24.9\r\n',
    );
    const result = await run(['import', path]);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out[0]).toBe(`Reading ${path} …`);
    expect(result.out).toContain('Storing 3 points as source "import" (replacing 0 of that source and 50 demo points) …');
    expect(result.out.at(-1)).toMatch(new RegExp(`^Imported 3 address points from .*helsinki\\.csv \\(source "import"\\), removed 50, in \\d+\\.\\d s\\.$`));
    expect(await store.addresses.countBySource()).toEqual({ espoo: 1, import: 3 });
    const [aleksis] = await store.addresses.onStreet({ street_fi: 'Aleksis Kiven katu', street_sv: 'Aleksis Kivis gata', municipality_fi: 'Helsinki', municipality_sv: 'Helsingfors' }, { limit: 5 });
    expect(aleksis).toMatchObject({ number: '12 A', postal_code: '00510', lat: 60.1939, long: 24.9471, source: 'import' });

    // Again, semicolon separated and with columns in another order: replaces the same source.
    const again = file('again.csv', 'lat;long;number;street_fi;street_sv;postal_code;municipality_fi;municipality_sv\n60.2;24.95;7;Uusikatu;Nygatan;00100;Helsinki;Helsingfors\n');
    const second = await run(['import', again]);
    expect(second.code).toBe(0);
    expect(second.out.at(-1)).toContain('Imported 1 address points');
    expect(second.out.at(-1)).toContain('removed 3');
    expect(await store.addresses.countBySource()).toEqual({ espoo: 1, import: 1 });
    const third = await run(['import', again, '--source', 'vantaa']);
    expect(third.code).toBe(0);
    expect(await store.addresses.countBySource()).toEqual({ espoo: 1, import: 1, vantaa: 1 });
    expect((await run(['count'])).out).toEqual(['espoo: 1 points', 'import: 1 points', 'vantaa: 1 points']);
  });

  // 25,000 rows: about 2 s alone, past vitest's 5 s default when the whole run shares two cores.
  it('prints progress while reading and storing a large file', { timeout: 30_000 }, async () => {
    const rows = Array.from({ length: 25_000 }, (_, index) => `Katu${index % 500},Gatan${index % 500},${index + 1},00100,Helsinki,Helsingfors,60.${1000 + (index % 9000)},24.9`);
    const result = await run(['import', file('big.csv', `${header}\n${rows.join('\n')}\n`)]);
    expect(result.code).toBe(0);
    expect(result.out).toEqual(expect.arrayContaining(['  read 10,000 rows', '  read 20,000 rows', '  read 25,000 rows', '  stored 10,000 of 25,000', '  stored 25,000 of 25,000']));
    expect(await store.addresses.count()).toBe(25_000);
  });

  it('names the line of every bad row and imports nothing', async () => {
    await store.addresses.replace(['demo'], demoAddressPoints().slice(0, 10));
    const path = file(
      'bad.csv',
      `${header}\n` +
        'Hämeentie,Tavastvägen,30,00530,Helsinki,Helsingfors,60.1874,24.9604\n' +
        'Hämeentie,Tavastvägen,31,00530,Helsinki,Helsingfors,"60,1875",24.9604\n' +
        ',,32,00530,Helsinki,Helsingfors,60.1876,24.9604\n' +
        'Hämeentie,Tavastvägen,A,00530,Helsinki,Helsingfors,60.1877,240\n',
    );
    const result = await run(['import', path]);
    expect(result.code).toBe(1);
    expect(result.err).toEqual([
      `${path} line 3: lat must be a decimal number from -90 to 90 with a point, such as 60.1699 (got "60,1875")`,
      `${path} line 4: street_fi and street_sv are both empty: a point needs its street name in at least one`,
      `${path} line 5: number must start with a digit, such as 30 or 12 A (got "A"); long must be a decimal number from -180 to 180 with a point, such as 24.9384 (got "240")`,
      'Nothing was imported: fix the rows above and run the import again.',
    ]);
    expect(await store.addresses.countBySource()).toEqual({ demo: 10 });
  });

  it('refuses a file that is not the documented CSV', async () => {
    const wrongHeader = await run(['import', file('h.csv', 'street,number,lat,lon\nHämeentie,30,60.1,24.9\n')]);
    expect(wrongHeader.code).toBe(1);
    expect(wrongHeader.err[0]).toMatch(/h\.csv line 1: the header must name the columns street_fi,street_sv,number,postal_code,municipality_fi,municipality_sv,lat,long; missing: street_fi, street_sv, postal_code, municipality_fi, municipality_sv, long; not known: street, lon$/);
    const ragged = await run(['import', file('r.csv', `${header}\nHämeentie,Tavastvägen,30,00530,Helsinki,60.1874,24.9604\n`)]);
    expect(ragged.code).toBe(1);
    expect(ragged.err[0]).toMatch(/r\.csv line 2: .*Invalid Record Length/);
    const empty = await run(['import', file('e.csv', '')]);
    expect(empty.err[0]).toContain('the file is empty');
    const headerOnly = await run(['import', file('o.csv', `${header}\n`)]);
    expect(headerOnly.err).toEqual([expect.stringContaining('has the header but no rows')]);
    const missing = await run(['import', join(dir, 'nope.csv')]);
    expect(missing.err[0]).toContain('cannot be read (ENOENT)');
    expect(await store.addresses.count()).toBe(0);
  });

  it('checks its arguments', async () => {
    expect((await run(['import'])).code).toBe(2);
    expect((await run(['import', 'a.csv', 'b.csv'])).code).toBe(2);
    const badSource = await run(['import', 'a.csv', '--source', 'demo']);
    expect(badSource.code).toBe(2);
    expect(badSource.err[0]).toContain('--source must be a short name');
    expect((await run(['--help'])).out[0]).toContain('Usage: npm run admin -- addresses import FILE');
  });

  it('runs from the admin command line on the configured store', async () => {
    const env = { ...(await createdStoreEnv(join(dir, 'cli'))), DEMO_DATA: 'false' };
    const { out, err, announced, io } = printedLines();
    const path = file('cli.csv', `${header}\nHämeentie,Tavastvägen,30,00530,Helsinki,Helsingfors,60.1874,24.9604\n`);
    const code = await runAdmin(['addresses', 'import', path], io, env);
    expect(err).toEqual([]);
    expect(announced).toHaveLength(1);
    expect(code).toBe(0);
    expect(out.at(-1)).toContain('Imported 1 address points');
  });
});
