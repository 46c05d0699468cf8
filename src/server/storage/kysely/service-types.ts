import { sql } from 'kysely';
import { decodeAttributeTexts, encodeAttributeTexts } from '../attribute-texts';
import type { Db, Engine } from './engine';
import type { ServiceTypeRecord, ServiceTypeRemoval, ServiceTypeRepository } from '../repositories/types';

async function readAll(engine: Engine, trx: Db): Promise<ServiceTypeRecord[]> {
  const records = new Map<string, ServiceTypeRecord>();
  const types = await trx
    .selectFrom('service_types')
    .select(['service_code', 'metadata_type', 'position', 'archived_at', 'target_days'])
    .orderBy('position')
    .orderBy('service_code')
    .execute();
  for (const row of types) {
    records.set(row.service_code, {
      service_code: row.service_code,
      type: row.metadata_type,
      position: row.position,
      translations: {},
      attributes: [],
      ...(row.archived_at === null ? {} : { archived_at: row.archived_at }),
      ...(row.target_days === null ? {} : { target_days: row.target_days }),
    });
  }
  const translations = trx.selectFrom('service_type_translations').select(['service_code', 'locale', 'service_name', 'description', 'keywords', 'group_name']);
  // Languages in the order they were written: SQLite keeps it (rowid); PostgreSQL keeps none,
  // so there they come in the app's order (fi, sv, en) and then by name.
  const ordered =
    engine.kind === 'sqlite'
      ? translations.orderBy(sql`rowid`)
      : translations.orderBy('service_code').orderBy(sql`array_position(ARRAY['fi', 'sv', 'en'], locale)`).orderBy(sql`locale COLLATE "C"`);
  for (const row of await ordered.execute()) {
    const record = records.get(row.service_code);
    if (record) {
      record.translations[row.locale] = { service_name: row.service_name, description: row.description, keywords: row.keywords, group: row.group_name };
    }
  }
  const attributes = await trx.selectFrom('service_attributes').selectAll().orderBy('position').orderBy('code').execute();
  for (const row of attributes) {
    records.get(row.service_code)?.attributes.push({
      code: row.code,
      variable: row.variable === 1,
      datatype: row.datatype,
      required: row.required === 1,
      datatype_description: row.datatype_description,
      order: row.position,
      description: row.description,
      ...decodeAttributeTexts(row.values_json),
    });
  }
  return [...records.values()];
}

/** Writes one type whole (its row, translations and attributes), replacing what was stored. */
async function writeType(trx: Db, record: ServiceTypeRecord): Promise<void> {
  const code = record.service_code;
  await trx
    .insertInto('service_types')
    .values({ service_code: code, metadata_type: record.type, position: record.position, target_days: record.target_days ?? null })
    .onConflict((conflict) =>
      conflict.column('service_code').doUpdateSet((eb) => ({
        metadata_type: eb.ref('excluded.metadata_type'),
        position: eb.ref('excluded.position'),
        target_days: eb.ref('excluded.target_days'),
      })),
    )
    .execute();
  await trx.deleteFrom('service_type_translations').where('service_code', '=', code).execute();
  const translations = Object.entries(record.translations).map(([locale, text]) => ({
    service_code: code,
    locale,
    service_name: text.service_name,
    description: text.description,
    keywords: text.keywords,
    group_name: text.group,
  }));
  if (translations.length > 0) await trx.insertInto('service_type_translations').values(translations).execute();
  await trx.deleteFrom('service_attributes').where('service_code', '=', code).execute();
  const attributes = record.attributes.map((attribute) => ({
    service_code: code,
    code: attribute.code,
    variable: attribute.variable ? 1 : 0,
    datatype: attribute.datatype,
    required: attribute.required ? 1 : 0,
    datatype_description: attribute.datatype_description,
    position: attribute.order,
    description: attribute.description,
    values_json: encodeAttributeTexts(attribute),
  }));
  if (attributes.length > 0) await trx.insertInto('service_attributes').values(attributes).execute();
}

export function createServiceTypeRepository(engine: Engine): ServiceTypeRepository {
  // Service types change rarely and are read on every submission and listing: cached until a
  // write to their tables, by any process, moves the version.
  let cache: { version: string; records: ServiceTypeRecord[] } | undefined;

  const loadAll = async (): Promise<ServiceTypeRecord[]> => {
    const version = await engine.serviceTypesVersion();
    if (cache?.version === version) return cache.records;
    // One snapshot for all three tables, so a concurrent upsert is seen whole or not at all; the
    // version was read before it, so a write in between only costs one more load.
    const records = await engine.snapshot((trx) => readAll(engine, trx));
    cache = { version, records };
    return records;
  };

  return {
    list: loadAll,
    async find(serviceCode) {
      return (await loadAll()).find((record) => record.service_code === serviceCode);
    },
    upsert: (record) => engine.write((trx) => writeType(trx, record)),
    async upsertMany(records) {
      await engine.write(async (trx) => {
        for (const record of records) await writeType(trx, record);
      });
    },
    async count() {
      const row = await engine.db.selectFrom('service_types').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return row.n;
    },
    async requestCounts() {
      const rows = await engine.db
        .selectFrom('service_requests')
        .select((eb) => ['service_code', eb.fn.countAll<number>().as('n')])
        .groupBy('service_code')
        .execute();
      return new Map(rows.map((row) => [row.service_code, Number(row.n)]));
    },
    async setArchived(serviceCode, archivedAt) {
      const updated = await engine.write((trx) =>
        trx.updateTable('service_types').set({ archived_at: archivedAt }).where('service_code', '=', serviceCode).executeTakeFirst(),
      );
      return updated.numUpdatedRows > 0n;
    },
    remove: (serviceCode) =>
      engine.write(async (trx): Promise<ServiceTypeRemoval> => {
        const used = await trx
          .selectFrom('service_requests')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('service_code', '=', serviceCode)
          .executeTakeFirstOrThrow();
        if (Number(used.n) > 0) return { outcome: 'in-use', requests: Number(used.n) };
        // Translations and attributes go by cascade; bodies' lists name codes without a foreign key.
        const deleted = await trx.deleteFrom('service_types').where('service_code', '=', serviceCode).executeTakeFirst();
        if (deleted.numDeletedRows === 0n) return { outcome: 'missing' };
        await trx.deleteFrom('body_services').where('service_code', '=', serviceCode).execute();
        return { outcome: 'removed' };
      }),
  };
}
