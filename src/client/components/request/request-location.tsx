import { useTranslation } from 'react-i18next';
import type { ServiceRequest } from '../../../shared/georeport/types';
import { formatCoordinates } from '../../lib/format-coordinates';
import { currentLanguage } from '../../lib/i18n';
import { coordinatesOf } from './request-fields';

/** OpenStreetMap's own page for a point: works from anywhere, needs no map code here. */
export function openStreetMapUrl(lat: number, long: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}#map=18/${lat}/${long}`;
}

/**
 * Where the problem is, in words: the address people gave, else the name of the service object
 * it points at (the page looks it up: `objectName`), and the coordinates (with a map link) when
 * they are known.
 */
export function RequestLocation({ request, showMapLink = true, objectName }: { request: ServiceRequest; showMapLink?: boolean; objectName?: string | null }) {
  const { t, i18n } = useTranslation('requests');
  const coordinates = coordinatesOf(request);
  const address = request.address.trim();
  const objectId = request.extended_attributes?.service_object_id?.trim();
  const lines: string[] = [];
  if (address) lines.push(address);
  else if (objectName) lines.push(objectName);
  // A registry id is no place name; it only helps when nothing better is known.
  else if (objectId) lines.push(t('location.serviceObject', { id: objectId }));
  if (coordinates) {
    lines.push(t('location.coordinates', { coordinates: formatCoordinates(coordinates.lat, coordinates.long, currentLanguage(i18n)) }));
  }
  // A report withheld by a moderator had a place: it is only not shown.
  if (lines.length === 0) return <span className="request-location">{t(request.extended_attributes?.content_withheld ? 'location.withheld' : 'location.unknown')}</span>;
  return (
    <span className="request-location">
      {lines.map((line) => (
        <span key={line} className="request-location__line">
          {line}
        </span>
      ))}
      {showMapLink && coordinates ? (
        <a className="request-location__map-link" href={openStreetMapUrl(coordinates.lat, coordinates.long)}>
          {t('location.showOnMap')}
        </a>
      ) : null}
    </span>
  );
}
