/** A service object (park, toilet, …) as the GeoJSON Feature the registry answers. */
import type { SupportedLocale } from '../../shared/locales';
import type { ServiceObjectRecord } from '../storage/repositories/types';

export function toFeature(object: ServiceObjectRecord, locale: SupportedLocale, distanceMeters?: number) {
  return {
    type: 'Feature' as const,
    id: object.service_object_id,
    geometry: { type: 'Point' as const, coordinates: [object.long, object.lat] as [number, number] },
    properties: {
      service_object_id: object.service_object_id,
      service_object_type: object.service_object_type,
      name: object.names[locale],
      kind: object.kind,
      address: object.address,
      ...(distanceMeters === undefined ? {} : { distance: Math.round(distanceMeters) }),
    },
  };
}
