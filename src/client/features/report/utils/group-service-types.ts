import type { ServiceType } from '../../../../shared/georeport/types';

export interface ServiceTypeGroup {
  /** The API's group name; '' for types that have none. */
  name: string;
  serviceTypes: ServiceType[];
}

/** Groups in the order the API lists them first; ungrouped types come last. */
export function groupServiceTypes(serviceTypes: readonly ServiceType[]): ServiceTypeGroup[] {
  const groups = new Map<string, ServiceType[]>();
  for (const serviceType of serviceTypes) {
    const name = serviceType.group.trim();
    const members = groups.get(name) ?? [];
    members.push(serviceType);
    groups.set(name, members);
  }
  const named = [...groups].filter(([name]) => name !== '');
  const ungrouped = groups.get('');
  return [
    ...named.map(([name, members]) => ({ name, serviceTypes: members })),
    ...(ungrouped ? [{ name: '', serviceTypes: ungrouped }] : []),
  ];
}
