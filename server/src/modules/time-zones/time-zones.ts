import { DEFAULT_TIME_ZONE, isTimeZone } from '@uniwim/contracts';

/**
 * Where a reader is (issue 25): the zone every time they read is shown in. A tenant's is its setting
 * (tenant settings' basics), the platform's its regional setting; a tenant that is gone, or a zone
 * this runtime no longer knows, reads as the platform's. Both sources are cached by their modules
 * and dropped on every instance when they change.
 */
export interface TimeZones {
  platform(): Promise<string>;
  ofTenant(tenantId: string): Promise<string>;
  /** The active tenant's zone, the platform's outside a tenant. */
  of(tenantId: string | null): Promise<string>;
}

export const createTimeZones = (deps: {
  platformZone(): Promise<string>;
  tenantZone(tenantId: string): Promise<string | undefined>;
}): TimeZones => {
  const platform = async () => {
    const zone = await deps.platformZone();
    return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  };
  const ofTenant = async (tenantId: string) => {
    const zone = await deps.tenantZone(tenantId);
    return zone !== undefined && isTimeZone(zone) ? zone : platform();
  };
  return { platform, ofTenant, of: (tenantId) => (tenantId === null ? platform() : ofTenant(tenantId)) };
};

/** A fixed zone for everyone: tests and tools that have no settings. */
export const fixedTimeZones = (zone: string = DEFAULT_TIME_ZONE): TimeZones => ({
  platform: async () => zone,
  ofTenant: async () => zone,
  of: async () => zone,
});
