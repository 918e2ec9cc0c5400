import { encodeLoginConfig, type LoginConfig, type LoginConfigOverride } from '@uniwim/contracts';
import { TtlCache } from '../../platform/cache/ttl-cache';
import { ok } from '../../platform/http/envelope';
import type { PubSub } from '../../platform/pubsub/pubsub';
import { mergeLoginConfig } from './merge';
import type { LoginConfigRepo } from './repo';

export interface EffectiveLoginConfig {
  config: LoginConfig;
  /** What GET /ump/cfg-encrypt answers, computed once per change. */
  encoded: string;
  /** That whole answer as JSON text: every anonymous page load asks for it, so it is serialised once. */
  encodedEnvelopeJson: string;
}

export const LOGIN_CONFIG_CHANGED_CHANNEL = 'login-config-changed';
const PLATFORM_KEY = '__platform__';

/**
 * Serves the sign-in configuration from memory: every anonymous page load reads it. A change made
 * on any instance is announced on PubSub so all instances drop their copy at once.
 */
export const createLoginConfigService = (repo: LoginConfigRepo, pubsub: PubSub) => {
  const cache = new TtlCache<EffectiveLoginConfig>(60_000);

  const load = async (tenantId: string | null): Promise<EffectiveLoginConfig> => {
    const [platform, override] = await Promise.all([
      repo.getPlatformDefault(),
      tenantId ? repo.getTenantOverride(tenantId) : Promise.resolve({}),
    ]);
    const config = mergeLoginConfig(platform, override);
    const encoded = encodeLoginConfig(config);
    return { config, encoded, encodedEnvelopeJson: JSON.stringify(ok(encoded)) };
  };

  const forget = (key: string) => {
    // The platform default feeds every tenant's effective configuration.
    if (key === PLATFORM_KEY) cache.clear();
    else cache.delete(key);
  };

  /** Forgets locally at once (the writer reads its own change next), then tells the other instances. */
  const announce = async (tenantId: string | null) => {
    forget(tenantId ?? PLATFORM_KEY);
    await pubsub.publish(LOGIN_CONFIG_CHANGED_CHANNEL, tenantId ?? PLATFORM_KEY);
  };

  return {
    effective: (tenantId: string | null) => cache.getOrLoad(tenantId ?? PLATFORM_KEY, () => load(tenantId)),

    setPlatformDefault: async (config: LoginConfigOverride) => {
      await repo.setPlatformDefault(config);
      await announce(null);
    },

    /** The platform default was written elsewhere (platform settings): every instance drops its copy. */
    platformDefaultChanged: () => announce(null),

    /** A tenant's override was written elsewhere (tenant settings): every instance drops its copy. */
    tenantOverrideChanged: (tenantId: string) => announce(tenantId),

    setTenantOverride: async (tenantId: string, config: LoginConfigOverride) => {
      await repo.setTenantOverride(tenantId, config);
      await announce(tenantId);
    },

    /** Subscribes this instance to changes made anywhere; returns the unsubscribe function. */
    listenForChanges: () => pubsub.subscribe(LOGIN_CONFIG_CHANGED_CHANNEL, forget),
  };
};

export type LoginConfigService = ReturnType<typeof createLoginConfigService>;
