/**
 * A small in-process cache for hot, rarely changing reads (configuration, tenant lookups).
 * Entries expire after ttlMs so a missed invalidation heals itself; concurrent misses for the
 * same key share one load. A load that started before `clear()` or `delete()` is not stored (nor
 * shared with later callers): it may have read the rows as they were before the change that emptied
 * the cache.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const startedAt = this.generation;
    const promise = load()
      .then((value) => {
        if (startedAt === this.generation) {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  delete(key: string): void {
    this.generation++;
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }
}
