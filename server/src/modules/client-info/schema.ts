import { text } from 'drizzle-orm/pg-core';

/**
 * The columns login_logs and usage_logs both carry (migration 0036), parsed once at write time:
 * region from the client address, device, operating system, browser and client kind from the agent.
 */
export const clientInfoColumns = () => ({
  regionCountry: text('region_country'),
  regionProvince: text('region_province'),
  regionCity: text('region_city'),
  deviceType: text('device_type'),
  os: text('os'),
  browser: text('browser'),
  client: text('client'),
});
