/**
 * The tables the shared repositories (this folder) read and write, as Kysely sees them: one
 * description for both engines. Integers are numbers on both (the PostgreSQL pool parses bigint
 * and numeric as numbers); flags are 0/1 integers on both. Columns only one engine has (SQLite's
 * grid_cell, PostgreSQL's generated locations) are left out: dialect hooks reach them.
 */
import type { Generated } from 'kysely';

export interface ServiceTypesTable {
  service_code: string;
  metadata_type: 'realtime' | 'batch' | 'blackbox';
  position: number;
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

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
}

export interface ServiceObjectsTable {
  service_object_type: string;
  service_object_id: string;
  kind: string;
  lat: number;
  long: number;
  name_fi: string;
  name_sv: string;
  name_en: string;
  address: string;
}

export interface AddressesTable {
  id: Generated<number>;
  street_fi: string;
  street_sv: string;
  number: string;
  /** The folded house number (repositories/addresses.ts houseNumberKey). */
  number_key: string;
  postal_code: string;
  municipality_fi: string;
  municipality_sv: string;
  lat: number;
  long: number;
  source: string;
}

/** Version rows that triggers move on every write to their tables, by any process. */
export interface ChangeVersionsTable {
  name: string;
  version: number;
}

export interface Tables {
  service_types: ServiceTypesTable;
  service_type_translations: ServiceTypeTranslationsTable;
  service_attributes: ServiceAttributesTable;
  api_keys: ApiKeysTable;
  service_objects: ServiceObjectsTable;
  addresses: AddressesTable;
  change_versions: ChangeVersionsTable;
}
