import { useTranslation } from 'react-i18next';
import { useReverseGeocode } from '../../../api/geocoding';
import { usePlaceBody, type PlaceBody } from '../../../hooks/use-place-body';
import { currentLanguage } from '../../../lib/i18n';
import { bodyName } from '@/shared/bodies/wire';

type Point = { lat: number; long: number };

/** The point in a pair of latitude and longitude fields, once both are numbers of the world. */
export function pointOfFields(lat: string, long: string): Point | undefined {
  const point = { lat: Number(lat.replace(',', '.')), long: Number(long.replace(',', '.')) };
  if (lat.trim() === '' || long.trim() === '' || !Number.isFinite(point.lat) || !Number.isFinite(point.long)) return undefined;
  return Math.abs(point.lat) <= 90 && Math.abs(point.long) <= 180 ? point : undefined;
}

/**
 * Where a point is and whose it would be, read back as a pin moves (the review page's place form
 * and the caller form): "Near Kaivokatu 12. At this place it goes to City of Helsinki." Also the
 * body there, for a form that asks before moving a report to another body.
 */
export function usePlaceReadBack(point: Point | undefined, serviceCode: string): { bodyThere: PlaceBody; words: string } {
  const { t, i18n } = useTranslation('moderation');
  const locale = currentLanguage(i18n);
  const nearest = useReverseGeocode(point ? { lat: point.lat, lon: point.long, lang: locale } : undefined);
  const bodyThere = usePlaceBody(point, serviceCode);
  const near = point && nearest.data ? t('place.near', { address: nearest.data.name }) : null;
  let there: string | null = null;
  if (point && bodyThere.kind === 'outside') there = t('place.outside');
  else if (point && bodyThere.kind === 'covered') {
    const name = bodyName(bodyThere.body, locale);
    there = bodyThere.typeNotHandled ? t('place.typeNotHandled', { body: name }) : t('place.goesTo', { body: name });
  }
  return { bodyThere, words: [near, there].filter(Boolean).join(' ') };
}
