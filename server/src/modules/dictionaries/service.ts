import { type DictionaryItem, type DictionaryValues, legacyDictionaryCode } from '@uniwim/contracts';
import type { PubSub } from '../../platform/pubsub/pubsub';
import type { ActiveSession } from '../sessions/repo';
import { effectiveDictionaries } from './effective';
import type { DictionaryRepo } from './repo';
import { DictionaryValueCache } from './value-cache';

export const DICTIONARIES_CHANGED_CHANNEL = 'dictionaries-changed';
/** The message that drops every answer: the platform's dictionaries changed. */
const EVERY_TENANT = '*';
/** A safety net only: a change is announced to every instance, which drops its answers at once. */
const CACHE_TTL_MS = 10 * 60_000;

/**
 * Dictionaries for drop-downs and labels (POST /ump/dictionary/getValueByCode), answered from a
 * cache per tenant and code that every instance drops when a dictionary changes (issue 14).
 */
export const createDictionaryService = (repo: DictionaryRepo, pubsub: PubSub) => {
  const cache = new DictionaryValueCache<DictionaryItem[]>(CACHE_TTL_MS);
  const drop = (scope: string) => {
    if (scope === EVERY_TENANT) cache.dropAll();
    else cache.dropScope(scope);
  };

  return {
    /** Every asked code with its active items; a code asked in the earlier camelCase style finds its type. */
    valuesByCode: async (
      session: Pick<ActiveSession, 'tenantId'>,
      asked: string[],
    ): Promise<DictionaryValues> => {
      const unique = [...new Set(asked)];
      const codeOf = new Map(unique.map((code) => [code, legacyDictionaryCode(code)]));
      const codes = [...new Set(codeOf.values())];
      const tenantId = session.tenantId;
      const values = await cache.getMany(tenantId ?? '', codes, async (missing) =>
        effectiveDictionaries(missing, await repo.read(tenantId, missing)),
      );
      return Object.fromEntries(unique.map((code) => [code, values.get(codeOf.get(code)!) ?? []]));
    },

    /**
     * After a committed change: the tenant's answers (or, for a platform change, everyone's) go here
     * and on every other instance.
     */
    changed: async (tenantId: string | null) => {
      const scope = tenantId ?? EVERY_TENANT;
      drop(scope);
      await pubsub.publish(DICTIONARIES_CHANGED_CHANNEL, scope);
    },

    listenForChanges: () => pubsub.subscribe(DICTIONARIES_CHANGED_CHANNEL, drop),
  };
};

export type DictionaryService = ReturnType<typeof createDictionaryService>;
