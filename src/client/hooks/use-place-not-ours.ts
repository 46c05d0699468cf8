/**
 * Whether the pin is on a place someone else maintains (a state road, a railway yard), and so
 * whether the chosen type may be reported there. Anything unknown (no point, no answer yet,
 * offline) blocks nothing: the server refuses such a report when it is sent.
 */
import { useNotOursAt } from '../api/get-not-ours';
import { allowedAt, type NotOursWire } from '@/shared/not-ours/wire';
import type { SupportedLocale } from '@/shared/locales';

export type PlaceNotOurs =
  | { kind: 'ours' }
  | {
      kind: 'not-ours';
      place: NotOursWire;
      /** A type is chosen and it is not reported here. */
      typeNotAllowed: boolean;
    };

export function usePlaceNotOurs(position: { lat: number; long: number } | undefined, serviceCode: string, locale: SupportedLocale): PlaceNotOurs {
  const { data: place } = useNotOursAt(position, locale);
  if (!place) return { kind: 'ours' };
  return { kind: 'not-ours', place, typeNotAllowed: serviceCode !== '' && !allowedAt(place, serviceCode) };
}
