/**
 * Migrations are append-only: the list (storage/kysely/migrations/list.ts) starts with the
 * ledger of released names (released.ts) in its order, and every step in it is in the ledger.
 * Databases at every released state upgrade: schema-migrations.test.ts (SQLite) and
 * postgres-schema-migrations.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { schemaMigrations } from '../../../src/server/storage/kysely/migrations/list';
import { releasedMigrations, releasedOutOfOrder, releasedUnderOtherNames } from '../../../src/server/storage/kysely/migrations/released';

const ledgerFile = 'src/server/storage/kysely/migrations/released.ts';

/** What is wrong with a list of migration names against a ledger, each said as what to do. */
function departuresFromLedger(names: readonly string[], ledger: readonly string[]): string[] {
  const problems: string[] = [];
  ledger.forEach((released, index) => {
    if (names[index] !== released) {
      problems.push(
        `Step ${index + 1} of the list is ${names[index] ?? 'missing'}, but main released ${released} there (${ledgerFile}): a released migration is never renamed, reordered or removed; add a new step at the end instead.`,
      );
    }
  });
  for (const name of names) {
    if (!ledger.includes(name)) {
      problems.push(`Migration ${name} is not in the ledger: append '${name}' to releasedMigrations in ${ledgerFile} in the same commit that adds the step.`);
    }
  }
  names.forEach((name, index) => {
    const before = names[index - 1];
    if (before !== undefined && name <= before) {
      problems.push(`Migration ${name} does not sort after ${before}: Kysely runs the steps in their names' order, so give a new step the next free number.`);
    }
  });
  return problems;
}

const listNames = schemaMigrations.map((migration) => migration.name);

describe('the migration ledger', () => {
  it('the list is the ledger with new steps appended, its names in the order they run', () => {
    expect(departuresFromLedger(listNames, releasedMigrations)).toEqual([]);
  });

  it('would have refused questionnaires slipped in before alerts and residents, which main had released (e0ddfcb)', () => {
    // 4afc8ca's list, against the ledger main had released at e0ddfcb.
    const through0017 = releasedMigrations.slice(0, releasedMigrations.indexOf('0017-residents') + 1);
    const atE0ddfcb = through0017.filter((name) => name !== '0015-questionnaires');
    expect(departuresFromLedger(through0017, atE0ddfcb)).toEqual([
      `Step 15 of the list is 0015-questionnaires, but main released 0016-alerts there (${ledgerFile}): a released migration is never renamed, reordered or removed; add a new step at the end instead.`,
      `Step 16 of the list is 0016-alerts, but main released 0017-residents there (${ledgerFile}): a released migration is never renamed, reordered or removed; add a new step at the end instead.`,
      `Migration 0015-questionnaires is not in the ledger: append '0015-questionnaires' to releasedMigrations in ${ledgerFile} in the same commit that adds the step.`,
    ]);
  });

  it('asks for a new step to be appended to the ledger, and for a name that sorts last', () => {
    const next = `${String(releasedMigrations.length + 1).padStart(4, '0')}-next`;
    expect(departuresFromLedger([...releasedMigrations, next], releasedMigrations)).toEqual([
      `Migration ${next} is not in the ledger: append '${next}' to releasedMigrations in ${ledgerFile} in the same commit that adds the step.`,
    ]);
    expect(departuresFromLedger([...releasedMigrations, '0003-late'], [...releasedMigrations, '0003-late'])).toEqual([
      `Migration 0003-late does not sort after ${releasedMigrations.at(-1)}: Kysely runs the steps in their names' order, so give a new step the next free number.`,
    ]);
  });

  it('names only released steps in the states released out of order or under other names', () => {
    for (const state of releasedOutOfOrder) {
      expect(releasedMigrations).toContain(state.through);
      expect(releasedMigrations).toEqual(expect.arrayContaining([...state.missing]));
    }
    for (const state of releasedUnderOtherNames) {
      expect(releasedMigrations.indexOf(state.step)).toBe(releasedMigrations.indexOf(state.through) + 1);
      expect(listNames).not.toContain(state.recorded);
    }
  });
});
