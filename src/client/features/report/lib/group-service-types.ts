import type { ServiceType } from '@/shared/georeport/types';

export interface ServiceTypeGroup {
  /** The API's group name; '' for types that have none. */
  name: string;
  serviceTypes: ServiceType[];
}

/** Groups in the order the API lists them first; ungrouped types come last. */
export function groupServiceTypes(serviceTypes: readonly ServiceType[]): ServiceTypeGroup[] {
  const groups = new Map<string, ServiceType[]>();
  for (const serviceType of serviceTypes) {
    const groupName = serviceType.group.trim();
    const members = groups.get(groupName) ?? [];
    members.push(serviceType);
    groups.set(groupName, members);
  }
  const named = [...groups].filter(([groupName]) => groupName !== '');
  const ungrouped = groups.get('');
  return [
    ...named.map(([groupName, members]) => ({ name: groupName, serviceTypes: members })),
    ...(ungrouped ? [{ name: '', serviceTypes: ungrouped }] : []),
  ];
}
