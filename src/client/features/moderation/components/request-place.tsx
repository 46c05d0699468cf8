import { useTranslation } from 'react-i18next';
import type { ServiceRequest } from '@/shared/georeport/types';
import { coordinatesOf } from '../../../components/request';
import { formatCoordinates } from '../../../lib/format-coordinates';
import { currentLanguage } from '../../../lib/i18n';
import { useServiceObjectName } from '../../../api/service-object-name';

/**
 * Where the report is, in a line of a queue card: the address the reporter wrote, else the name
 * of the service object chosen, else the coordinates in the UI language's number format.
 */
export function RequestPlace({ request }: { request: ServiceRequest }) {
  const { t, i18n } = useTranslation('moderation');
  const { t: tr } = useTranslation('requests');
  const locale = currentLanguage(i18n);
  const address = request.address.trim();
  const objectId = request.extended_attributes?.service_object_id?.trim();
  const coordinates = coordinatesOf(request);
  const objectName = useServiceObjectName(!address && objectId && coordinates ? { id: objectId, ...coordinates, locale } : undefined);

  let place: string;
  if (address) place = address;
  else if (objectName.data) place = objectName.data;
  else if (coordinates) place = formatCoordinates(coordinates.lat, coordinates.long, locale);
  else if (objectId) place = tr('location.serviceObject', { id: objectId });
  else place = tr('location.unknown');

  return (
    <p className="moderation-card__place">
      <span className="moderation-card__place-label">{t('queue.place')}:</span> {place}
    </p>
  );
}
