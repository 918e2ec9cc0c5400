import type { MenuVersions } from './repo';

const atLeast = (a: MenuVersions, b: MenuVersions) => a.catalogue >= b.catalogue && a.tenant >= b.tenant;

/**
 * Menu trees by (kind, tenant, role set), each labelled with the version counters it was read with.
 * An entry is served while its label is as new as the highest counters this instance has seen: from
 * its own loads, its own writes, and the change messages of other instances. So a change anywhere
 * makes older entries unusable at once, and a load that raced a change cannot bring stale rows back.
 * Entries also expire after `ttlMs`, which heals a change message lost on the way.
 */
export class VersionedCache<V extends { versions: MenuVersions }> {
  private catalogueSeen = 0;
  private readonly tenantSeen = new Map<string, number>();
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  private seen(tenantId: string | null): MenuVersions {
    return {
      catalogue: this.catalogueSeen,
      tenant: tenantId === null ? 0 : (this.tenantSeen.get(tenantId) ?? 0),
    };
  }

  /**
   * Records counters known to exist (from a load, a write, or another instance's message). The tenant
   * is null for trees that depend on the catalogue only (the admin console's).
   */
  learn(tenantId: string | null, versions: Partial<MenuVersions>): void {
    if (versions.catalogue !== undefined && versions.catalogue > this.catalogueSeen) {
      this.catalogueSeen = versions.catalogue;
    }
    if (tenantId !== null && versions.tenant !== undefined) {
      if (versions.tenant > (this.tenantSeen.get(tenantId) ?? 0))
        this.tenantSeen.set(tenantId, versions.tenant);
    }
  }

  async get(key: string, tenantId: string | null, load: () => Promise<V>): Promise<V> {
    const seen = this.seen(tenantId);
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now() && atLeast(hit.value.versions, seen)) return hit.value;
    // Callers that know the same counters share one load; a caller that learnt of a newer change
    // meanwhile starts its own rather than joining a load that may predate the change.
    const loadKey = `${key}@${seen.catalogue}.${seen.tenant}`;
    const pending = this.loading.get(loadKey);
    if (pending) return pending;
    const promise = load()
      .then((value) => {
        this.learn(tenantId, value.versions);
        const current = this.entries.get(key);
        if (!current || atLeast(value.versions, current.value.versions)) {
          if (!current && this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
        }
        return value;
      })
      .finally(() => this.loading.delete(loadKey));
    this.loading.set(loadKey, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
  }
}
