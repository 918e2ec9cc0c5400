import { type SearchSettings, type SearchSettingsSave, searchSettingsSchema } from '@uniwim/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AdminActor } from '../../platform/admin/admin-guard';
import { diffChanges, recordOperation } from '../../platform/admin/operation-log';
import { TtlCache } from '../../platform/cache/ttl-cache';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { PubSub } from '../../platform/pubsub/pubsub';
import { searchSettings } from './schema';
import type { SearchSource } from './source';
import { synonymLookup } from './tokens';

export const SEARCH_SETTINGS_CHANGED_CHANNEL = 'search-settings-changed';
/** Only heals a lost change message: a save reaches every instance at once. */
const SETTINGS_TTL_MS = 60_000;

/** A tenant's settings as a search uses them. */
export interface EffectiveSettings {
  settings: SearchSettings;
  enabled: ReadonlySet<string>;
  weightOf: ReadonlyMap<string, number>;
  synonyms: ReadonlyMap<string, readonly string[]>;
}

export interface StoredSettings {
  settings: SearchSettings;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** Every registered source on, at its default weight; no synonyms or hot words. */
export const defaultSettings = (sources: readonly SearchSource[]): SearchSettings => ({
  sources: sources.map((source) => ({ source: source.name, enabled: true, weight: source.defaultWeight })),
  synonyms: [],
  hotWords: [],
});

/**
 * Stored settings over the registered sources: a source registered since the save gets its default,
 * one no longer registered is dropped; anything unreadable falls back to the defaults.
 */
export const settingsOver = (stored: unknown, sources: readonly SearchSource[]): SearchSettings => {
  const defaults = defaultSettings(sources);
  const parsed = searchSettingsSchema.safeParse(stored);
  if (!parsed.success) return defaults;
  const saved = new Map(parsed.data.sources.map((entry) => [entry.source, entry]));
  return {
    sources: defaults.sources.map((entry) => saved.get(entry.source) ?? entry),
    synonyms: parsed.data.synonyms,
    hotWords: parsed.data.hotWords,
  };
};

export const effectiveOf = (settings: SearchSettings): EffectiveSettings => ({
  settings,
  enabled: new Set(settings.sources.filter((entry) => entry.enabled).map((entry) => entry.source)),
  weightOf: new Map(settings.sources.map((entry) => [entry.source, entry.weight])),
  synonyms: synonymLookup(settings.synonyms),
});

export interface SearchSettingsDeps {
  db: Database;
  pubsub: PubSub;
  sources: readonly SearchSource[];
}

/** Each tenant's search settings (/searchSet): read through a cache every instance drops on a save. */
export const createSearchSettingsService = ({ db, pubsub, sources }: SearchSettingsDeps) => {
  const cache = new TtlCache<EffectiveSettings>(SETTINGS_TTL_MS);
  const platformDefaults = effectiveOf(defaultSettings(sources));
  const known = new Set(sources.map((source) => source.name));

  const read = (tenantId: string): Promise<StoredSettings> =>
    db.withTenant(tenantId, async (tx) => {
      const [row] = await tx.select().from(searchSettings).where(eq(searchSettings.tenantId, tenantId));
      return {
        settings: settingsOver(row?.settings, sources),
        version: row?.version ?? 0,
        updatedAt: row?.updatedAt.toISOString() ?? null,
        updatedBy: row?.updatedBy ?? null,
      };
    });

  return {
    read,

    /** The settings a search of this tenant uses (the defaults on the platform). */
    effective: (tenantId: string | null): Promise<EffectiveSettings> =>
      tenantId
        ? cache.getOrLoad(tenantId, async () => effectiveOf((await read(tenantId)).settings))
        : Promise.resolve(platformDefaults),

    /** Replaces the tenant's settings; a stale version answers 409 and changes nothing. */
    save: async (tenantId: string, body: SearchSettingsSave, actor: AdminActor): Promise<StoredSettings> => {
      const unknown = body.settings.sources
        .filter((entry) => !known.has(entry.source))
        .map((entry) => entry.source);
      if (unknown.length > 0)
        throw new AppError('SEARCH_SOURCE_UNKNOWN', `未知的搜索来源：${unknown.join('、')}`, {
          sources: unknown,
        });
      const saved = await db.withTenant(tenantId, async (tx) => {
        const [row] = await tx
          .select()
          .from(searchSettings)
          .where(eq(searchSettings.tenantId, tenantId))
          .for('update');
        const version = row?.version ?? 0;
        if (version !== body.version) throw new AppError('VERSION_CONFLICT');
        const before = settingsOver(row?.settings, sources);
        const after = settingsOver(body.settings, sources);
        const [written] = await tx
          .insert(searchSettings)
          .values({ tenantId, settings: after, version: version + 1, updatedBy: actor.name })
          .onConflictDoUpdate({
            target: searchSettings.tenantId,
            set: { settings: after, version: version + 1, updatedBy: actor.name, updatedAt: sql`now()` },
          })
          .returning();
        await recordOperation(tx, {
          tenantId,
          operatorId: actor.accountId,
          operatorName: actor.name,
          resource: 'search-settings',
          recordId: tenantId,
          recordLabel: '搜索设置',
          action: 'update',
          changes: diffChanges(before, after),
          ip: actor.ip,
          userAgent: actor.userAgent,
          requestId: actor.requestId,
        });
        return {
          settings: after,
          version: written!.version,
          updatedAt: written!.updatedAt.toISOString(),
          updatedBy: written!.updatedBy,
        };
      });
      cache.delete(tenantId);
      await pubsub.publish(SEARCH_SETTINGS_CHANGED_CHANNEL, tenantId);
      return saved;
    },

    /** Subscribes this instance to saves made anywhere; returns the unsubscribe function. */
    listenForChanges: () =>
      pubsub.subscribe(SEARCH_SETTINGS_CHANGED_CHANNEL, (tenantId) => cache.delete(tenantId)),
  };
};

export type SearchSettingsService = ReturnType<typeof createSearchSettingsService>;
