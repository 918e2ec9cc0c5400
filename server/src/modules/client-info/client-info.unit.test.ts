import { describe, expect, it } from 'vitest';
import { clientInfoOf, regionLabel } from './client-info';
import { officialProvince, regionOf } from './region';
import { deviceOf } from './user-agent';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN';
const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:121.0) Gecko/20100101 Firefox/121.0';
const EDGE_ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-S9080) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0.0.0';

describe('regionOf', () => {
  it('reads public addresses from the offline database, provinces by their official names', () => {
    expect(regionOf('120.24.78.68')).toEqual({ country: '中国', province: '广东省', city: '深圳市' });
    expect(regionOf('114.114.114.114')).toMatchObject({ country: '中国', province: '江苏省' });
    // The database says '北京': the page and the map use '北京市'.
    expect(regionOf('202.106.0.20')).toMatchObject({ country: '中国', province: '北京市' });
    expect(regionOf('8.8.8.8')).toMatchObject({ country: '美国' });
    expect(regionOf('240e:47d:c20:1627:30a3:ba0d:a5e6:ec19')).toMatchObject({
      country: '中国',
      province: '广东省',
    });
  });

  it('names loopback and private addresses as such, IPv4-mapped ones too', () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(regionOf(ip)).toEqual({ country: '本机', province: null, city: null });
    }
    for (const ip of ['10.1.2.3', '172.16.0.9', '192.168.1.1', '169.254.1.1', 'fd00::1', 'fe80::1']) {
      expect(regionOf(ip).country).toBe('内网');
    }
    expect(regionOf('172.32.0.1').country).not.toBe('内网');
  });

  it('leaves missing and malformed addresses without a region', () => {
    for (const ip of [null, undefined, '', 'not-an-ip', '999.1.1.1']) {
      expect(regionOf(ip)).toEqual({ country: null, province: null, city: null });
    }
  });

  it('maps short and full province names to the full one', () => {
    expect(officialProvince('广西')).toBe('广西壮族自治区');
    expect(officialProvince('新疆维吾尔自治区')).toBe('新疆维吾尔自治区');
    expect(officialProvince('上海')).toBe('上海市');
    expect(officialProvince('某地')).toBe('某地');
  });
});

describe('deviceOf', () => {
  it('parses browsers, systems and device types of known user agents', () => {
    expect(deviceOf(CHROME_WINDOWS)).toEqual({
      deviceType: 'desktop',
      os: 'Windows',
      browser: 'Chrome',
      client: 'web',
    });
    expect(deviceOf(WECHAT_IPHONE)).toEqual({
      deviceType: 'mobile',
      os: 'iOS',
      browser: 'WeChat',
      client: 'mobile',
    });
    expect(deviceOf(SAFARI_IPAD)).toMatchObject({
      deviceType: 'tablet',
      browser: 'Safari',
      client: 'mobile',
    });
    expect(deviceOf(FIREFOX_MAC)).toMatchObject({ deviceType: 'desktop', os: 'macOS', browser: 'Firefox' });
    expect(deviceOf(EDGE_ANDROID)).toMatchObject({
      deviceType: 'mobile',
      os: 'Android',
      browser: 'Microsoft Edge',
    });
  });

  it('takes programs and requests without a user agent for API clients', () => {
    expect(deviceOf('curl/8.4.0').client).toBe('api');
    expect(deviceOf('python-requests/2.31').client).toBe('api');
    expect(deviceOf(null)).toEqual({ deviceType: 'unknown', os: null, browser: null, client: 'api' });
    expect(deviceOf(CHROME_WINDOWS, 'api').client).toBe('api');
  });
});

describe('clientInfoOf', () => {
  it('gives the columns of a row, the same for a repeated address and agent', () => {
    const first = clientInfoOf('127.0.0.1', CHROME_WINDOWS);
    expect(first).toEqual({
      regionCountry: '本机',
      regionProvince: null,
      regionCity: null,
      deviceType: 'desktop',
      os: 'Windows',
      browser: 'Chrome',
      client: 'web',
    });
    expect(clientInfoOf('127.0.0.1', CHROME_WINDOWS)).toEqual(first);
    expect(regionLabel(clientInfoOf('120.24.78.68', null))).toBe('中国 广东省 深圳市');
    expect(regionLabel(first)).toBe('本机');
  });
});
