import Bowser from 'bowser';

/** What kind of client sent a request: a browser on a computer, a mobile page, or a program (API). */
export type ClientKind = 'web' | 'mobile' | 'api';
export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'tv' | 'bot' | 'unknown';

export interface DeviceInfo {
  deviceType: DeviceType;
  os: string | null;
  browser: string | null;
  client: ClientKind;
}

const DEVICE_TYPES = new Set<DeviceType>(['desktop', 'mobile', 'tablet', 'tv', 'bot']);

/** Programs that call the API directly: HTTP libraries and command-line tools, not browsers. */
const PROGRAM =
  /^(curl|wget|python|java|okhttp|go-http-client|node-fetch|axios|undici|apache-httpclient|postman|insomnia|libwww|ruby|php)/i;

const named = (text: string | undefined): string | null => (text ? text : null);

/**
 * Device type, operating system and browser from a User-Agent (bowser, MIT): names without versions
 * so the filters and statistics group them ("Chrome", "Windows", "iOS"). `channel` is the sign-in's
 * from_channel header; 'api' marks a call with API credentials.
 */
export const deviceOf = (userAgent: string | null | undefined, channel?: string | null): DeviceInfo => {
  const ua = userAgent?.trim() ?? '';
  if (!ua || PROGRAM.test(ua)) {
    return { deviceType: 'unknown', os: null, browser: null, client: 'api' };
  }
  const parsed = Bowser.parse(ua);
  const platform = parsed.platform.type as DeviceType | undefined;
  const deviceType: DeviceType = platform && DEVICE_TYPES.has(platform) ? platform : 'unknown';
  const browser = named(parsed.browser.name);
  const client: ClientKind =
    channel === 'api'
      ? 'api'
      : deviceType === 'mobile' || deviceType === 'tablet' || channel === 'mobile' || channel === 'app'
        ? 'mobile'
        : browser || deviceType !== 'unknown'
          ? 'web'
          : 'api';
  return { deviceType, os: named(parsed.os.name), browser, client };
};
