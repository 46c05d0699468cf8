/** The embedded service-object registry (service-objects.ts). */

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

export interface ServiceObjectTables {
  service_objects: ServiceObjectsTable;
}
