import { createRequire } from 'node:module';
import { isIP } from 'node:net';

/** Where an address is, as the log pages show it. Countries and provinces in Chinese. */
export interface Region {
  country: string | null;
  province: string | null;
  city: string | null;
}

/** The region of a loopback address (the server's own machine) and of a private network. */
export const LOOPBACK_REGION = '本机';
export const PRIVATE_REGION = '内网';

const UNKNOWN: Region = { country: null, province: null, city: null };

/** The official full names of China's provincial divisions: the statistics map keys on them. */
const PROVINCES = [
  '北京市',
  '天津市',
  '上海市',
  '重庆市',
  '河北省',
  '山西省',
  '辽宁省',
  '吉林省',
  '黑龙江省',
  '江苏省',
  '浙江省',
  '安徽省',
  '福建省',
  '江西省',
  '山东省',
  '河南省',
  '湖北省',
  '湖南省',
  '广东省',
  '海南省',
  '四川省',
  '贵州省',
  '云南省',
  '陕西省',
  '甘肃省',
  '青海省',
  '台湾省',
  '内蒙古自治区',
  '广西壮族自治区',
  '西藏自治区',
  '宁夏回族自治区',
  '新疆维吾尔自治区',
  '香港特别行政区',
  '澳门特别行政区',
];
const shortName = (name: string) =>
  name.replace(/(壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区|省|市)$/, '');
const PROVINCE_BY_SHORT = new Map(PROVINCES.map((name) => [shortName(name), name]));

/** '北京' and '北京市' both become '北京市'; a name we do not know stays as the database wrote it. */
export const officialProvince = (name: string): string => PROVINCE_BY_SHORT.get(shortName(name)) ?? name;

const ipv4Parts = (ip: string): number[] => ip.split('.').map(Number);

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
const unmapped = (ip: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
};

const localKind = (ip: string): typeof LOOPBACK_REGION | typeof PRIVATE_REGION | null => {
  if (isIP(ip) === 4) {
    const [a, b] = ipv4Parts(ip) as [number, number];
    if (a === 127) return LOOPBACK_REGION;
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return PRIVATE_REGION;
    // Link-local, carrier-grade NAT and "this network": not on the public internet either.
    if ((a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127) || a === 0) return PRIVATE_REGION;
    return null;
  }
  const lower = ip.toLowerCase();
  if (lower === '::1') return LOOPBACK_REGION;
  // Unique local (fc00::/7) and link-local (fe80::/10) addresses.
  if (/^f[cd][0-9a-f]{0,2}:/.test(lower) || /^fe[89ab][0-9a-f]?:/.test(lower) || lower === '::') {
    return PRIVATE_REGION;
  }
  return null;
};

interface Ip2RegionResult {
  country: string;
  province: string;
  city: string;
}
interface Ip2RegionQuery {
  search(ip: string): Ip2RegionResult | null;
}

/**
 * The offline database (the ip2region package's files, MIT; no network lookup), opened on the first
 * public address so that start-up and tests that never log one pay nothing.
 */
let database: Ip2RegionQuery | undefined;
const databaseOf = (): Ip2RegionQuery => {
  if (!database) {
    const require = createRequire(import.meta.url);
    const IP2Region = (require('ip2region') as { default: new () => Ip2RegionQuery }).default;
    database = new IP2Region();
  }
  return database;
};

const meaningful = (text: string | undefined): string | null =>
  text && text !== '0' && !text.includes('内网') ? text : null;

/** The region of a client address: loopback and private ranges by rule, public ones from the database. */
export const regionOf = (address: string | null | undefined): Region => {
  if (!address) return UNKNOWN;
  const ip = unmapped(address.trim());
  if (isIP(ip) === 0) return UNKNOWN;
  const local = localKind(ip);
  if (local) return { country: local, province: null, city: null };
  let found: Ip2RegionResult | null;
  try {
    found = databaseOf().search(ip);
  } catch {
    // An address the database cannot read is logged without a region rather than failing the log.
    return UNKNOWN;
  }
  const country = meaningful(found?.country);
  if (!country) return UNKNOWN;
  const province = meaningful(found?.province);
  return {
    country,
    province: province && country === '中国' ? officialProvince(province) : province,
    city: meaningful(found?.city),
  };
};
