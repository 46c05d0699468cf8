/** Bodies, their areas and the service types each handles (bodies.ts). */

export interface BodiesTable {
  id: string;
  jurisdiction_id: string;
  name_fi: string;
  name_sv: string;
  name_en: string;
  area_geojson: string;
  area_m2: number;
  min_lat: number;
  min_long: number;
  max_lat: number;
  max_long: number;
  send_json: string;
}

export interface BodyServicesTable {
  body_id: string;
  service_code: string;
  position: number;
}

export interface BodyTables {
  bodies: BodiesTable;
  body_services: BodyServicesTable;
}
