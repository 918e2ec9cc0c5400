import {
  type MenuItemNode,
  type SaveRoleMenusBody,
  type SaveUserRolesBody,
  tenantAdminPagesOf,
} from '@uniwim/contracts';
import { TtlCache } from '../../platform/cache/ttl-cache';
import { AppError } from '../../platform/errors';
import type { PubSub } from '../../platform/pubsub/pubsub';
import type { AccessService } from '../access/service';
import type { ActiveSession } from '../sessions/repo';
import { tenantRefusal } from '../tenants/admission';
import type { TenantRecord } from '../tenants/repo';
import { keepPagesAndTheirGroups, withoutTenantPages } from './console-pages';
import { type PreparedAnswer, prepareAnswer } from './prepared-answer';
import type { MenusRepo, MenuVersions } from './repo';
import { buildAdminMenuTree, buildMenuTree, indexTree } from './tree';
import { VersionedCache } from './versioned-cache';

export const MENUS_CHANGED_CHANNEL = 'menus-changed';
/**
 * Only heals a lost change message: changes themselves reach every instance at once. An expired tree
 * is rebuilt only when the counters moved (VersionedCache).
 */
const TREE_TTL_MS = 60_000;
/**
 * A user's roles are read on every cache lookup. Every grant change drops this on every instance at
 * once (announced by the writer: the admin framework does it for every write the grant triggers flag,
 * platform/admin/grant-changes.ts); the time only heals a lost message.
 */
const ROLE_SET_TTL_MS = 5_000;

/** A tree ready to serve: its nodes (for subtrees) and the whole answer, serialised once. */
export interface CachedTree {
  versions: MenuVersions;
  byId: Map<string, MenuItemNode>;
  answer: PreparedAnswer;
  /** getMenuTreeByPid answers, prepared on first request. */
  subtrees: Map<string, Promise<PreparedAnswer>>;
}

type ChangeMessage =
  | { scope: 'catalogue'; version: number }
  | { scope: 'tenant'; tenantId: string; version: number }
  /** Grants changed by the platform (no one tenant): every role set is read again. */
  | { scope: 'members' };

const parseChange = (text: string): ChangeMessage | null => {
  try {
    const message = JSON.parse(text) as Partial<ChangeMessage> & { tenantId?: unknown; version?: unknown };
    if (message.scope === 'members') return { scope: 'members' };
    if (typeof message.version !== 'number') return null;
    if (message.scope === 'catalogue') return { scope: 'catalogue', version: message.version };
    if (message.scope === 'tenant' && typeof message.tenantId === 'string') {
      return { scope: 'tenant', tenantId: message.tenantId, version: message.version };
    }
    return null;
  } catch {
    return null;
  }
};

const cachedTree = async (versions: MenuVersions, nodes: MenuItemNode[]): Promise<CachedTree> => ({
  versions,
  byId: indexTree(nodes),
  answer: await prepareAnswer(nodes),
  subtrees: new Map(),
});

/** The page's tenant shows its public items while it admits (a found tenant is not in the recycle bin). */
const isOpen = (tenant: TenantRecord): boolean =>
  tenantRefusal({ status: tenant.status, expiresAt: tenant.expiresAt, deletedAt: null }) === null;

const unique = (ids: string[]): string[] => [...new Set(ids)];

export interface MenuTreeDeps {
  repo: MenusRepo;
  pubsub: PubSub;
  access: AccessService;
  /** The platform codes an operator's roles grant (none for everyone else). */
  operatorCodes(accountId: string): Promise<string[]>;
  /** The tenant codes a member's active roles grant in the tenant, read on every call. */
  tenantCodes(tenantId: string, accountId: string): Promise<string[]>;
  /** Other caches of what members hold (the current user's answer), dropped with the role sets. */
  onGrantsChanged?(): void;
}

/**
 * The shell's menu trees. A tree is built with one query per cache miss and kept, serialised and
 * compressed, per (tenant, role set) under the menu version counters it was read with.
 */
