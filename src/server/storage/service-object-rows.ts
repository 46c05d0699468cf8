/** A service object as a table row, for every backend: names in three columns. */
import type { ServiceObjectsTable } from './kysely/service-objects.table';
import type { ServiceObjectRecord } from './repositories/types';

export type ServiceObjectRow = ServiceObjectsTable;

export function fromServiceObjectRow(row: ServiceObjectRow): ServiceObjectRecord {
  return {
    service_object_type: row.service_object_type,
    service_object_id: row.service_object_id,
    kind: row.kind,
    lat: row.lat,
    long: row.long,
    names: { fi: row.name_fi, sv: row.name_sv, en: row.name_en },
    address: row.address,
  };
}
