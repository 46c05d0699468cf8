import { useOnlineStatus } from '../../../hooks/use-online-status';
import { currentLanguage } from '../../../lib/i18n';
import { useTranslation } from 'react-i18next';
import { useNearbyRequests, type NearbyRequest } from '../api/get-nearby-requests';
import type { LatLong } from '../lib/place';

/** What the form knows of the reports already made around the pin: the map and the list show the same. */
export type NearbyReports =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'failed' }
  | { status: 'ready'; requests: readonly NearbyRequest[] };

/**
 * The published open reports around the place, asked once it is set: every type until one is
 * chosen, then that type. Offline with nothing loaded yet it says so at once (the query would
 * wait for the network and look like it is still loading).
 */
export function useNearbyReports(position: LatLong | undefined, serviceCode: string): NearbyReports {
  const { i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const online = useOnlineStatus();
  const query = useNearbyRequests(position ? { serviceCode, lat: position.lat, long: position.long, locale } : undefined);
  if (!position) return { status: 'idle' };
  if (query.data) return { status: 'ready', requests: query.data };
  if (!online) return { status: 'offline' };
  if (query.isError) return { status: 'failed' };
  return { status: 'loading' };
}
