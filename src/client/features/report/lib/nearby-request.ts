import type { NearbyRequest } from '../api/get-nearby-requests';
import { excerpt } from './format';

/** What a report already made is called in the list, the map's label and the chosen panel. */
export function nearbyTitle(request: NearbyRequest): string {
  return request.extended_attributes?.title?.trim() || excerpt(request.description, 80) || request.service_name;
}
