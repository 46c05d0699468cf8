import { coalescedRead } from './coalesced-read';
import { decodeAttributeTexts, encodeAttributeTexts } from '../attribute-texts';
import type { PostgresDatabase } from './database';
import type { ServiceAttribute, ServiceTypeRecord, ServiceTypeRepository } from '../repositories/types';

interface TypeRow {
  service_code: string;
  metadata_type: ServiceTypeRecord['type'];
  position: number;
}
interface TranslationRow {
  service_code: string;
  locale: string;
  service_name: string;
  description: string;
  keywords: string;
  group_name: string;
}
interface AttributeRow {
  service_code: string;
  code: string;
  variable: number;
  datatype: ServiceAttribute['datatype'];
  required: number;
  datatype_description: string;
  position: number;
  description: string;
  values_json: string;
}

export function createPostgresServiceTypeRepository(db: PostgresDatabase): ServiceTypeRepository {
  // Service types change rarely and are read on every submission: cached until the version row
  // that statement triggers move on any write to their tables (by any instance) changes.
  let cache: { version: number; records: ServiceTypeRecord[] } | undefined;

  const load = () =>
    db.transaction(async (client) => {
      // One snapshot for the version and all three tables, so a concurrent upsert is seen whole or not at all.
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const [versionRow] = await client.query<{ version: number }>("SELECT version FROM change_versions WHERE name = 'service_types'");
      const records = new Map<string, ServiceTypeRecord>();
      for (const row of await client.query<TypeRow>('SELECT service_code, metadata_type, position FROM service_types ORDER BY position, service_code')) {
        records.set(row.service_code, {
          service_code: row.service_code,
          type: row.metadata_type,
          position: row.position,
          translations: {},
          attributes: [],
        });
      }
      // SQLite answers translations in the order they were written; this table keeps no such
      // order, so the languages come in the app's order (fi, sv, en) and then by name.
      const translations = await client.query<TranslationRow>(
        `SELECT service_code, locale, service_name, description, keywords, group_name FROM service_type_translations
         ORDER BY service_code, array_position(ARRAY['fi', 'sv', 'en'], locale), locale COLLATE "C"`,
      );
      for (const row of translations) {
        const record = records.get(row.service_code);
        if (record) {
          record.translations[row.locale] = {
            service_name: row.service_name,
            description: row.description,
            keywords: row.keywords,
            group: row.group_name,
          };
        }
      }
      const attributes = await client.query<AttributeRow>(
        `SELECT service_code, code, variable, datatype, required, datatype_description, position, description, values_json
         FROM service_attributes ORDER BY position, code`,
      );
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
      return { version: versionRow!.version, records: [...records.values()] };
    });

  // Read on every listing too: concurrent readers share the query, each still seeing every write before it asked.
  const currentVersion = coalescedRead(async () => {
    const [row] = await db.query<{ version: number }>("SELECT version FROM change_versions WHERE name = 'service_types'");
    return row!.version;
  });

  const loadAll = async (): Promise<ServiceTypeRecord[]> => {
    if (cache && (await currentVersion()) === cache.version) return cache.records;
    cache = await load();
    return cache.records;
  };

  return {
    async list() {
      return loadAll();
    },
    async find(serviceCode) {
      return (await loadAll()).find((record) => record.service_code === serviceCode);
    },
    async upsert(record) {
      await db.transaction(async (client) => {
        await client.query(
          `INSERT INTO service_types (service_code, metadata_type, position) VALUES ($1, $2, $3)
           ON CONFLICT (service_code) DO UPDATE SET metadata_type = excluded.metadata_type, position = excluded.position`,
          [record.service_code, record.type, record.position],
        );
        await client.query('DELETE FROM service_type_translations WHERE service_code = $1', [record.service_code]);
        const translations = Object.entries(record.translations);
        if (translations.length > 0) {
          await client.query(
            `INSERT INTO service_type_translations (service_code, locale, service_name, description, keywords, group_name)
             SELECT $1::text, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
            [
              record.service_code,
              translations.map(([locale]) => locale),
              translations.map(([, text]) => text.service_name),
              translations.map(([, text]) => text.description),
              translations.map(([, text]) => text.keywords),
              translations.map(([, text]) => text.group),
            ],
          );
        }
        await client.query('DELETE FROM service_attributes WHERE service_code = $1', [record.service_code]);
        for (const attribute of record.attributes) {
          await client.query(
            `INSERT INTO service_attributes (service_code, code, variable, datatype, required, datatype_description, position, description, values_json)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              record.service_code,
              attribute.code,
              attribute.variable ? 1 : 0,
              attribute.datatype,
              attribute.required ? 1 : 0,
              attribute.datatype_description,
              attribute.order,
              attribute.description,
              encodeAttributeTexts(attribute),
            ],
          );
        }
      });
    },
    async count() {
      const [row] = await db.query<{ n: number }>('SELECT COUNT(*)::int8 AS n FROM service_types');
      return row!.n;
    },
  };
}
