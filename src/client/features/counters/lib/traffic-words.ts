import type { TFunction } from 'i18next';
import { periodOf, type TrafficRange } from './traffic-series';

type TrafficT = TFunction<'traffic'>;

/** A measurement type's name: the ones the service documents, else the service's word. */
export function typeName(t: TrafficT, type: string): string {
  if (type === 'count') return t('type.count');
  if (type === 'speed') return t('type.speed');
  return t('type.other', { type });
}

/** The unit as people read it: counts per the range's period, speeds averaged in km/h. */
export function unitName(t: TrafficT, type: string, range: TrafficRange, serviceUnit: string): string {
  if (type === 'count') return periodOf[range] === 'hour' ? t('unit.countHour') : t('unit.countDay');
  if (type === 'speed') return t('unit.speed');
  return serviceUnit;
}

export function directionName(t: TrafficT, direction: string): string {
  if (direction === 'in') return t('direction.in');
  if (direction === 'out') return t('direction.out');
  if (direction === '') return t('direction.none');
  return t('direction.other', { direction });
}
