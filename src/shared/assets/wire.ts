/**
 * Asset layers (issue 42, item 2): the things a city maintains (street lights, bins, benches),
 * from the city's own map service, for the resident to pick the exact one a report is about. What
 * the app sees of a layer (`GET /bodies/v1/asset-layers.json`): never where its features come from
 * or a key. Its features (`…/asset-layers/{id}/features.json?bbox=`) are GeoJSON points whose
 * properties are only those the layer shows and sends.
 */
export interface AssetLayerWire {
  id: string;
  /** The layer's name in the reader's language ("Street lights"). */
  name: string;
  /** The service types whose reports are about one of its assets. */
  service_codes: string[];
  /** The map zoom from which its features are drawn (a phone's street view is 16 to 18). */
  min_zoom: number;
  /** Whether a report of those types needs an asset picked. */
  required: boolean;
  /** The property that names an asset (its id in the city's register). */
  id_property: string;
  /** The properties shown of a picked asset, in order. */
  show: string[];
  /** Which of the type's questions (attribute codes) are answered from which property of the picked asset. */
  send: Record<string, string>;
}

export interface AssetFeatureWire {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: Record<string, string | number | boolean | null>;
}

export interface AssetFeaturesWire {
  type: 'FeatureCollection';
  features: AssetFeatureWire[];
  /** False when the city's service had more in the box than one answer holds: zoom in for all. */
  complete: boolean;
}
