import type { TenantPrivatePolicy } from '@uniwim/contracts';

const DAY_MS = 86_400_000;

const ipv4ToNumber = (ip: string): number | null => {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
};

/** An IPv6-mapped IPv4 address (`::ffff:10.0.0.1`, as Node reports some) read as the IPv4 one. */
const plainIp = (ip: string): string => ip.replace(/^::ffff:/i, '');

/**
 * Whether a sign-in from `ip` is allowed by the list (addresses or IPv4 CIDR ranges). An empty list
 * allows every address; an address the list cannot be compared with (IPv6) is refused by a non-empty one.
 */
export const ipAllowed = (ip: string | null, allowList: readonly string[]): boolean => {
  if (allowList.length === 0) return true;
  const address = ip === null ? null : ipv4ToNumber(plainIp(ip));
  if (address === null) return false;
  return allowList.some((entry) => {
    const [base, bitsText] = entry.split('/');
    const network = ipv4ToNumber(base ?? '');
    if (network === null) return false;
    const bits = bitsText === undefined ? 32 : Number(bitsText);
    const size = 2 ** (32 - bits);
    return Math.floor(address / size) === Math.floor(network / size);
  });
};

/** A password older than the policy's expiry must be changed at sign-in (0: never expires). */
export const passwordExpired = (
  changedAt: Date | null,
  policy: Pick<TenantPrivatePolicy, 'passwordExpiryDays'>,
  now: Date,
): boolean =>
  policy.passwordExpiryDays > 0 &&
  changedAt !== null &&
  now.getTime() - changedAt.getTime() > policy.passwordExpiryDays * DAY_MS;

/** A member who has not signed in (nor joined) within the policy's days is dormant (0: never). */
export const memberDormant = (
  activity: { lastSignInAt: Date | null; createdAt: Date },
  policy: Pick<TenantPrivatePolicy, 'dormantDisableDays'>,
  now: Date,
): boolean => {
  if (policy.dormantDisableDays <= 0) return false;
  const lastSeen = activity.lastSignInAt ?? activity.createdAt;
  return now.getTime() - lastSeen.getTime() > policy.dormantDisableDays * DAY_MS;
};
