/**
 * The answers of POST /ump/dictionary/getValueByCode, kept per scope (a tenant, or '' for the
 * platform) and code. A change drops a tenant's answers (its own dictionaries changed) or every
 * answer (the platform's changed); each instance drops its own on the change announcement.
 *
 * A read that started before a drop must not put its older answer back: every load remembers the
 * generations it started in and stores nothing if a drop happened meanwhile. Entries also expire
 * after `ttlMs`, so an announcement lost in transit heals itself.
 */
export class DictionaryValueCache<V> {
  private readonly scopes = new Map<string, Map<string, { value: V; expiresAt: number }>>();
  private readonly scopeGenerations = new Map<string, number>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxScopes = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The values of `codes` in `scope`: the cached ones, and the others from one `load` of the
   * missing codes (which answers every code it was given).
   */
  async getMany(scope: string, codes: string[], load: (missing: string[]) => Promise<Map<string, V>>) {
    const found = new Map<string, V>();
    const entries = this.scopes.get(scope);
    const time = this.now();
    for (const code of codes) {
      const hit = entries?.get(code);
      if (hit && hit.expiresAt > time) found.set(code, hit.value);
    }
    const missing = codes.filter((code) => !found.has(code));
    if (missing.length === 0) return found;
    const started = { all: this.generation, scope: this.scopeGenerations.get(scope) ?? 0 };
    const loaded = await load(missing);
    const current =
      this.generation === started.all && (this.scopeGenerations.get(scope) ?? 0) === started.scope;
    for (const code of missing) {
      const value = loaded.get(code);
      if (value === undefined) continue;
      found.set(code, value);
      if (current) this.store(scope, code, value);
    }
    return found;
  }

  /** One scope's answers go (a tenant's own dictionaries changed). */
  dropScope(scope: string): void {
    this.scopes.delete(scope);
    this.scopeGenerations.set(scope, (this.scopeGenerations.get(scope) ?? 0) + 1);
  }

  /** Every answer goes (the platform's dictionaries, which every tenant inherits, changed). */
  dropAll(): void {
    this.scopes.clear();
    this.scopeGenerations.clear();
    this.generation += 1;
  }

  private store(scope: string, code: string, value: V) {
    let entries = this.scopes.get(scope);
    if (!entries) {
      if (this.scopes.size >= this.maxScopes) this.scopes.clear();
      entries = new Map();
      this.scopes.set(scope, entries);
    }
    entries.set(code, { value, expiresAt: this.now() + this.ttlMs });
  }
}
