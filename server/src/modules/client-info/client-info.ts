import { type Region, regionOf } from './region';
import { type DeviceInfo, deviceOf } from './user-agent';

/** The columns every login and usage log row gets (migration 0036), parsed once as the row is queued. */
export interface ClientInfo {
  regionCountry: string | null;
  regionProvince: string | null;
  regionCity: string | null;
  deviceType: string;
  os: string | null;
  browser: string | null;
  client: string;
}

/**
 * A bounded memo: a platform sees a few hundred distinct user agents and a few thousand addresses an
 * hour, so most rows cost a map lookup. Cleared whole when full (cheaper than LRU bookkeeping).
 */
class Memo<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly max: number) {}
  get(key: string, compute: () => T): T {
    const known = this.entries.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }
}

const regions = new Memo<Region>(10_000);
const devices = new Memo<DeviceInfo>(2_000);

/** Region of the address and device of the user agent, as row columns. */
export const clientInfoOf = (
  ip: string | null | undefined,
  userAgent: string | null | undefined,
  channel?: string | null,
): ClientInfo => {
  const region = ip ? regions.get(ip, () => regionOf(ip)) : regionOf(null);
  const device = devices.get(`${channel ?? ''}\u0000${userAgent ?? ''}`, () => deviceOf(userAgent, channel));
  return {
    regionCountry: region.country,
    regionProvince: region.province,
    regionCity: region.city,
    deviceType: device.deviceType,
    os: device.os,
    browser: device.browser,
    client: device.client,
  };
};

/** How a region reads on a page: "中国 广东省 深圳市", "本机", "内网". */
export const regionLabel = (info: Pick<ClientInfo, 'regionCountry' | 'regionProvince' | 'regionCity'>) =>
  [info.regionCountry, info.regionProvince, info.regionCity]
    .filter((part, index, parts): part is string => !!part && parts.indexOf(part) === index)
    .join(' ');
