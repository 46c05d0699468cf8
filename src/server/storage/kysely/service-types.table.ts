/** A service type, its names in each locale and its attributes (service-types.ts). */
import type { ColumnType } from 'kysely';

export interface ServiceTypesTable {
  service_code: string;
  metadata_type: 'realtime' | 'batch' | 'blackbox';
  position: number;
  /** Left to its default (offered) by an insert; only `setArchived` writes it. */
  archived_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Days a report of it may stay open before it is overdue (0025); null: no target. */
  target_days: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ServiceTypeTranslationsTable {
  service_code: string;
  locale: string;
  service_name: string;
  description: string;
  keywords: string;
  group_name: string;
}

export interface ServiceAttributesTable {
  service_code: string;
  code: string;
  variable: number;
  datatype: 'string' | 'number' | 'datetime' | 'text' | 'singlevaluelist' | 'multivaluelist';
  required: number;
  datatype_description: string;
  position: number;
  description: string;
  values_json: string;
}

export interface ServiceTypeTables {
  service_types: ServiceTypesTable;
  service_type_translations: ServiceTypeTranslationsTable;
  service_attributes: ServiceAttributesTable;
}
