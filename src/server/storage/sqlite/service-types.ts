import { decodeAttributeTexts, encodeAttributeTexts } from '../attribute-texts';
import type { SqliteDatabase } from './database';
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

export function createSqliteServiceTypeRepository(db: SqliteDatabase): ServiceTypeRepository {
  const selectTypes = db.prepare('SELECT * FROM service_types ORDER BY position, service_code');
  const selectTranslations = db.prepare('SELECT * FROM service_type_translations');
  const selectAttributes = db.prepare('SELECT * FROM service_attributes ORDER BY position, code');
  const countTypes = db.prepare('SELECT COUNT(*) AS n FROM service_types');
  const upsertType = db.prepare(
    `INSERT INTO service_types (service_code, metadata_type, position) VALUES (?, ?, ?)
     ON CONFLICT (service_code) DO UPDATE SET metadata_type = excluded.metadata_type, position = excluded.position`,
  );
  const deleteTranslations = db.prepare('DELETE FROM service_type_translations WHERE service_code = ?');
  const insertTranslation = db.prepare(
    `INSERT INTO service_type_translations (service_code, locale, service_name, description, keywords, group_name)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const deleteAttributes = db.prepare('DELETE FROM service_attributes WHERE service_code = ?');
  const insertAttribute = db.prepare(
    `INSERT INTO service_attributes (service_code, code, variable, datatype, required, datatype_description, position, description, values_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  // Service types change rarely and are read on every submission; cache until the next write.
  let cache: ServiceTypeRecord[] | undefined;
  let cacheToken = '';
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const totalChanges = db.prepare('SELECT total_changes()').pluck();

  const loadAll = (): ServiceTypeRecord[] => {
    const token = `${dataVersion.get() as number}:${totalChanges.get() as number}`;
    if (cache && token === cacheToken) return cache;
    const records = new Map<string, ServiceTypeRecord>();
    for (const row of selectTypes.all() as TypeRow[]) {
      records.set(row.service_code, {
        service_code: row.service_code,
        type: row.metadata_type,
        position: row.position,
        translations: {},
        attributes: [],
      });
    }
    for (const row of selectTranslations.all() as TranslationRow[]) {
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
    for (const row of selectAttributes.all() as AttributeRow[]) {
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
    cache = [...records.values()];
    cacheToken = token;
    return cache;
  };

  const upsert = db.transaction((record: ServiceTypeRecord) => {
    upsertType.run(record.service_code, record.type, record.position);
    deleteTranslations.run(record.service_code);
    for (const [locale, text] of Object.entries(record.translations)) {
      insertTranslation.run(record.service_code, locale, text.service_name, text.description, text.keywords, text.group);
    }
    deleteAttributes.run(record.service_code);
    for (const attribute of record.attributes) {
      insertAttribute.run(
        record.service_code,
        attribute.code,
        attribute.variable ? 1 : 0,
        attribute.datatype,
        attribute.required ? 1 : 0,
        attribute.datatype_description,
        attribute.order,
        attribute.description,
        encodeAttributeTexts(attribute),
      );
    }
  });

  return {
    async list() {
      return loadAll();
    },
    async find(serviceCode) {
      return loadAll().find((record) => record.service_code === serviceCode);
    },
    async upsert(record) {
      upsert(record);
    },
    async count() {
      return (countTypes.get() as { n: number }).n;
    },
  };
}
