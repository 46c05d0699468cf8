/** "Not ours" areas and whom to contact there (not-ours.ts). */

export interface NotOursAreasTable {
  id: string;
  name: string;
  message_fi: string;
  message_sv: string;
  message_en: string;
  url: string | null;
  /** A JSON array of service codes still reported there. */
  allowed_codes_json: string;
  area_geojson: string;
  area_m2: number;
  min_lat: number;
  min_long: number;
  max_lat: number;
  max_long: number;
}

export interface NotOursTables {
  not_ours_areas: NotOursAreasTable;
}
