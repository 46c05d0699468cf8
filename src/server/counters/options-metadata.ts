/**
 * OPTIONS without a CORS preflight's Access-Control-Request-Method: DRF's SimpleMetadata, keys
 * camelCased as the real service's renderer writes them — the view's name and description, the
 * media types it renders and parses, and for the list what its POST takes (here the polygon
 * search's body, described in DRF's field-info style).
 */
const description = 'Lists measurement devices or sensors which produce observational data.';
const renders = ['application/json', 'text/html', 'text/csv'];
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

export function optionsMetadata(isList: boolean): string {
  return JSON.stringify({
    name: isList ? 'Counter List' : 'Counter Instance',
    description,
    renders,
    parses,
    ...(isList ? { actions: { POST: polygonSearchFields } } : {}),
  });
}
