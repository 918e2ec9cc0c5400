import type { PubSub } from '../../platform/pubsub/pubsub';
import type { AccountsRepo, LoginAccount } from './accounts-repo';

export const ACCOUNTS_CHANGED_CHANNEL = 'accounts-changed';

/** How long an account read stays in memory when no change is announced (a missed one heals itself). */
const ACCOUNT_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * Accounts with their memberships, as every sign-in reads them, kept in memory like Keycloak's user cache:
 * a sign-in then costs its password check and its session write, not another database round trip. Any
 * change made through this directory (password change, reset, rehash) or announced with `changed()` (the
 * admin pages, registration) empties the cache on every instance through PubSub. Unknown accounts are not
 * remembered, so an account registered a moment ago signs in at once.
 */
export const createAccountDirectory = (repo: AccountsRepo, pubsub: PubSub) => {
  const entries = new Map<string, { account: LoginAccount; expiresAt: number }>();
  // A read that started before a change must not store what it read after the change emptied the cache.
  let generation = 0;

  const forget = () => {
    generation++;
    entries.clear();
  };

  const cached = async (key: string, load: () => Promise<LoginAccount | undefined>) => {
    const hit = entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.account;
    const startedAt = generation;
    const account = await load();
    if (account && startedAt === generation) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { account, expiresAt: Date.now() + ACCOUNT_TTL_MS });
    }
    return account;
  };

  const changed = async (): Promise<void> => {
    forget();
    await pubsub.publish(ACCOUNTS_CHANGED_CHANNEL, 'changed');
  };

  return {
    findByUsername: (username: string) => cached(`u:${username}`, () => repo.findByUsername(username)),
    findByMobile: (mobile: string) => cached(`m:${mobile}`, () => repo.findByMobile(mobile)),
    findById: (id: string) => cached(`i:${id}`, () => repo.findById(id)),

    setPasswordHash: async (accountId: string, passwordHash: string, changedByUser: boolean) => {
      await repo.setPasswordHash(accountId, passwordHash, changedByUser);
      await changed();
    },

    /** To be called after accounts, memberships or tenants change elsewhere (admin pages, registration). */
    changed,

    listenForChanges: () => pubsub.subscribe(ACCOUNTS_CHANGED_CHANNEL, forget),
  };
};

export type AccountDirectory = ReturnType<typeof createAccountDirectory>;
