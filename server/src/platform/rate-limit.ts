import { isIPv4, isIPv6 } from 'node:net';
import { AppError } from './errors';
import type { Store } from './store/store';

export interface RateLimitDecision {
  allowed: boolean;
  /** Requests still allowed in the current window. */
  remaining: number;
  /** 0 when allowed; otherwise how long until the window ends. */
  retryAfterMs: number;
}

/** Store key of a counter: `ratelimit:<caller's key>`, e.g. `ratelimit:captcha:203.0.113.7`. */
export const rateLimitStoreKey = (key: string): string => `ratelimit:${key}`;

const assertPositiveInteger = (name: string, value: number): void => {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`rate limit ${name} must be a positive integer, got ${value}`);
  }
};

/**
 * Fixed-window rate limiting on Store.incr: the first request of a window creates the counter with
 * the window as TTL, later ones only count. In Redis the counter is shared, so the limit holds
 * across instances. Refused requests count too (they cost the same to answer) but never extend
 * the window, so a client that keeps retrying is let in again when its window ends.
 */
/** A per-client-address limit with a name of its own (the counter's key prefix). */
export interface RateLimitPolicy {
  name: string;
  limit: number;
  windowMs: number;
}

export const createRateLimiter = (store: Store) => {
  const consume = async (key: string, limit: number, windowMs: number): Promise<RateLimitDecision> => {
    assertPositiveInteger('limit', limit);
    assertPositiveInteger('windowMs', windowMs);
    const storeKey = rateLimitStoreKey(key);
    const count = await store.incr(storeKey, windowMs);
    if (count <= limit) return { allowed: true, remaining: limit - count, retryAfterMs: 0 };
    // Null only if the window ended between the two calls: the client may retry at once.
    const retryAfterMs = (await store.ttlMs(storeKey)) ?? 0;
    return { allowed: false, remaining: 0, retryAfterMs };
  };

  return {
    consume,

    /** One request of a client address under a named policy; throws RATE_LIMITED over its limit. */
    enforceFor: async (policy: RateLimitPolicy, ip: string): Promise<RateLimitDecision> => {
      const decision = await consume(`${policy.name}:${rateLimitSubject(ip)}`, policy.limit, policy.windowMs);
      if (!decision.allowed) throw rateLimitedError(decision);
      return decision;
    },

    /** Counts one request; throws RATE_LIMITED (429) with `{ retryAfterSeconds }` over the limit. */
    enforce: async (key: string, limit: number, windowMs: number): Promise<RateLimitDecision> => {
      const decision = await consume(key, limit, windowMs);
      if (!decision.allowed) throw rateLimitedError(decision);
      return decision;
    },
  };
};

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Whole seconds for a Retry-After header: rounded up and at least 1, so clients never retry early. */
export const retryAfterSecondsOf = (decision: Pick<RateLimitDecision, 'retryAfterMs'>): number =>
  Math.max(1, Math.ceil(decision.retryAfterMs / 1000));

/** The 429 for a refused decision; routes that also set a Retry-After header throw it themselves. */
export const rateLimitedError = (decision: Pick<RateLimitDecision, 'retryAfterMs'>): AppError => {
  const retryAfterSeconds = retryAfterSecondsOf(decision);
  return new AppError('RATE_LIMITED', `请求过于频繁，请${retryAfterSeconds}秒后再试`, { retryAfterSeconds });
};

/**
 * The part of a client address a per-client limit should count on. IPv4 (also when mapped into
 * IPv6) as is; IPv6 by its /64 prefix, because one subscriber usually holds a whole /64 and could
 * otherwise switch address for every request.
 */
export const rateLimitSubject = (ip: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
};

/** The eight 16-bit groups of an IPv6 address, without leading zeros ("::" expanded). */
const expandIPv6 = (ip: string): string[] => {
  const withoutZone = ip.split('%')[0]!;
  const [head = '', tail] = withoutZone.split('::');
  const parse = (part: string | undefined): string[] =>
    part ? part.split(':').flatMap((group) => (isIPv4(group) ? ipv4ToGroups(group) : [group])) : [];
  const headGroups = parse(head);
  const tailGroups = parse(tail);
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16).toString(16));
};

/** An embedded dotted IPv4 tail (e.g. "64:ff9b::192.0.2.1") as two hex groups. */
const ipv4ToGroups = (ipv4: string): string[] => {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
};
