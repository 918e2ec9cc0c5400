import { type LoginConfig, loginConfigOverrideSchema, loginConfigSchema } from '@uniwim/contracts';

/**
 * Effective configuration = spec defaults, then the platform default, then the tenant's override.
 * A stored value that no longer validates (an older release wrote it, or a manual edit) is dropped
 * field by field rather than breaking the sign-in page.
 */
export const mergeLoginConfig = (platformDefault: unknown, tenantOverride: unknown): LoginConfig => {
  const merged: Record<string, unknown> = {};
  for (const layer of [platformDefault, tenantOverride]) {
    if (!layer || typeof layer !== 'object') continue;
    for (const [key, value] of Object.entries(layer)) {
      const single = loginConfigOverrideSchema.safeParse({ [key]: value });
      // Only the field itself: parsing fills defaults for the others, which must not overwrite.
      if (single.success) merged[key] = (single.data as Record<string, unknown>)[key];
    }
  }
  return loginConfigSchema.parse(merged);
};
