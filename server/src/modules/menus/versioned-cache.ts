import type { MenuVersions } from './repo';

const atLeast = (a: MenuVersions, b: MenuVersions) => a.catalogue >= b.catalogue && a.tenant >= b.tenant;

/**
 * Menu trees by (kind, tenant, role set), each labelled with the version counters it was read with.
 * An entry is served while its label is as new as the highest counters this instance has seen: from
 * its own loads, its own writes, and the change messages of other instances. So a change anywhere
 * makes older entries unusable at once, and a load that raced a change cannot bring stale rows back.
 * Entries also expire after `ttlMs`, which heals a change message lost on the way. With `currentVersions`
 * an expired entry is checked first: the database's counters (bumped by triggers on every change) as
 * they are now, and the entry lives on when they have not moved. Rebuilding a large tree on PGlite
 * costs its one thread about 250 ms every minute per tree; reading the counters, well under 1 ms.
 */
export class VersionedCache<V extends { versions: MenuVersions }> {
  private catalogueSeen = 0;
  private readonly tenantSeen = new Map<string, number>();
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private readonly checking = new Map<string, Promise<V | undefined>>();

  private readonly maxEntries: number;
  private readonly currentVersions?: (tenantId: string | null) => Promise<MenuVersions>;

  constructor(
    private readonly ttlMs: number,
    options: {
      maxEntries?: number;
      currentVersions?: (tenantId: string | null) => Promise<MenuVersions>;
    } = {},
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.currentVersions = options.currentVersions;
  }

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
    const hit = this.entries.get(key);
    if (hit && atLeast(hit.value.versions, this.seen(tenantId))) {
      if (hit.expiresAt > Date.now()) return hit.value;
      const current = await this.stillCurrent(key, tenantId, hit);
      if (current) return current;
    }
    const seen = this.seen(tenantId);
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

  /** The expired entry, kept for another TTL when the database's counters have not moved since. */
  private stillCurrent(
    key: string,
    tenantId: string | null,
    hit: { value: V; expiresAt: number },
  ): Promise<V | undefined> {
    const read = this.currentVersions;
    if (!read) return Promise.resolve(undefined);
    let check = this.checking.get(key);
    if (!check) {
      check = read(tenantId)
        .then((now) => {
          this.learn(tenantId, now);
          if (!atLeast(hit.value.versions, now) || this.entries.get(key) !== hit) return undefined;
          hit.expiresAt = Date.now() + this.ttlMs;
          return hit.value;
        })
        .finally(() => this.checking.delete(key));
      this.checking.set(key, check);
    }
    return check;
  }

  clear(): void {
    this.entries.clear();
  }
}
