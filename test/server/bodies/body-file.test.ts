import { describe, expect, it } from 'vitest';
import { parseBodyFile, type BodyFileContext } from '../../../src/server/bodies/body-file';

const square = (west: number, south: number, size = 0.1) => [
  [west, south],
  [west + size, south],
  [west + size, south + size],
  [west, south + size],
  [west, south],
];
const feature = (properties: Record<string, unknown>, geometry: unknown = { type: 'Polygon', coordinates: [square(24.9, 60.1)] }) => ({
  type: 'Feature',
  properties,
  geometry,
});
const body = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  jurisdiction_id: `${id}.fi`,
  name: { fi: `${id} fi`, sv: `${id} sv`, en: `${id} en` },
  services: ['171'],
  ...extra,
});
const context: BodyFileContext = { serviceCodes: new Set(['171', '172', '246']), storedBodies: [] };
const parse = (features: unknown[], given: BodyFileContext = context) =>
  parseBodyFile('bodies.geojson', JSON.stringify({ type: 'FeatureCollection', features }), given);

describe('parseBodyFile', () => {
  it('reads one body per feature, sending to the console unless told otherwise', () => {
    const parsed = parse([
      feature(body('espoo', { services: ['171', '172'] })),
      feature(
        body('vantaa', { send: { method: 'open311', endpoint: 'https://cases.vantaa.test/open311/v1/', api_key_env: 'VANTAA_KEY', premoderation: true } }),
        { type: 'MultiPolygon', coordinates: [[square(25.0, 60.25).map(([x, y]) => [x, y, 12])], [square(25.2, 60.25)]] },
      ),
      feature(body('kauniainen', { services: [], send: { method: 'email', to: ['palaute@kauniainen.test'] } })),
    ]);
    expect(parsed.problems).toEqual([]);
    expect(parsed.bodies[0]).toEqual({
      id: 'espoo',
      jurisdiction_id: 'espoo.fi',
      names: { fi: 'espoo fi', sv: 'espoo sv', en: 'espoo en' },
      area: { type: 'Polygon', coordinates: [square(24.9, 60.1)] },
      services: ['171', '172'],
      send: { method: 'console' },
    });
    // An altitude is dropped: areas are [longitude, latitude].
    expect(parsed.bodies[1]!.area).toEqual({ type: 'MultiPolygon', coordinates: [[square(25.0, 60.25)], [square(25.2, 60.25)]] });
    expect(parsed.bodies[1]!.send).toEqual({ method: 'open311', endpoint: 'https://cases.vantaa.test/open311/v1/', api_key_env: 'VANTAA_KEY', premoderation: true });
    expect(parsed.bodies[2]!.send).toEqual({ method: 'email', to: ['palaute@kauniainen.test'] });
  });

  it('accepts a hole inside its outer ring', () => {
    const hole = [[24.95, 60.15], [24.96, 60.15], [24.96, 60.16], [24.95, 60.15]];
    expect(parse([feature(body('helsinki'), { type: 'Polygon', coordinates: [square(24.9, 60.1), hole] })]).problems).toEqual([]);
  });

  it('refuses what is not a FeatureCollection, or not JSON, or empty', () => {
    expect(parseBodyFile('a.geojson', '{"type":"Feature"}', context).problems).toEqual([
      'a.geojson: not a GeoJSON FeatureCollection ({ "type": "FeatureCollection", "features": [...] })',
    ]);
    expect(parseBodyFile('a.geojson', '{', context).problems[0]).toMatch(/^a\.geojson: not valid JSON/);
    expect(parse([]).problems).toEqual(['bodies.geojson: has no features; it needs one Feature per body']);
  });

  it('names the feature and the field of every problem in the properties, and refuses the whole file', () => {
    const parsed = parse([
      feature(body('helsinki')),
      feature(body('espoo', { name: { fi: 'Espoo', sv: '  ', en: 'Espoo' }, services: ['171', '999', '171'] })),
      feature(body('vantaa', { jurisdiction_id: 'has space', name: { fi: 'Vantaa', en: 'Vantaa' } })),
      feature({ jurisdiction_id: 'x.fi', name: 'X', services: '171' }),
    ]);
    expect(parsed.bodies).toEqual([]);
    expect(parsed.problems).toEqual([
      'bodies.geojson: feature 1 (id espoo): properties.name.sv: needs a name',
      'bodies.geojson: feature 1 (id espoo): properties.services[1]: unknown service code "999" (not a service type of this installation)',
      'bodies.geojson: feature 1 (id espoo): properties.services[2]: "171" is listed twice',
      'bodies.geojson: feature 2 (id vantaa): properties.jurisdiction_id: must be 1 to 100 letters, digits, ".", "_" or "-", starting with a letter or digit',
      'bodies.geojson: feature 2 (id vantaa): properties.name.sv: needs a name',
      'bodies.geojson: feature 3: properties.id: needs text',
      'bodies.geojson: feature 3: properties.name: needs names in fi, sv and en: { "fi": …, "sv": …, "en": … }',
      'bodies.geojson: feature 3: properties.services: needs a list of service codes (may be empty)',
    ]);
  });

  it('knows the service codes the same command imports', () => {
    const parsed = parse([feature(body('espoo', { services: ['171', 'new-code'] }))], { ...context, serviceCodes: new Set(['171', 'new-code']) });
    expect(parsed.problems).toEqual([]);
  });

  it('refuses a duplicate id or jurisdiction_id, in the file or held by a stored body the file does not replace', () => {
    const stored: BodyFileContext = { ...context, storedBodies: [{ id: 'old-helsinki', jurisdiction_id: 'hel.fi' }, { id: 'espoo', jurisdiction_id: 'espoo.fi' }] };
    const parsed = parse(
      [
        feature(body('helsinki', { jurisdiction_id: 'hel.fi' })),
        feature(body('helsinki', { jurisdiction_id: 'city.fi' })),
        feature(body('vantaa', { jurisdiction_id: 'city.fi' })),
      ],
      stored,
    );
    expect(parsed.problems).toEqual([
      'bodies.geojson: feature 0 (id helsinki): properties.jurisdiction_id: "hel.fi" belongs to the stored body "old-helsinki", which this file does not replace',
      'bodies.geojson: feature 1 (id helsinki): properties.id: "helsinki" is also feature 0\'s id; each body needs its own',
      'bodies.geojson: feature 2 (id vantaa): properties.jurisdiction_id: "city.fi" is also feature 1\'s; each body needs its own',
    ]);
    // Replacing a stored body frees its jurisdiction_id, for itself or another body of the file.
    expect(parse([feature(body('espoo', { jurisdiction_id: 'esbo.fi' })), feature(body('kauniainen', { jurisdiction_id: 'espoo.fi' }))], stored).problems).toEqual([]);
  });

  it('names the feature and the coordinates of a bad area', () => {
    const open = square(24.9, 60.1).slice(0, 4).concat([[24.9, 60.15]]);
    const bowTie = [[24.9, 60.1], [25.0, 60.2], [25.0, 60.1], [24.9, 60.2], [24.9, 60.1]];
    const outsideHole = [[26, 60.1], [26.1, 60.1], [26.1, 60.2], [26, 60.1]];
    const parsed = parse([
      feature(body('a'), { type: 'Polygon', coordinates: [open] }),
      feature(body('b'), { type: 'Polygon', coordinates: [[[24.9, 60.1], [25, 60.1], [24.9, 60.1]]] }),
      feature(body('c'), { type: 'MultiPolygon', coordinates: [[square(24.9, 60.1)], [[[24.9, 60.1], [181, 60.1], [25, 91], [24.9, 60.1]]]] }),
      feature(body('d'), { type: 'Polygon', coordinates: [bowTie] }),
      feature(body('e'), { type: 'Polygon', coordinates: [square(24.9, 60.1), outsideHole] }),
      feature(body('f'), { type: 'Point', coordinates: [24.9, 60.1] }),
      feature(body('g'), null),
      feature(body('h'), { type: 'Polygon', coordinates: [[[24.9, 60.1], [25, 60.1], [25.1, 60.1], [24.9, 60.1]]] }),
    ]);
    expect(parsed.bodies).toEqual([]);
    expect(parsed.problems).toEqual([
      'bodies.geojson: feature 0 (id a): geometry.coordinates[0]: the ring is not closed (its last position must repeat its first)',
      'bodies.geojson: feature 1 (id b): geometry.coordinates[0]: a ring needs at least 4 positions (the last repeating the first), has 3',
      'bodies.geojson: feature 2 (id c): geometry.coordinates[1][0][1]: longitude 181 is out of range (-180 to 180)',
      'bodies.geojson: feature 2 (id c): geometry.coordinates[1][0][2]: latitude 91 is out of range (-90 to 90)',
      "bodies.geojson: feature 3 (id d): geometry: the area's edges cross (or touch) at 24.95000,60.15000 (longitude,latitude); an area must not cross itself",
      'bodies.geojson: feature 4 (id e): geometry.coordinates[1]: this hole lies outside its outer ring',
      'bodies.geojson: feature 5 (id f): geometry.type: must be Polygon or MultiPolygon, not Point',
      'bodies.geojson: feature 6 (id g): geometry: needs a Polygon or MultiPolygon',
      'bodies.geojson: feature 7 (id h): geometry: the area has no size (its positions lie on a line)',
    ]);
  });

  it('checks the send settings’ shape, never echoing a key', () => {
    const parsed = parse([
      feature(body('a', { send: { method: 'fax' } })),
      feature(body('b', { send: { method: 'open311', endpoint: 'ftp://cases.test/', apikey: 'secret-123' } })),
      feature(body('c', { send: { method: 'open311', endpoint: 'https://cases.test/', api_key: 'secret-456', premoderation: 'yes' } })),
      feature(body('d', { send: { method: 'email', to: 'not an address' } })),
    ]);
    expect(parsed.problems).toEqual([
      'bodies.geojson: feature 0 (id a): properties.send.method: must be "console", "open311" or "email"',
      "bodies.geojson: feature 1 (id b): properties.send.endpoint: must be an http(s) URL (the case system's GeoReport v2 root)",
      'bodies.geojson: feature 1 (id b): properties.send: unknown setting(s) "apikey"',
      'bodies.geojson: feature 1 (id b): properties.send.api_key: needs api_key, or api_key_env naming the environment variable that holds the key',
      'bodies.geojson: feature 2 (id c): properties.send.premoderation: must be true or false',
      'bodies.geojson: feature 3 (id d): properties.send.to: must be an email address',
    ]);
    expect(parsed.problems.join('\n')).not.toMatch(/secret/);
  });

  it('takes an open311 body\'s update mode, citysdk or mysociety, and names the two when given another', () => {
    const parsed = parse([
      feature(body('a', { send: { method: 'open311', endpoint: 'https://cases.test/', api_key: 'k', updates: 'mysociety' } })),
      feature(body('b', { send: { method: 'open311', endpoint: 'https://cases.test/', api_key: 'k', updates: 'fixmystreet' } })),
    ]);
    expect(parsed.problems).toEqual(['bodies.geojson: feature 1 (id b): properties.send.updates: must be "citysdk" or "mysociety"']);
  });

  it('lists twenty problems and counts the rest', () => {
    const parsed = parse(Array.from({ length: 30 }, (_, index) => feature(body(`b${index}`, { services: ['nope'] }))));
    expect(parsed.problems).toHaveLength(21);
    expect(parsed.problems[19]).toMatch(/^bodies\.geojson: feature 19 \(id b19\): properties\.services\[0\]: unknown service code "nope"/);
    expect(parsed.problems[20]).toBe('bodies.geojson: 10 more problem(s) not listed');
  });
});
