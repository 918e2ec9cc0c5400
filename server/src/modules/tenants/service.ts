import { TtlCache } from '../../platform/cache/ttl-cache';
import type { PubSub } from '../../platform/pubsub/pubsub';
import { createTenantAdmission } from './admission';
import type { TenantRecord, TenantsRepo } from './repo';

/** Host header without port, lower-cased; null for anything that is not a plain host name. */
export const hostnameOf = (hostHeader: string | undefined): string | null => {
  if (!hostHeader) return null;
  const host = hostHeader.trim().toLowerCase().replace(/:\d+$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : null;
};

export const TENANTS_CHANGED_CHANNEL = 'tenants-changed';

export const createTenantService = (repo: TenantsRepo, pubsub: PubSub) => {
  // Anonymous pages resolve their tenant on every load: keep answers (including "none") briefly.
  const byDomain = new TtlCache<TenantRecord | null>(30_000);
  const byParam = new TtlCache<TenantRecord | null>(30_000);
  // Every sign-in reads its tenant (status, two-factor rule, name): a changed tenant shows within 30 s.
  const byId = new TtlCache<TenantRecord | null>(30_000);
  // Whether a tenant admits anyone: asked on every request, so its copies live 5 s, not 30.
  const admission = createTenantAdmission(repo.lifecycleOf);
  const forget = () => {
    byDomain.clear();
    byParam.clear();
    byId.clear();
    admission.forget();
  };

  return {
    admission,
    findById: async (id: string): Promise<TenantRecord | undefined> =>
      (await byId.getOrLoad(id, async () => (await repo.findById(id)) ?? null)) ?? undefined,
    findByName: repo.findByName,

    /**
     * The tenant a sign-in page belongs to: an explicit `tenant` parameter (code or id) wins, then
     * a domain the tenant owns; null means the platform default.
     */
    resolveForPage: async (hostHeader: string | undefined, tenantParam: string | undefined) => {
      if (tenantParam) {
        return byParam.getOrLoad(tenantParam, async () => (await repo.findByCodeOrId(tenantParam)) ?? null);
      }
      const host = hostnameOf(hostHeader);
      if (!host) return null;
      return byDomain.getOrLoad(host, async () => (await repo.findByDomain(host)) ?? null);
    },

    invalidate: forget,

    /** After an admin change: every instance drops its copies at once (admission's included). */
    changed: async () => {
      forget();
      await pubsub.publish(TENANTS_CHANGED_CHANNEL, 'changed');
    },

    listenForChanges: () => pubsub.subscribe(TENANTS_CHANGED_CHANNEL, forget),
  };
};

export type TenantService = ReturnType<typeof createTenantService>;
