import type { ServiceType } from '@/shared/georeport/types';

/** Lower case without accents, so "pyora" finds "pyörä" and "Tolo" finds "Töölö". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();
}

/** Types whose name, keywords, description or group contain every word of the query. */
export function filterServiceTypes(serviceTypes: readonly ServiceType[], query: string): ServiceType[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...serviceTypes];
  return serviceTypes.filter((serviceType) => {
    const haystack = foldText([serviceType.service_name, serviceType.keywords, serviceType.description, serviceType.group].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}
