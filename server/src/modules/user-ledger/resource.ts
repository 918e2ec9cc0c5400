import { platformUserLedgerResource, type UserLedgerRow, userLedgerResource } from '@uniwim/contracts';
import { resolveViewerScope } from '../../platform/admin/data-scope';
import type { ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { ledgerRowOf } from './ledger-row';
import { type LedgerReach, userLedgerSql } from './ledger-sql';

export interface UserLedgerDeps {
  /** The accounts locked right now, lower-cased (the lock-out service). */
  lockedUsernames(): Promise<string[]>;
}

/**
 * The user register, read-only: the tenant's (every member the viewer's data scope shows) and the
 * platform's (every tenant's members, ids `<tenantId>/<accountId>`).
 */
const ledgerStore = (deps: UserLedgerDeps, platform: boolean): ResourceStore<UserLedgerRow> => {
  const declaration = platform ? platformUserLedgerResource : userLedgerResource;
  const reachOf = async (
    tx: Parameters<ResourceStore['get']>[0],
    ctx: Parameters<ResourceStore['get']>[2],
  ) => {
    const lockedUsernames = await deps.lockedUsernames();
    if (platform) return { tenantId: null, scope: null, lockedUsernames } satisfies LedgerReach;
    const tenantId = ctx.operator.tenantId!;
    return {
      tenantId,
      scope: await resolveViewerScope(tx, ctx.operator),
      lockedUsernames,
    } satisfies LedgerReach;
  };
  const rowOptions = (reach: LedgerReach) => ({
    now: Date.now(),
    locked: new Set(reach.lockedUsernames),
    platformIds: platform,
  });
  return {
    label: (row) => `${row.name}（${row.username}）`,
    list: async (tx, query, ctx) => {
      const reach = await reachOf(tx, ctx);
      const { items, total } = await userLedgerSql.list(tx, declaration, query, reach);
      const options = rowOptions(reach);
      return { items: items.map((row) => ledgerRowOf(row, options)), total };
    },
    get: async (tx, id, ctx) => {
      const reach = await reachOf(tx, ctx);
      const [tenantId, accountId] = platform ? id.split('/', 2) : [reach.tenantId!, id];
      if (!tenantId || !accountId) return undefined;
      const row = await userLedgerSql.get(tx, tenantId, accountId, reach);
      return row ? ledgerRowOf(row, rowOptions(reach)) : undefined;
    },
  };
};

export const userLedgerAdminResources = (deps: UserLedgerDeps): ResourceDefinition[] => [
  {
    declaration: userLedgerResource,
    store: ledgerStore(deps, false) as unknown as ResourceDefinition['store'],
  },
  {
    declaration: platformUserLedgerResource,
    store: ledgerStore(deps, true) as unknown as ResourceDefinition['store'],
  },
];
