/** A small address registry and a few service objects for the geocoder's route tests. */
import type { AddressPoint, Repositories, ServiceObjectRecord } from '../../../src/server/storage/repositories/types';

export function address(street: [fi: string, sv: string], number: string, at: [lat: number, long: number], overrides: Partial<AddressPoint> = {}): AddressPoint {
  return {
    street_fi: street[0],
    street_sv: street[1],
    number,
    postal_code: '00530',
    municipality_fi: 'Helsinki',
    municipality_sv: 'Helsingfors',
    lat: at[0],
    long: at[1],
    source: 'import',
    ...overrides,
  };
}

const hameentie: [string, string] = ['Hämeentie', 'Tavastvägen'];
const koulutie: [string, string] = ['Koulutie', 'Skolvägen'];

/** Hämeentie 1–40 northwards from Hakaniemi, 12 A/12 B instead of 12; Koulutie in Helsinki and Vantaa. */
export const registryPoints: AddressPoint[] = [
  ...Array.from({ length: 40 }, (_, index) => index + 1)
    .filter((n) => n !== 12)
    .map((n) => address(hameentie, String(n), [60.1797 + n * 0.0002, 24.9522 + n * 0.0002])),
  address(hameentie, '12 A', [60.1821, 24.9546]),
  address(hameentie, '12 B', [60.1822, 24.9547]),
  address(['Aleksis Kiven katu', 'Aleksis Kivis gata'], '18', [60.1939, 24.9471], { postal_code: '00510' }),
  address(koulutie, '5', [60.2545, 25.014], { postal_code: '00750' }),
  address(koulutie, '5', [60.294, 25.0415], { postal_code: '01300', municipality_fi: 'Vantaa', municipality_sv: 'Vanda' }),
  address(['Mannerheimintie', 'Mannerheimvägen'], '13', [60.1764, 24.9366], { postal_code: '00100' }),
  address(['Svartbäcksvägen', ''], '2', [60.1, 24.9], { postal_code: '00100', municipality_fi: '', municipality_sv: 'Helsingfors' }),
];

export function registryObjects(type: string): ServiceObjectRecord[] {
  return [
    { service_object_type: type, service_object_id: 'park-1', kind: 'park', lat: 60.1574, long: 24.956, names: { fi: 'Kaivopuisto', sv: 'Brunnsparken', en: 'Kaivopuisto park' }, address: 'Itäinen Puistotie 1, Helsinki' },
    { service_object_type: type, service_object_id: 'field-1', kind: 'sports_field', lat: 60.1881, long: 24.9231, names: { fi: 'Töölön pallokenttä', sv: 'Tölö bollplan', en: 'Töölö ball field' }, address: '' },
    { service_object_type: type, service_object_id: 'wc-1', kind: 'public_toilet', lat: 60.1797, long: 24.9524, names: { fi: 'Yleinen WC, Hakaniemen tori', sv: 'Offentlig toalett, Hagnäs torg', en: 'Public toilet, Hakaniemi Market Square' }, address: 'Hakaniemen tori, Helsinki' },
  ];
}

export async function fillRegistry(repositories: Pick<Repositories, 'addresses' | 'serviceObjects'>, serviceObjectType: string): Promise<void> {
  await repositories.addresses.replace(['import'], registryPoints);
  await repositories.serviceObjects.upsertMany(registryObjects(serviceObjectType));
}
