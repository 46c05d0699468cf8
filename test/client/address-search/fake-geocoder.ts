import { jsonResponse } from '../render-app';

/** A Pelias feature as the embedded geocoder writes one (an address or a venue). */
export function addressFeature(id: number, street: string, number: string, lat: number, lon: number, extra: Record<string, unknown> = {}) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: {
      id: String(id),
      gid: `demo:address:${id}`,
      layer: 'address',
      source: 'demo',
      name: `${street} ${number}`,
      housenumber: number,
      street,
      postalcode: '00530',
      locality: 'Helsinki',
      label: `${street} ${number}, Helsinki`,
      ...extra,
    },
  };
}

export function venueFeature(id: string, name: string, lat: number, lon: number) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: {
      id,
      gid: `kerro:venue:${id}`,
      layer: 'venue',
      source: 'kerro',
      name,
      label: `${name}, Itäinen Puistotie 1, Helsinki`,
      addendum: { kerro: { service_object_type: 'urn:kerro:service-objects', service_object_id: id, kind: 'park' } },
    },
  };
}

/** A street given for a house number it lacks, marked as Pelias marks a fallback. */
export function fallbackStreetFeature(street: string, lat: number, lon: number) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: { id: `Helsinki/${street}`, gid: `kerro:street:Helsinki/${street}`, layer: 'street', source: 'kerro', name: street, street, match_type: 'fallback', locality: 'Helsinki', label: `${street}, Helsinki` },
  };
}

export const collection = (features: unknown[]) => jsonResponse({ geocoding: { version: '0.2' }, type: 'FeatureCollection', features });

/** Search: Hämeentie 30 and 32 and the park for "häm…" / "kaivo…"; reverse: Hämeentie 30 near 60.18. */
export function geocoderAnswer(url: URL) {
  if (url.pathname === '/proxy/geocoding/v1/search') {
    const text = (url.searchParams.get('text') ?? '').toLowerCase();
    const street = url.searchParams.get('lang') === 'sv' ? 'Tavastvägen' : 'Hämeentie';
    if (/ 300$/.test(text)) return collection([fallbackStreetFeature(street, 60.1957, 24.9643)]);
    if (text.startsWith('häm') || text.startsWith('tav')) {
      return collection([addressFeature(1, street, '30', 60.1873, 24.9604), addressFeature(2, street, '32', 60.1876, 24.9606)]);
    }
    if (text.startsWith('kaivo')) return collection([venueFeature('demo-park-1', 'Kaivopuisto', 60.1574, 24.956)]);
    return collection([]);
  }
  if (url.pathname === '/proxy/geocoding/v1/reverse') {
    const lat = Number(url.searchParams.get('point.lat'));
    const street = url.searchParams.get('lang') === 'sv' ? 'Tavastvägen' : 'Hämeentie';
    return collection(lat > 60.18 && lat < 60.19 ? [addressFeature(1, street, '30', 60.1873, 24.9604, { distance: 0.012 })] : []);
  }
  return undefined;
}
