import { compiledQueries } from './compiled';
import type { Engine } from './engine';
import type { SettingsRepository } from '../repositories/types';

export function createSettingsRepository({ db }: Engine): SettingsRepository {
  const run = compiledQueries();
  const read = async (name: string) => (await run(db, 'read', [name], ([given]) => db.selectFrom('settings').select('value').where('name', '=', given as string)))[0]?.value;
  return {
    get: read,
    async set(name, value) {
      await db
        .insertInto('settings')
        .values({ name, value })
        .onConflict((conflict) => conflict.column('name').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
        .execute();
    },
    async putIfAbsent(name, value) {
      await db.insertInto('settings').values({ name, value }).onConflict((conflict) => conflict.column('name').doNothing()).execute();
      // A separate statement: its fresh snapshot sees a value another instance committed first.
      return (await read(name))!;
    },
    async replace(name, expected, value) {
      // Atomic compare-and-set: the row lock makes a concurrent replace wait, then re-check `value`.
      await db.updateTable('settings').set({ value }).where('name', '=', name).where('value', '=', expected).execute();
      return read(name);
    },
  };
}
