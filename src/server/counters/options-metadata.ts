/**
 * The counter views' metadata for OPTIONS (drf/options.ts), keys camelCased as the real service's
 * renderer writes them; for the list what its POST takes (the polygon search's body, described in
 * DRF's field-info style).
 */
import type { ViewMetadata } from '../drf/options';

const description = 'Lists measurement devices or sensors which produce observational data.';
const parses = ['application/json', 'application/geo+json'];

const polygonSearchFields = {
  type: {
    type: 'choice',
    required: true,
    readOnly: false,
    label: 'Type',
    choices: [
      { value: 'Polygon', displayName: 'Polygon' },
      { value: 'MultiPolygon', displayName: 'MultiPolygon' },
    ],
  },
  coordinates: {
    type: 'list',
    required: true,
    readOnly: false,
    label: 'Coordinates',
    helpText: 'GeoJSON coordinates: closed rings of [longitude, latitude] in EPSG:4326; the counters strictly inside are answered.',
  },
};

export const counterViewMetadata = (isList: boolean): ViewMetadata => ({
  name: isList ? 'Counter List' : 'Counter Instance',
  description,
  parses,
  ...(isList ? { actions: { POST: polygonSearchFields } } : {}),
});
