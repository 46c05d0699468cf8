import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a client is counted under (sign-in attempts, uploads in flight). One IPv6 host
 * usually holds a whole /64 (often more), so counting single IPv6 addresses would hand an attacker
 * 2^64 "fresh" addresses; an IPv6 client is counted by its /64. IPv4-mapped IPv6 is the IPv4
 * address it carries.
 */
export function clientAddressKey(ip: string): string {
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = ip.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const headGroups = groupsOf(head);
  // An embedded IPv4 at the end stands for two groups; only the first four groups matter here.
  const tailGroups = tail === undefined ? [] : groupsOf(tail).flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
