import { BlockList, isIPv4, isIPv6 } from 'node:net';

const MAX_CACHED_LISTS = 1_000;
const cache = new Map<string, BlockList>();

const blockListOf = (entries: readonly string[]): BlockList => {
  const key = entries.join(',');
  const cached = cache.get(key);
  if (cached) return cached;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  if (cache.size >= MAX_CACHED_LISTS) cache.clear();
  cache.set(key, list);
  return list;
};

/** An IPv4 address mapped into IPv6 (::ffff:203.0.113.7, what a dual-stack socket reports) as IPv4. */
const unmapped = (ip: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped && isIPv4(mapped[1]!) ? mapped[1]! : ip;
};

/**
 * Whether a client address is admitted by a credential's allow-list: an empty list admits every
 * address; otherwise the address must be one of the listed addresses or inside a listed network
 * (IPv4 or IPv6 CIDR; entries were validated by the contract). Lists are compiled once and kept.
 */
export const addressAllowed = (allowList: readonly string[], ip: string): boolean => {
  if (allowList.length === 0) return true;
  const address = unmapped(ip);
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return false;
  return blockListOf(allowList).check(address, family);
};
