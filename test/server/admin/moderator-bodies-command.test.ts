import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moderatorCommand } from '../../../src/server/admin/commands/moderator';
import { loadConfig } from '../../../src/server/config';
import { openStore, type Store } from '../../../src/server/storage';
import type { BodyRecord } from '../../../src/server/storage/repositories/bodies';
import { freshStoreEnv } from '../../helpers/test-store';
import { printedLines } from './printed-lines';

let dataDir: string;
let storeEnv: Record<string, string>;
const { out, err, io, clear } = printedLines();
const run = (args: string[]) => {
  clear();
  return moderatorCommand(args, io, storeEnv, async () => 'a long enough passphrase');
};

async function withTestStore<T>(use: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(loadConfig(storeEnv));
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

/** A body with a small square area; only its id matters here. */
const body = (id: string, west: number): BodyRecord => ({
  id,
  jurisdiction_id: `${id}.fi`,
  names: { fi: id, sv: id, en: id },
  area: { type: 'Polygon', coordinates: [[[west, 60], [west + 0.1, 60], [west + 0.1, 60.1], [west, 60.1], [west, 60]]] },
  services: [],
  send: { method: 'console' },
});

const bodiesOf = (name: string) => withTestStore(async (store) => (await store.moderation.findModerator(name))?.bodies);

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kerro-moderator-bodies-'));
  storeEnv = await freshStoreEnv(dataDir);
  await withTestStore((store) => store.bodies.importAll([body('espoo', 24.6), body('vantaa', 25.0), body('hel', 24.9)]));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin -- moderator, with bodies', () => {
  it('add --body stores the moderator with those bodies; --admin an administrator of every body, and says so', async () => {
    expect(await run(['add', 'aino', '--body', 'vantaa', '--password-stdin', '--body', 'espoo'])).toBe(0);
    expect(out).toEqual(['Created moderator "aino", who sees the requests of: espoo, vantaa.']);
    expect(await bodiesOf('aino')).toEqual(['espoo', 'vantaa']);
    expect(await run(['add', 'eetu', '--admin', '--password-stdin'])).toBe(0);
    expect(out).toEqual(['Created moderator "eetu", an administrator of every body, who sees every request.']);
    expect(await bodiesOf('eetu')).toEqual([]);
  });

  it('add without --body or --admin, or with both, is a usage error naming both, and creates no one', async () => {
    for (const args of [['add', 'eetu', '--password-stdin'], ['add', 'eetu', '--admin', '--body', 'espoo', '--password-stdin']]) {
      expect(await run(args)).toBe(2);
      expect(err[0]).toBe(
        'moderator add takes --body ID (once per body whose requests the moderator sees) or --admin (an administrator of every body, who sees every request), not both or neither.',
      );
      expect(err.join('\n')).toMatch(/moderator add NAME --body ID\.\.\. \| --admin/);
      expect(out).toEqual([]);
    }
    expect(await bodiesOf('eetu')).toBeUndefined();
    expect(await run(['password', 'aino', '--admin'])).toBe(2);
    expect(err[0]).toMatch(/^--admin belongs to moderator add; .* moderator bodies NAME --admin$/);
  });

  it('add refuses an unknown body id, naming it, and creates no one', async () => {
    expect(await run(['add', 'aino', '--body', 'espoo', '--body', 'turku', '--password-stdin'])).toBe(1);
    expect(err).toEqual(['Refused: no body has the id "turku". See the ids with: npm run admin -- bodies list']);
    expect(out).toEqual([]);
    expect(await bodiesOf('aino')).toBeUndefined();
  });

  it('a --body without an id, or on another command, is a usage error', async () => {
    expect(await run(['add', 'aino', '--body'])).toBe(2);
    expect(err[0]).toBe('--body takes the id of a body, e.g. --body espoo.');
    expect(await run(['password', 'aino', '--body', 'espoo'])).toBe(2);
    expect(err[0]).toMatch(/^--body belongs to moderator add/);
  });

  it('bodies NAME ID… replaces the bodies, --admin clears them, unknown ids and names are refused', async () => {
    await run(['add', 'aino', '--body', 'espoo', '--password-stdin']);
    expect(await run(['bodies', 'aino', 'hel', 'vantaa'])).toBe(0);
    expect(out).toEqual(['"aino" now sees the requests of: hel, vantaa.']);
    expect(await bodiesOf('aino')).toEqual(['hel', 'vantaa']);

    expect(await run(['bodies', 'aino', 'hel', 'tampere'])).toBe(1);
    expect(err).toEqual(['Refused: no body has the id "tampere". See the ids with: npm run admin -- bodies list']);
    expect(await bodiesOf('aino')).toEqual(['hel', 'vantaa']);

    expect(await run(['bodies', 'aino', '--admin'])).toBe(0);
    expect(out).toEqual(['"aino" is now an administrator and sees every request.']);
    expect(await bodiesOf('aino')).toEqual([]);

    expect(await run(['bodies', 'nobody', 'hel'])).toBe(1);
    expect(err).toEqual(['No moderator is named "nobody". See: npm run admin -- moderator list']);
  });

  it('bodies needs ids or --admin, not both nor neither', async () => {
    await run(['add', 'aino', '--body', 'espoo', '--password-stdin']);
    expect(await run(['bodies', 'aino'])).toBe(2);
    expect(await run(['bodies', 'aino', 'hel', '--admin'])).toBe(2);
    expect(err[0]).toMatch(/either body ids .* or --admin/);
    expect(await run(['bodies'])).toBe(2);
    expect(await bodiesOf('aino')).toEqual(['espoo']);
  });

  it('list shows each moderator’s bodies, or "administrator"', async () => {
    await run(['add', 'aino', '--body', 'hel', '--body', 'espoo', '--password-stdin']);
    await run(['add', 'eetu', '--admin', '--password-stdin']);
    expect(await run(['list'])).toBe(0);
    expect(out[0]).toMatch(/^NAME\s+BODIES\s+CREATED\s+DISABLED$/);
    expect(out[1]).toMatch(/^aino\s+espoo, hel\s+\d{4}-/);
    expect(out[2]).toMatch(/^eetu\s+administrator\s+\d{4}-/);
  });
});
