/**
 * The counter list service's wire shape (spec/counter-list-service.md, "Counter feature"): the
 * server writes it, the app and the tests read it. Keys in the real service's order.
 */
export interface CounterProperties {
  id: number;
  name: string;
  source: string;
  sourceId: number | null;
  classifying: boolean;
  crsEpsg: number;
  /** Three digits, zero-padded ("091"). */
  municipalityCode: string;
  dataReceived: boolean;
  /** ISO 8601 with the offset, or null when nothing is stored. */
  firstStoredObservation: string | null;
  lastStoredObservation: string | null;
}

export interface CounterFeature {
  type: 'Feature';
  id: number;
  /** Longitude first; 0,0 is the placeholder for "location not known". */
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: CounterProperties;
}

/** One page of the list: the DRF envelope around a FeatureCollection. */
export interface CounterPageEnvelope {
  count: number;
  next: string | null;
  previous: string | null;
  results: { type: 'FeatureCollection'; features: CounterFeature[] };
}
