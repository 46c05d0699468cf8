/**
 * The tables the shared repositories (this folder) read and write, as Kysely sees them: one
 * description for both engines. Integers are numbers on both (the PostgreSQL pool parses bigint
 * and numeric as numbers); flags are 0/1 integers on both. Columns only one engine has (SQLite's
 * grid_cell, PostgreSQL's generated locations) are left out: dialect hooks reach them.
 */
import type { Generated } from 'kysely';
import type { AddressPoint } from '../repositories/addresses';

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

/** An address point as imported, its id and its folded house number (repositories/addresses.ts houseNumberKey). */
export interface AddressesTable extends AddressPoint {
  id: Generated<number>;
  number_key: string;
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