export const createMenuTreeService = ({
  repo,
  pubsub,
  access,
  operatorCodes,
  tenantCodes,
  onGrantsChanged,
}: MenuTreeDeps) => {
  const trees = new VersionedCache<CachedTree>(TREE_TTL_MS, {
    currentVersions: (tenantId) => repo.versions(tenantId),
  });
  const roleSets = new TtlCache<string[]>(ROLE_SET_TTL_MS);
  let emptyTree: Promise<CachedTree> | undefined;
  const empty = () => {
    emptyTree ??= cachedTree({ catalogue: 0, tenant: 0 }, []);
    return emptyTree;
  };

  const roleIdsOf = (tenantId: string, accountId: string) =>
    roleSets.getOrLoad(`${tenantId}|${accountId}`, () => repo.roleIdsOf(tenantId, accountId));

  const tenantTree = (kind: 'user' | 'merged', tenantId: string, roleIds: string[]) =>
    trees.get(`${kind}|${tenantId}|${JSON.stringify(roleIds)}`, tenantId, async () => {
      const { versions, rows } = await repo.treeRows({
        tenantId,
        roleIds,
        includePublic: kind === 'merged',
      });
      return cachedTree(versions, buildMenuTree(rows));
    });

  const userTree = async (session: ActiveSession): Promise<CachedTree> => {
    if (!session.tenantId) return empty(); // the platform scope has no empowered applications
    return tenantTree('user', session.tenantId, await roleIdsOf(session.tenantId, session.accountId));
  };

  const forgetRoleSets = () => {
    roleSets.clear();
    onGrantsChanged?.();
  };

  /** Learns a change here at once, then tells the other instances. */
  const announceTenantChange = async (tenantId: string, version: number) => {
    trees.learn(tenantId, { tenant: version });
    forgetRoleSets();
    await pubsub.publish(MENUS_CHANGED_CHANNEL, JSON.stringify({ scope: 'tenant', tenantId, version }));
  };

  return {
    /** GET /ump/menu/userMenuTree: items of empowered applications granted to the user's roles. */
    userTree,

    /**
     * GET /ump/menu/mergeUserMenuTree: the user's tree merged with the active tenant's public items;
     * without a session, the public items of the page's tenant (none without one, or when it is closed).
     */
    mergedTree: async (
      session: ActiveSession | null,
      pageTenant: TenantRecord | null,
    ): Promise<CachedTree> => {
      if (session) {
        if (!session.tenantId) return empty();
        return tenantTree('merged', session.tenantId, await roleIdsOf(session.tenantId, session.accountId));
      }
      if (!pageTenant || !isOpen(pageTenant)) return empty();
      return tenantTree('merged', pageTenant.id, []);
    },

    /** GET /ump/menu/getMenuTreeByPid: the children of one item of the user's tree. */
    subtree: async (session: ActiveSession, pid: string): Promise<PreparedAnswer> => {
      const tree = await userTree(session);
      const parent = tree.byId.get(pid);
      if (!parent) throw new AppError('MENU_NOT_FOUND');
      let answer = tree.subtrees.get(pid);
      if (!answer) {
        answer = prepareAnswer(parent.children);
        tree.subtrees.set(pid, answer);
      }
      return answer;
    },

    /**
     * GET /ump/adminMenu/adminMenuTree: platform admins see every item (outside a tenant, all but the
     * pages of one tenant's data), tenant admins all but platform-only.
     */
    adminTree: async (session: ActiveSession): Promise<CachedTree> => {
      const platformAdmin = await access.isPlatformAdmin(session);
      if (!platformAdmin && session.tenantId === null) {
        // A platform operator: the platform pages their roles' codes show, read per request.
        const codes = (await operatorCodes(session.accountId)).sort();
        if (codes.length === 0) throw new AppError('FORBIDDEN', '仅管理员可以访问管理菜单');
        return trees.get(`admin|operator|${codes.join(',')}`, null, async () => {
          const { versions, rows } = await repo.adminTreeRows(true, codes);
          return cachedTree(versions, buildAdminMenuTree(rows));
        });
      }
      if (!platformAdmin && !(await access.isAdminOfActiveTenant(session))) {
        // A member whose roles grant tenant codes: the console pages those codes open (role page),
        // read per request so a grant change counts on the next one.
        const pages = tenantAdminPagesOf(await tenantCodes(session.tenantId!, session.accountId));
        if (pages.length === 0) throw new AppError('FORBIDDEN', '仅管理员可以访问管理菜单');
        return trees.get(`admin|tenant-pages|${pages.join(',')}`, null, async () => {
          const { versions, rows } = await repo.adminTreeRows(false);
          return cachedTree(versions, buildAdminMenuTree(keepPagesAndTheirGroups(rows, pages)));
        });
      }
      if (platformAdmin && session.tenantId === null) {
        // Outside any tenant: the platform's pages; a tenant's are offered once one is chosen.
        return trees.get('admin|platform-outside-tenants', null, async () => {
          const { versions, rows } = await repo.adminTreeRows(true);
          return cachedTree(versions, buildAdminMenuTree(withoutTenantPages(rows)));
        });
      }
      return trees.get(`admin|${platformAdmin ? 'platform' : 'tenant'}`, null, async () => {
        const { versions, rows } = await repo.adminTreeRows(platformAdmin);
        return cachedTree(versions, buildAdminMenuTree(rows));
      });
    },

    /** GET /ump/menu/buttonPermissions: the button codes the user's active roles grant. */
    buttonPermissions: async (
      session: ActiveSession,
      applicationId: string | undefined,
    ): Promise<string[]> => {
      if (!session.tenantId) return [];
      const roleIds = await roleIdsOf(session.tenantId, session.accountId);
      return roleIds.length === 0
        ? []
        : repo.buttonPermissions(session.tenantId, roleIds, applicationId ?? null);
    },

    /** POST /ump/role/saveMenus (admins of the active tenant). */
    saveRoleMenus: async (session: ActiveSession, body: SaveRoleMenusBody) => {
      const tenantId = await access.assertTenantAdmin(session);
      const menuIds = unique(body.menuIds);
      const version = await repo.replaceRoleMenus(tenantId, body.roleId, menuIds);
      await announceTenantChange(tenantId, version);
      return { roleId: body.roleId, menuIds };
    },

    /** POST /ump/user/saveRoles (admins of the active tenant). */
    saveUserRoles: async (session: ActiveSession, body: SaveUserRolesBody) => {
      const tenantId = await access.assertTenantAdmin(session);
      const roleIds = unique(body.roleIds);
      const version = await repo.replaceMemberRoles(tenantId, body.userId, roleIds);
      await announceTenantChange(tenantId, version);
      return { userId: body.userId, roleIds };
    },

    /**
     * For writers of applications, menu items or empowerment outside this module: the triggers have
     * bumped the counters; this makes every instance notice at once instead of within TREE_TTL_MS.
     */
    /**
     * A committed write changed grants (members' roles, role grants or codes, memberships): in a
     * tenant, its trees' counters are learnt and its members' role sets read again, everywhere; in
     * the platform scope (no one tenant), every role set is read again, everywhere.
     */
    grantsChanged: async (tenantId: string | null) => {
      if (tenantId) {
        await announceTenantChange(tenantId, (await repo.versions(tenantId)).tenant);
        return;
      }
      forgetRoleSets();
      await pubsub.publish(MENUS_CHANGED_CHANNEL, JSON.stringify({ scope: 'members' }));
    },

    announceChange: async (tenantId: string | null) => {
      const versions = await repo.versions(tenantId);
      if (tenantId) await announceTenantChange(tenantId, versions.tenant);
      trees.learn(null, { catalogue: versions.catalogue });
      await pubsub.publish(
        MENUS_CHANGED_CHANNEL,
        JSON.stringify({ scope: 'catalogue', version: versions.catalogue }),
      );
    },

    /** Subscribes this instance to changes made anywhere; returns the unsubscribe function. */
    listenForChanges: () =>
      pubsub.subscribe(MENUS_CHANGED_CHANNEL, (text) => {
        const change = parseChange(text);
        if (!change) return;
        if (change.scope === 'catalogue') trees.learn(null, { catalogue: change.version });
        else if (change.scope === 'members') forgetRoleSets();
        else {
          trees.learn(change.tenantId, { tenant: change.version });
          forgetRoleSets();
        }
      }),
  };
};

export type MenuTreeService = ReturnType<typeof createMenuTreeService>;
