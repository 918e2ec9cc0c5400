import {
  ErrorCodes,
  type LoginLogRow,
  loginLogsResource,
  platformLoginLogsResource,
} from '@uniwim/contracts';
import type { ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { AppError } from '../../platform/errors';
import { regionLabel } from '../client-info/client-info';
import { assertMayReachPlatformAccount } from '../platform-users/delegation';
import { assertMayReach } from '../roles/delegation';
import { assertTenantOwnsAccount } from '../tenant-users/account-ownership';
import type { LoginFlag } from './flags';
import { type LoginLogReach, type LoginLogSelect, loginLogSql } from './list-sql';

export interface LoginLogResourceDeps {
  /** The accounts locked right now, lower-cased (the lock-out service). */
  lockedUsernames(): Promise<string[]>;
  unlock(username: string): Promise<boolean>;
}

/** A failure's reason in words: the message of its error code, or the code itself. */
const reasonOf = (code: string | null): string | null =>
  code === null
    ? null
    : ((ErrorCodes as Record<string, { message: string } | undefined>)[code]?.message ?? code);

export const loginLogRowOf = (row: LoginLogSelect, locked: ReadonlySet<string>): LoginLogRow => ({
  ...row,
  reason: reasonOf(row.errorCode),
  region: regionLabel(row) || null,
  flags: (row.flags ?? []) as LoginFlag[],
  flagged: (row.flags ?? []).length > 0,
  locked: locked.has(row.username.trim().toLowerCase()),
  createdAt: row.createdAt.toISOString(),
  // Log rows never change; the framework's rows all carry a version.
  version: 0,
});

/**
 * The login log, read-only: the tenant's rows (`/ump/admin/login-logs`, row-level security and an
 * explicit tenant condition) or every row (`/dmp/admin/login-logs`). Its one action unlocks the
 * account of a row that is locked out right now.
 */
const loginLogStore = (deps: LoginLogResourceDeps, platform: boolean): ResourceStore<LoginLogRow> => {
  const declaration = platform ? platformLoginLogsResource : loginLogsResource;
  const reachOf = (ctx: Parameters<ResourceStore['get']>[2]): LoginLogReach =>
    platform ? { tenantId: null } : { tenantId: ctx.operator.tenantId! };
  const lockedSet = async () => new Set(await deps.lockedUsernames());
  return {
    label: (row) => `${row.username} ${row.createdAt}`,
    list: async (tx, query, ctx) => {
      const [page, locked] = await Promise.all([
        loginLogSql.list(tx, declaration as typeof loginLogsResource, query, reachOf(ctx)),
        lockedSet(),
      ]);
      return { ...page, items: page.items.map((row) => loginLogRowOf(row, locked)) };
    },
    get: async (tx, id, ctx) => {
      const row = await loginLogSql.get(tx, id, reachOf(ctx));
      return row ? loginLogRowOf(row, await lockedSet()) : undefined;
    },
    actions: {
      unlock: async (tx, row, _body, ctx) => {
        if (!row.accountId) throw new AppError('LOGIN_LOG_NO_ACCOUNT');
        // The lock-out is the account's on every sign-in page: only its owner lifts it, and nobody
        // lifts it for an account stronger than themselves (issue 24).
        if (platform) await assertMayReachPlatformAccount(tx, ctx, row.accountId);
        else {
          await assertMayReach(tx, ctx, [row.accountId]);
          await assertTenantOwnsAccount(tx, ctx, row.accountId);
        }
        const username = await loginLogSql.lockoutNameOf(tx, row.accountId, reachOf(ctx));
        if (!username) throw new AppError('LOGIN_LOG_NO_ACCOUNT');
        const locked = await lockedSet();
        if (!locked.has(username.toLowerCase()) && !row.locked) throw new AppError('LOGIN_LOG_NOT_LOCKED');
        ctx.afterCommit(() => deps.unlock(username));
        return { ...row, locked: false };
      },
    },
  };
};

export const loginLogAdminResources = (deps: LoginLogResourceDeps): ResourceDefinition[] => [
  {
    declaration: loginLogsResource,
    store: loginLogStore(deps, false) as unknown as ResourceDefinition['store'],
  },
  {
    declaration: platformLoginLogsResource,
    store: loginLogStore(deps, true) as unknown as ResourceDefinition['store'],
  },
];
