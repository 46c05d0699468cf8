/**
 * A GeoReport POST at a "not ours" place: refused unless its type is still allowed there, with a
 * description saying the type is not handled here and whom to contact (the area's message in the
 * request's locale, English when it asked for none of fi/sv/en). Applies with or without bodies.
 */
import { notHandledHereContact } from '../../shared/georeport/problems';
import type { SupportedLocale } from '../../shared/locales';
import { badRequest } from '../open311/errors';
import type { NotOursRepository } from '../storage/repositories/not-ours';

export interface NotOursAsk {
  lat: number | undefined;
  long: number | undefined;
  serviceCode: string;
  /** The type's name in the request's locale. */
  serviceName: string;
  locale: SupportedLocale;
}

export async function refuseIfNotOurs(notOurs: NotOursRepository, { lat, long, serviceCode, serviceName, locale }: NotOursAsk): Promise<void> {
  // No point: the body assignment (or the schema) says what is missing.
  if (lat === undefined || long === undefined) return;
  const place = await notOurs.at(lat, long);
  if (!place || place.allowedServiceCodes.includes(serviceCode)) return;
  const contact = place.url ? `${place.messages[locale]} ${place.url}` : place.messages[locale];
  throw badRequest(notHandledHereContact.text({ value: `service_code ${serviceCode} (${serviceName})`, format: place.name, rest: contact }));
}
